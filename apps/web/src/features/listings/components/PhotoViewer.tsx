import type { PropertyImage as Image } from '@baan/contract';
import { useEffect, useId, useRef } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { ChevronLeft, ChevronRight, X } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { usePhotoTurning } from '../lib/use-photo-turning';
import { PropertyImage } from './PropertyImage';

type Props = {
  images: Image[];
  title: string;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
};

/**
 * A listing's photos full screen: one photo as large as the screen allows, arrows (and ← → keys, and swipes) to turn,
 * Escape or the close button to leave. A modal dialog: focus moves in, stays in, and returns to the photo that opened
 * it; the page behind does not scroll.
 */
export function PhotoViewer({ images, title, index, onIndex, onClose }: Props) {
  const { t } = useTranslation('listings');
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const count = images.length;
  const go = (next: number) => onIndex(((next % count) + count) % count);
  const { onKeyDown, swipe } = usePhotoTurning(count, (step) => go(index + step));

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const arrow =
    'absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-white/90 p-3 text-slate-900 shadow hover:bg-white focus-visible:outline-3 focus-visible:outline-teal-400';
  return (
    <Dialog
      titleId={titleId}
      onClose={onClose}
      initialFocusRef={closeRef}
      backdropClassName="p-0"
      className="relative flex h-full w-full flex-col bg-slate-950 text-white"
      // Arrow keys work wherever focus is inside; Escape is the dialog's.
      onOtherKey={onKeyDown}
    >
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <h2 id={titleId} className="min-w-0 truncate text-sm font-semibold sm:text-base">
            {t('detail.photos', { title })}
          </h2>
          <div className="flex shrink-0 items-center gap-3">
            <p className="text-sm text-slate-200" aria-live="polite">
              {t('detail.viewerCount', { n: index + 1, count })}
            </p>
            <button
              ref={closeRef}
              type="button"
              onClick={onClose}
              aria-label={t('detail.closeViewer')}
              className="rounded-full bg-white/10 p-2 hover:bg-white/20 focus-visible:outline-3 focus-visible:outline-teal-400"
            >
              <X className="size-6" aria-hidden="true" />
            </button>
          </div>
        </div>
        <div className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center select-none" {...swipe}>
          <PropertyImage
            key={images[index]?.id ?? 'none'}
            image={images[index]}
            alt={t('detail.photoOf', { n: index + 1, count, title })}
            sizes="100vw"
            className="max-h-full max-w-full object-contain"
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
                <ChevronLeft className="size-6" aria-hidden="true" />
              </button>
              <button
                type="button"
                className={`${arrow} right-3`}
                onClick={() => go(index + 1)}
                aria-label={t('detail.nextPhoto')}
              >
                <ChevronRight className="size-6" aria-hidden="true" />
              </button>
            </>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
