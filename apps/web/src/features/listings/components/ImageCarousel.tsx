import type { PropertyImage as Image } from '@baan/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DETAIL_PHOTO_SIZES } from '../lib/listing-json-ld';
import { PropertyImage } from './PropertyImage';

/** A horizontal swipe longer than this (px) turns the photo. */
const SWIPE = 40;

/** Detail photos: one large, thumbnails below; prev/next wrap around; arrow keys and swipes turn it. */
export function ImageCarousel({ images, title }: { images: Image[]; title: string }) {
  const { t } = useTranslation('listings');
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const count = images.length;
  const current = images[Math.min(index, Math.max(0, count - 1))];
  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null || count < 2) return;
    const dx = event.clientX - start.current;
    start.current = null;
    if (Math.abs(dx) > SWIPE) go(dx < 0 ? index + 1 : index - 1);
  };

  const arrow =
    'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-900 shadow hover:bg-white focus-visible:bg-white';
  return (
    // Arrow keys work while focus is on any of its buttons (they bubble here).
    <section
      aria-roledescription={t('detail.carousel')}
      aria-label={t('detail.photos', { title })}
      onKeyDown={onKeyDown}
      className="space-y-3"
    >
      <div
        className="relative aspect-[3/2] touch-pan-y overflow-hidden rounded-2xl bg-slate-100 select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        <PropertyImage
          key={current?.id ?? 'none'}
          image={current}
          alt={t('detail.photoOf', { n: Math.min(index + 1, Math.max(count, 1)), count: Math.max(count, 1), title })}
          sizes={DETAIL_PHOTO_SIZES}
          className="h-full w-full object-cover"
          isEager
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              className={`${arrow} left-3`}
              onClick={() => go(index - 1)}
              aria-label={t('detail.previousPhoto')}
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={`${arrow} right-3`}
              onClick={() => go(index + 1)}
              aria-label={t('detail.nextPhoto')}
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
            <p
              className="absolute right-3 bottom-3 rounded-md bg-slate-900/75 px-2 py-1 text-xs font-semibold text-white"
              aria-live="polite"
            >
              {index + 1} / {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t('detail.thumbnails')}>
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={t('detail.showPhoto', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                className={`block overflow-hidden rounded-lg border-2 ${i === index ? 'border-teal-600' : 'border-transparent opacity-75 hover:opacity-100'}`}
              >
                <PropertyImage image={image} alt="" sizes="96px" className="h-16 w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
