import { type KeyboardEvent, type PointerEvent, useRef } from 'react';

/** A horizontal swipe longer than this (px) turns the photo. */
const SWIPE = 40;

/**
 * How a row of photos turns: ← and → (on the element or anything focused inside it), and a horizontal swipe over the
 * photo; `turn` gets -1 or +1. `wasSwipe()` tells whether the click that ends a pointer gesture finished a swipe
 * (and forgets it), so that click does not also count as a tap.
 */
export function usePhotoTurning(count: number, turn: (step: -1 | 1) => void) {
  const start = useRef<number | null>(null);
  const swiped = useRef(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      turn(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  const swipe = {
    onPointerDown: (event: PointerEvent) => {
      start.current = event.clientX;
      swiped.current = false;
    },
    onPointerUp: (event: PointerEvent) => {
      if (start.current === null || count < 2) return;
      const dx = event.clientX - start.current;
      start.current = null;
      if (Math.abs(dx) > SWIPE) {
        swiped.current = true;
        turn(dx < 0 ? 1 : -1);
      }
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
  const wasSwipe = () => {
    const was = swiped.current;
    swiped.current = false;
    return was;
  };
  return { onKeyDown, swipe, wasSwipe };
}
