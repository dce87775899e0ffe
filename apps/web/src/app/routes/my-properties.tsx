import { useMatches } from 'react-router';
import { MyProperties } from '../../features/my-properties/components/MyProperties';

type ListingType = 'rent' | 'sale';

function listingTypeOf(handle: unknown): ListingType | undefined {
  if (typeof handle === 'object' && handle !== null && 'listingType' in handle) {
    const { listingType } = handle;
    if (listingType === 'rent' || listingType === 'sale') return listingType;
  }
  return undefined;
}

/**
 * /dashboard/sellproperty, /dashboard/buyproperty and /dashboard/rentedproperty: one screen, filtered by the
 * route's `handle.listingType` (sell → sale, buy and rented → rent; docs/decisions/007-my-properties-routes.md).
 */
export function Component() {
  const listingType =
    useMatches()
      .map((match) => listingTypeOf(match.handle))
      .findLast(Boolean) ?? 'sale';
  return <MyProperties key={listingType} listingType={listingType} />;
}
