import type { Property } from '@baan/contract';

/** schema.org type of the place a listing offers. */
function residenceType(subType: string): string {
  if (subType === 'condo' || subType === 'apartment') return 'Apartment';
  if (['house', 'villa', 'bungalow', 'twinhouse'].includes(subType)) return 'SingleFamilyResidence';
  if (subType === 'townhouse') return 'House';
  return 'Accommodation';
}

/** Text shortened to at most `max` characters on a word boundary, with an ellipsis (descriptions, previews). */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The `sizes` of the detail page's main photo (ImageCarousel), also used to preload it. */
export const DETAIL_PHOTO_SIZES = '(min-width: 1024px) 800px, 100vw';

/** schema.org RealEstateListing with an Offer in THB and the residence it is about. `url` is the page's own. */
export function listingJsonLd(property: Property, publicUrl: string, url: string): object {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path}`);
  const residence = {
    '@type': residenceType(property.property_sub_type),
    name: property.title,
    floorSize: { '@type': 'QuantitativeValue', value: property.area, unitCode: 'MTK', unitText: 'sqm' },
    numberOfBedrooms: property.bed_rooms,
    numberOfBathroomsTotal: property.bath_rooms,
    address: { '@type': 'PostalAddress', addressLocality: property.location, addressCountry: 'TH' },
    ...(property.lat !== null && property.lon !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: property.lat, longitude: property.lon } }
      : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: property.title,
    description: summary(property.description, 500),
    url,
    datePosted: property.created_at,
    inLanguage: property.language,
    ...(property.images.length > 0 ? { image: property.images.map((i) => absolute(i.image_path)) } : {}),
    about: residence,
    offers: {
      '@type': 'Offer',
      price: property.price,
      priceCurrency: 'THB',
      // A sold or rented listing's page stays reachable (marked, noindex): its offer is over.
      availability:
        property.status === 'sold' || property.status === 'rented'
          ? 'https://schema.org/SoldOut'
          : 'https://schema.org/InStock',
      businessFunction:
        property.type === 'rent'
          ? 'http://purl.org/goodrelations/v1#LeaseOut'
          : 'http://purl.org/goodrelations/v1#Sell',
      ...(property.availability_date ? { availabilityStarts: property.availability_date } : {}),
      url,
    },
  };
}
