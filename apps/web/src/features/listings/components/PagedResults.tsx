import type { PropertyPage } from '@baan/contract';
import { LinkPager } from '../../../components/ui/LinkPager';
import { useTranslation } from '../../../i18n/use-translation';
import { pad2 } from '../lib/format';
import { ListPastEnd } from './ListState';
import { PropertyGrid } from './PropertyGrid';

type Props = {
  data: PropertyPage | undefined;
  isFetching: boolean;
  error: unknown;
  /** The page the address asks for (1-based). */
  page: number;
  /** The address of a page (`?page=2`, the other filters kept). */
  hrefFor: (page: number) => string;
  /** Called when the visitor follows a page link. */
  onPage?: (page: number) => void;
  /** The grid's accessible name. */
  label: string;
  loadingCount: number;
  columns?: string;
  emptyMessage?: string;
};

/**
 * One page of search results and its pager; a page past the last one says so and offers the last
 * page instead of an empty grid under "Page 21 of 20".
 */
export function PagedResults({ data, isFetching, error, page, hrefFor, onPage, ...grid }: Props) {
  const { t } = useTranslation('listings');
  const pageCount = data ? Math.ceil(data.total / data.per_page) : 0;
  const isPastEnd = !!data && data.total > 0 && page > pageCount;
  return (
    <>
      {isPastEnd && !isFetching ? (
        <ListPastEnd page={page} lastPage={pageCount} lastPageHref={hrefFor(pageCount)} />
      ) : (
        <PropertyGrid items={isFetching ? undefined : data?.items} isLoading={isFetching} error={error} {...grid} />
      )}
      {data && !error ? (
        <LinkPager
          page={page}
          pageCount={pageCount}
          hrefFor={hrefFor}
          onPage={onPage}
          formatPage={pad2}
          labels={{
            nav: t('pagination.label'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            page: (p) => t('pagination.page', { page: pad2(p) }),
            status: (p, count) => t('pagination.status', { page: p, pageCount: count }),
          }}
        />
      ) : null}
    </>
  );
}
