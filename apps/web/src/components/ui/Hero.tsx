import { type ReactNode, useId } from 'react';
import { useLocation } from 'react-router';
import { unprefixedPath } from '../../i18n/localized-router';
import { CheckCircle2 } from './icons';

interface HeroProps {
  title: string;
  /** Items separated by `|`; each becomes its own line. */
  description?: string;
  /**
   * `full` fills the screen (min 600px); `compact` is 70% of the viewport (min 400px); `band` is a short strip for
   * result pages, so the first result shows in the first screen (docs/decisions/013-result-pages.md).
   * Defaults by route: full on `/`, compact elsewhere.
   */
  size?: 'full' | 'compact' | 'band';
  children?: ReactNode;
}

const SHAPES = {
  full: 'min-h-[max(100svh,600px)] pt-28 pb-24',
  compact: 'min-h-[max(70vh,400px)] py-16',
  band: 'py-6 sm:py-8',
} as const;

export function splitDescription(description: string | undefined): string[] {
  return (description ?? '')
    .split('|')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function Hero({ title, description, size, children }: HeroProps) {
  const { pathname } = useLocation();
  const headingId = useId();
  const shape = size ?? (unprefixedPath(pathname) === '/' ? 'full' : 'compact');
  const isBand = shape === 'band';
  const items = splitDescription(description);

  return (
    <section
      aria-labelledby={headingId}
      className={`hero-backdrop relative isolate flex items-center overflow-hidden text-white ${SHAPES[shape]}`}
    >
      <Skyline />
      <div className="relative mx-auto w-full max-w-7xl px-4 sm:px-6">
        <div className="max-w-3xl">
          <h1
            id={headingId}
            className={`font-bold tracking-tight text-balance ${isBand ? 'text-3xl sm:text-4xl' : 'text-4xl sm:text-5xl lg:text-6xl'}`}
          >
            {title}
          </h1>
          {items.length > 0 ? (
            <ul
              className={`text-teal-50 ${isBand ? 'mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm sm:text-base' : 'mt-6 space-y-3 text-base sm:text-lg'}`}
            >
              {items.map((item) => (
                <li key={item} className={`flex items-start ${isBand ? 'gap-2' : 'gap-3'}`}>
                  <CheckCircle2
                    className={`shrink-0 text-teal-300 ${isBand ? 'mt-0.5 size-4' : 'mt-1 size-5'}`}
                    aria-hidden="true"
                  />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
      </div>
    </section>
  );
}

/** A quiet city silhouette drawn in SVG, so the banner needs no image download. */
function Skyline() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className="pointer-events-none absolute inset-x-0 bottom-0 -z-10 h-48 w-full text-white/[0.07] sm:h-64"
      viewBox="0 0 1200 240"
      preserveAspectRatio="xMidYMax slice"
      fill="currentColor"
    >
      <path d="M0 240V150h60v-40h50v40h30V90h70v150h20V60h80v180h30v-90h60v90h20V30l50-30 50 30v210h30V120h70v120h20V80h90v160h30v-60h50v60h20V100h60V70h40v170h40v-90h60v90h40V130h80v110z" />
    </svg>
  );
}
