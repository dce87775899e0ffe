import type { PropertyImage as Image } from '@baan/contract';
import { lazy, Suspense, useState } from 'react';
import { ChevronLeft, ChevronRight, Expand } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { DETAIL_PHOTO_SIZES } from '../lib/listing-json-ld';
import { usePhotoTurning } from '../lib/use-photo-turning';
import { PropertyImage } from './PropertyImage';

// Its own chunk: most visits never open it.
const PhotoViewer = lazy(async () => ({ default: (await import('./PhotoViewer')).PhotoViewer }));

/**
 * Detail photos: one large, thumbnails below; prev/next wrap around; arrow keys and swipes turn it. A tap (or Enter)
 * on the photo opens it full screen (PhotoViewer), at the same photo; closing keeps the photo reached there.
 */
export function ImageCarousel({ images, title }: { images: Image[]; title: string }) {
  const { t } = useTranslation('listings');
  const [index, setIndex] = useState(0);
  const [isViewing, setIsViewing] = useState(false);
  const count = images.length;
  const current = images[Math.min(index, Math.max(0, count - 1))];
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const { onKeyDown, swipe, wasSwipe } = usePhotoTurning(count, (step) => go(index + step));
  const openViewer = () => {
    if (!wasSwipe() && count > 0) setIsViewing(true);
  };

  const arrow =
    'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-900 shadow hover:bg-white focus-visible:bg-white';
  return (
    <>
      {/* Arrow keys work while focus is on any of its buttons (they bubble here). */}
      <section
        aria-roledescription={t('detail.carousel')}
        aria-label={t('detail.photos', { title })}
        onKeyDown={onKeyDown}
        className="space-y-3"
      >
        <div
          className="relative aspect-[3/2] touch-pan-y overflow-hidden rounded-2xl bg-slate-100 select-none"
          {...swipe}
        >
          {count > 0 ? (
            <button
              type="button"
              onClick={openViewer}
              aria-haspopup="dialog"
              aria-label={t('detail.openViewer', { n: index + 1, count })}
              className="group block h-full w-full cursor-zoom-in focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-teal-600"
            >
              <PropertyImage
                key={current?.id ?? 'none'}
                image={current}
                alt={t('detail.photoOf', { n: index + 1, count, title })}
                sizes={DETAIL_PHOTO_SIZES}
                className="h-full w-full object-cover"
                isEager
              />
              <span
                aria-hidden="true"
                className="absolute top-3 right-3 rounded-full bg-slate-900/70 p-2 text-white opacity-90 group-hover:opacity-100"
              >
                <Expand className="size-4" />
              </span>
            </button>
          ) : (
            <PropertyImage
              image={undefined}
              alt={t('detail.photoOf', { n: 1, count: 1, title })}
              sizes={DETAIL_PHOTO_SIZES}
              className="h-full w-full object-cover"
              isEager
            />
          )}
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
      {/* Beside the carousel, not in it: the viewer's own arrow keys must not bubble into the carousel's. */}
      {isViewing ? (
        <Suspense fallback={null}>
          <PhotoViewer images={images} title={title} index={index} onIndex={go} onClose={() => setIsViewing(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
