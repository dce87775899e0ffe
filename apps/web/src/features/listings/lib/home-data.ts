import type { ListingType, PageServices, Property, PropertyImage, PropertyTypeCounts } from '@baan/contract';

/** The home page's "near you" places: each shows its count and a photo of its newest listing. */
export const NEAR_LOCATIONS = [
  { key: 'bangkok', location: 'Bangkok' },
  { key: 'chiangMai', location: 'Chiang Mai' },
  { key: 'phuket', location: 'Phuket' },
  { key: 'pattaya', location: 'Pattaya' },
] as const;

/** How many listings the home page's "new projects" shows for each of sale and rent. */
export const HOME_LISTINGS = 8;

export interface NearLocation {
  key: string;
  location: string;
  total: number;
  image: PropertyImage | null;
}

/** Everything the home page's sections show, read on the server (the home route's loader). */
export interface HomeData {
  typeCounts: PropertyTypeCounts;
  /** The newest listings for sale and for rent (the section's switch shows one or the other). */
  newListings: Record<ListingType, Property[]>;
  near: NearLocation[];
}

export async function loadHomeData(pages: PageServices): Promise<HomeData> {
  // Every section in one read (a handful of statements, not a search per section): as the searches answer them.
  const [typeCounts, listings] = await Promise.all([
    pages.propertyTypeCounts(),
    pages.homeListings({ listings: HOME_LISTINGS, places: NEAR_LOCATIONS.map((place) => place.location) }),
  ]);
  return {
    typeCounts,
    newListings: listings.newListings,
    near: NEAR_LOCATIONS.map((place, i) => ({
      ...place,
      total: listings.places[i]?.total ?? 0,
      image: listings.places[i]?.first?.images[0] ?? null,
    })),
  };
}
