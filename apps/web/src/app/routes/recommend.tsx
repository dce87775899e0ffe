import { ListingCollection } from './listing-collection';

/** Recommended: featured listings first (then everything else, newest first). */
export function Component() {
  return <ListingCollection textKey="recommend" sources={[{ featured: '1' }, { featured: '0' }]} />;
}
