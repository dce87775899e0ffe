import type { Property } from '@baan/contract';
import type { ReactNode } from 'react';
import { ListEmpty, ListError, ListLoading } from './ListState';
import { PropertyCard } from './PropertyCard';

export const GRID_4 = 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

type Props = {
  items: Property[] | undefined;
  isLoading: boolean;
  error: unknown;
  /** Placeholders while loading. */
  loadingCount: number;
  columns?: string;
  emptyMessage?: string;
  label: string;
  footer?: ReactNode;
  /**
   * How many first photos load at once, at high priority: the results pages' first screen. Home's grids sit below
   * its full-screen banner, so they load theirs as the visitor scrolls (0).
   */
  eagerCount?: number;
};

/** A list of listing cards with its loading, error and empty states (spec section 4). */
export function PropertyGrid({
  items,
  isLoading,
  error,
  loadingCount,
  columns = GRID_4,
  emptyMessage,
  label,
  eagerCount = 2,
}: Props) {
  if (error) return <ListError error={error} />;
  if (isLoading || !items) return <ListLoading count={loadingCount} columns={columns} />;
  if (items.length === 0) return <ListEmpty message={emptyMessage} />;
  return (
    <ul aria-label={label} className={`grid gap-6 ${columns}`}>
      {items.map((property, i) => (
        <li key={property.id}>
          <PropertyCard property={property} isEager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
