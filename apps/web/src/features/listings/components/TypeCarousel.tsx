import { PROPERTY_SUB_TYPES, type PropertySubType, type PropertyTypeCounts } from '@baan/contract';
import { type ReactNode, useEffect, useState } from 'react';
import {
  Briefcase,
  BriefcaseBusiness,
  Building,
  Building2,
  Castle,
  ChevronLeft,
  ChevronRight,
  Gem,
  Home,
  Hotel,
  Houses,
  LandPlot,
  Store,
  TreePalm,
} from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatNumber } from '../lib/format';

const icon = 'size-8';

/** How each sub type looks on its slide; a Record, so a sub type added to the one list cannot be left out. */
const LOOKS: Record<PropertySubType, { icon: ReactNode; tint: string }> = {
  condo: { icon: <Building2 className={icon} aria-hidden="true" />, tint: 'from-sky-100 to-sky-50 text-sky-800' },
  house: {
    icon: <Home className={icon} aria-hidden="true" />,
    tint: 'from-emerald-100 to-emerald-50 text-emerald-800',
  },
  townhouse: {
    icon: <Building className={icon} aria-hidden="true" />,
    tint: 'from-amber-100 to-amber-50 text-amber-800',
  },
  twinhouse: { icon: <Houses className={icon} aria-hidden="true" />, tint: 'from-rose-100 to-rose-50 text-rose-800' },
  land: { icon: <LandPlot className={icon} aria-hidden="true" />, tint: 'from-lime-100 to-lime-50 text-lime-800' },
  shophouse: {
    icon: <Store className={icon} aria-hidden="true" />,
    tint: 'from-violet-100 to-violet-50 text-violet-800',
  },
  villa: { icon: <Castle className={icon} aria-hidden="true" />, tint: 'from-pink-100 to-pink-50 text-pink-800' },
  apartment: { icon: <Hotel className={icon} aria-hidden="true" />, tint: 'from-cyan-100 to-cyan-50 text-cyan-800' },
  office: {
    icon: <Briefcase className={icon} aria-hidden="true" />,
    tint: 'from-slate-200 to-slate-50 text-slate-800',
  },
  bungalow: {
    icon: <TreePalm className={icon} aria-hidden="true" />,
    tint: 'from-green-100 to-green-50 text-green-800',
  },
  pent_villa: {
    icon: <Gem className={icon} aria-hidden="true" />,
    tint: 'from-fuchsia-100 to-fuchsia-50 text-fuchsia-800',
  },
  home_office: {
    icon: <BriefcaseBusiness className={icon} aria-hidden="true" />,
    tint: 'from-orange-100 to-orange-50 text-orange-800',
  },
};

/** Every sub type of the one list (ADR 024), in its order, with its count. */
const SLIDES: { type: PropertySubType; icon: ReactNode; tint: string }[] = PROPERTY_SUB_TYPES.map((type) => ({
  type,
  ...LOOKS[type],
}));

/** Spec section 9: 5 slides, 4 below 1280px, 3 below 1024px, 2 below 640px. */
export function slidesFor(width: number): number {
  if (width < 640) return 2;
  if (width < 1024) return 3;
  if (width < 1280) return 4;
  return 5;
}
const AUTOPLAY_MS = 2000;
const len = SLIDES.length;
const TRANSITION_MS = 500;

/** The widths of slidesFor in CSS (Tailwind's sm, lg and xl), so the server's HTML is laid out right at once. */
const PER_VIEW_CLASS = '[--per-view:2] sm:[--per-view:3] lg:[--per-view:4] xl:[--per-view:5]';

/**
 * Slides per view, for which slides are hidden from assistive technology: the widest layout's 5 on the server and in
 * the first render in the browser (the same HTML, no hydration mismatch), then the window's.
 */
function useSlidesPerView(): number {
  const [n, setN] = useState(5);
  useEffect(() => {
    const update = () => setN(slidesFor(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return n;
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const update = () => setReduced(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

/**
 * Property types with their real counts: infinite loop (three copies of the slides, re-centred
 * without animation after each move), autoplay every 2 s that pauses on hover, on focus and for
 * visitors who prefer reduced motion; arrows and dots.
 */
export function TypeCarousel({ counts }: { counts: PropertyTypeCounts | undefined }) {
  const { t } = useTranslation('listings');
  const perView = useSlidesPerView();
  const reducedMotion = usePrefersReducedMotion();
  const [pos, setPos] = useState(len);
  const [isAnimated, setIsAnimated] = useState(true);
  const [isHovered, setIsHovered] = useState(false);
  const [isFocused, setIsFocused] = useState(false);
  const isPaused = isHovered || isFocused || reducedMotion;

  useEffect(() => {
    if (isPaused) return;
    const timer = window.setInterval(() => {
      setIsAnimated(true);
      setPos((p) => p + 1);
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [isPaused]);

  // Back to the middle copy once a move ends, invisibly.
  useEffect(() => {
    if (pos >= len && pos < 2 * len) return;
    const timer = window.setTimeout(
      () => {
        setIsAnimated(false);
        setPos((p) => (p >= 2 * len ? p - len : p < len ? p + len : p));
      },
      reducedMotion ? 0 : TRANSITION_MS,
    );
    return () => window.clearTimeout(timer);
  }, [pos, reducedMotion]);

  const move = (delta: number) => {
    setIsAnimated(true);
    setPos((p) => p + delta);
  };
  const active = ((pos % len) + len) % len;
  const track = [...SLIDES, ...SLIDES, ...SLIDES];

  return (
    <section
      aria-roledescription={t('home.carousel')}
      aria-label={t('home.typesHeading')}
      className="relative"
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={() => setIsFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsFocused(false);
      }}
    >
      <div className="overflow-hidden px-1 py-2">
        <ul
          className={`flex ${PER_VIEW_CLASS}`}
          style={{
            transform: `translateX(calc(-${pos * 100}% / var(--per-view)))`,
            transition: isAnimated && !reducedMotion ? `transform ${TRANSITION_MS}ms ease` : 'none',
          }}
        >
          {track.map((slide, i) => {
            const isVisible = i >= pos && i < pos + perView;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: the copies of a slide differ only by position.
                key={i}
                className="shrink-0 px-2"
                style={{ width: 'calc(100% / var(--per-view))' }}
                aria-hidden={!isVisible}
                inert={!isVisible}
              >
                <Link
                  to={`/Quick?sub_type=${slide.type}`}
                  className={`flex h-full flex-col items-center gap-3 rounded-2xl bg-gradient-to-b p-6 text-center shadow-sm ring-1 ring-slate-200 transition-transform hover:-translate-y-0.5 ${slide.tint}`}
                >
                  {slide.icon}
                  <span className="text-base font-semibold text-slate-900">{t(`subTypes.${slide.type}`)}</span>
                  <span className="text-sm text-slate-700">
                    {counts
                      ? t('home.typeCount', {
                          count: counts[slide.type] ?? 0,
                          total: formatNumber(counts[slide.type] ?? 0),
                        })
                      : '\u00a0'}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
      <button
        type="button"
        onClick={() => move(-1)}
        aria-label={t('home.previousSlide')}
        className="absolute top-1/2 -left-3 -translate-y-1/2 rounded-full bg-white p-2 text-slate-800 shadow ring-1 ring-slate-200 hover:bg-slate-50"
      >
        <ChevronLeft className="size-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => move(1)}
        aria-label={t('home.nextSlide')}
        className="absolute top-1/2 -right-3 -translate-y-1/2 rounded-full bg-white p-2 text-slate-800 shadow ring-1 ring-slate-200 hover:bg-slate-50"
      >
        <ChevronRight className="size-5" aria-hidden="true" />
      </button>
      <div className="mt-4 flex justify-center gap-1">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.type}
            type="button"
            onClick={() => {
              setIsAnimated(true);
              setPos(len + i);
            }}
            aria-label={t('home.goToSlide', { n: i + 1 })}
            aria-current={i === active ? 'true' : undefined}
            className="flex size-6 items-center justify-center"
          >
            <span
              className={`block h-2 rounded-full transition-all ${i === active ? 'w-6 bg-teal-700' : 'w-2 bg-slate-300'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
