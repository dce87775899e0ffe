import type { PropertyPage } from '@baan/contract';
import { ListPastEnd } from './ListState';
import { Pagination } from './Pagination';
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
  const pageCount = data ? Math.ceil(data.total / data.per_page) : 0;
  const isPastEnd = !!data && data.total > 0 && page > pageCount;
  return (
    <>
      {isPastEnd && !isFetching ? (
        <ListPastEnd page={page} lastPage={pageCount} lastPageHref={hrefFor(pageCount)} />
      ) : (
        <PropertyGrid items={isFetching ? undefined : data?.items} isLoading={isFetching} error={error} {...grid} />
      )}
      {data && !error ? <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} onPage={onPage} /> : null}
    </>
  );
}
