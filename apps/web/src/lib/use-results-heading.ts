import { useCallback, useRef } from 'react';

/**
 * The heading above a list of results. `bringIntoView` puts it at the top of the window (below the fixed header:
 * the heading carries a scroll margin) and moves keyboard focus to it, so after paging or "show more" both the
 * eye and a screen reader start at the results, not at the top of the banner.
 */
export function useResultsHeading<T extends HTMLElement = HTMLHeadingElement>() {
  const ref = useRef<T>(null);
  const bringIntoView = useCallback(() => {
    const heading = ref.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: 'start' });
  }, []);
  return { ref, bringIntoView };
}

/** Classes for a results heading: focusable from script only, and clear of the 105 px fixed header when scrolled to. */
export const RESULTS_HEADING_CLASS = 'scroll-mt-[121px] focus:outline-none';
