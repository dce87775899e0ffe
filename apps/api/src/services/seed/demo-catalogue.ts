import { type DemoListing, demoListings } from './demo-listings.ts';
import { addPriceHistory, plausiblePrice } from './demo-prices.ts';
import { projectListings } from './demo-projects.ts';
import { createRng } from './prng.ts';

/**
 * The demo catalogue `npm start` seeds (ADR 028): the drawn listings priced by their area's m², the demo projects'
 * units, and every listing's back-filled price history. The same on every run.
 */
export function demoCatalogue(ownerCount: number, variants: number, today: Date): DemoListing[] {
  // Prices per m² from their own PRNG, so the rest of the catalogue is drawn as before.
  const priceRng = createRng(20_261_127);
  return demoListings(ownerCount, variants, today, {
    price: (sub, type, area, sqm, drawn) => plausiblePrice(sub, type, area, sqm, drawn, priceRng),
    more: () => projectListings(ownerCount, variants, today),
    afterAges: addPriceHistory,
  });
}
