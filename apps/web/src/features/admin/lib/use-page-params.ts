import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A paged admin list keeps its search and page in the address, so reload, back and links (the audit log links to a
 * user by `?q=#id`) land on the same rows. Changing anything but the page goes back to page 1.
 */
export function usePageParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() || undefined;
  const rawPage = Number(params.get('page'));
  const page = Number.isSafeInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const setParam = useCallback(
    (name: string, value: string) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        if (next.get('page') === '1') next.delete('page');
        return next;
      });
    },
    [setParams],
  );
  const setPage = useCallback((next: number) => setParam('page', String(next)), [setParam]);
  return { params, q, page, setParam, setPage };
}

/** The value of a filter in the address when it is one of `values`, else `fallback`. */
export function pickOption<T extends string>(values: readonly T[], raw: string | null, fallback: T): T {
  return values.includes(raw as T) ? (raw as T) : fallback;
}
