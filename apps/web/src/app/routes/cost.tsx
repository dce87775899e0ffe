import { ListingCollection } from './listing-collection';

/** Sell at cost: every listing, cheapest first. */
export function Component() {
  return <ListingCollection textKey="cost" sources={[{ sort: 'price_asc' }]} />;
}
