import {
  blankValueOf,
  LISTING_NUMBER_NAMES,
  type NullableListingNumber,
  type Property,
  RENTAL_TERM_NAMES,
  type RentalTermName,
} from '@baan/contract';

/** The house information not given (null): a field added to the contract's LISTING_NUMBER_FIELDS needs no line here. */
const NOT_GIVEN = Object.fromEntries(
  LISTING_NUMBER_NAMES.filter((name) => blankValueOf(name) === null).map((name) => [name, null]),
) as Record<NullableListingNumber, null>;
/** No rental terms given (null), and so no move-in cost. */
const NO_TERMS = Object.fromEntries(RENTAL_TERM_NAMES.map((name) => [name, null])) as Record<RentalTermName, null>;

/** A listing as the public property endpoints answer it (a rented condo in Bangkok, no photos), for tests. */
export function makeProperty(id: number, overrides: Partial<Property> = {}): Property {
  return {
    id,
    title: `Listing ${id}`,
    description: `Description of listing ${id}.`,
    type: 'rent',
    user_type: 'owner',
    property_type: 'residential',
    property_sub_type: 'condo',
    location: 'Sukhumvit, Bangkok',
    lat: 13.7,
    lon: 100.5,
    price: 25_000,
    previous_price: null,
    project: null,
    agent: null,
    area: 45,
    area_unit: 'sqm',
    bed_rooms: 2,
    bath_rooms: 1,
    kitchen: 1,
    floors: 1,
    level: 12,
    ...NOT_GIVEN,
    ...NO_TERMS,
    move_in_cost: null,
    price_per_sqm: 556,
    nearest_station: null,
    foreign_quota: 0,
    title_deed: null,
    availability_date: null,
    language: 'en',
    is_featured: 0,
    verified: 0,
    cover_image: null,
    images: [],
    rooms: [],
    status: 'active',
    created_at: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}
