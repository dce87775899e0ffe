import { useEffect, useState } from 'react';

/** Spec section 9: 6 cards per page, 4 when the window is narrower than 1250 px. */
export const WIDE_PAGE_SIZE = 6;
export const NARROW_PAGE_SIZE = 4;
export const NARROW_BELOW_PX = 1250;

export const pageSizeFor = (width: number) => (width < NARROW_BELOW_PX ? NARROW_PAGE_SIZE : WIDE_PAGE_SIZE);

/** The page size for the current window; `onResize` runs on every resize (the screen returns to page 1). */
export function usePageSize(onResize: () => void): number {
  const [pageSize, setPageSize] = useState(() => pageSizeFor(window.innerWidth));
  useEffect(() => {
    const handle = () => {
      setPageSize(pageSizeFor(window.innerWidth));
      onResize();
    };
    window.addEventListener('resize', handle);
    return () => window.removeEventListener('resize', handle);
  }, [onResize]);
  return pageSize;
}
