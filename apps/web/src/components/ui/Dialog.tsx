import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';

// Links are `a[href]`, not any `[href]`: an icon's `<use href>` (components/ui/icons.tsx) is never focusable.
const FOCUSABLE =
  'button:not([disabled]), a[href], area[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  /** The id of the element holding the dialog's title (its accessible name). */
  titleId: string;
  descriptionId?: string;
  /** Escape (and nothing else) is ignored while the dialog is busy. */
  isBusy?: boolean;
  onClose: () => void;
  /** Where focus goes first; by default the first field, else the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  backdropClassName?: string;
  className: string;
  /** Any other key pressed inside (a photo viewer's arrows); Escape and Tab are the dialog's own. */
  onOtherKey?: (event: KeyboardEvent<HTMLDivElement>) => void;
  children: ReactNode;
}

/**
 * The modal dialog primitive: a dimmed backdrop, focus moves in, Tab stays inside, Escape closes, and focus returns
 * to whatever had it before (the caller moves it elsewhere if that element is gone).
 */
export function Dialog({
  titleId,
  descriptionId,
  isBusy,
  onClose,
  initialFocusRef,
  backdropClassName = 'p-4',
  className,
  onOtherKey,
  children,
}: DialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves in once, when the dialog opens.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const initial =
      initialFocusRef?.current ??
      dialog?.querySelector<HTMLElement>('input, textarea, select') ??
      dialog?.querySelector<HTMLElement>(FOCUSABLE);
    initial?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!isBusy) onClose();
      return;
    }
    if (event.key !== 'Tab') {
      onOtherKey?.(event);
      return;
    }
    if (!dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={`fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 ${backdropClassName}`}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onKeyDown={onKeyDown}
        className={className}
      >
        {children}
      </div>
    </div>
  );
}
