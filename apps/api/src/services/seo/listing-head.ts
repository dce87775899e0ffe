import type { Property } from '@baan/contract';
import { escapeHtml, jsonForScript, summary } from './html.ts';

const SITE_NAME = 'Baan';

/** schema.org type of the place a listing offers. */
function residenceType(subType: string): string {
  if (subType === 'condo' || subType === 'apartment') return 'Apartment';
  if (['house', 'villa', 'bungalow', 'twinhouse'].includes(subType)) return 'SingleFamilyResidence';
  if (subType === 'townhouse') return 'House';
  return 'Accommodation';
}

const absolute = (publicUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url}`);

/** The document title a listing's page has (the web app sets the same one). */
export function listingTitle(property: Pick<Property, 'title' | 'location'>): string {
  return `${property.title} · ${property.location} | ${SITE_NAME}`;
}

/** schema.org RealEstateListing with an Offer in THB and the residence it is about. */
export function listingJsonLd(property: Property, publicUrl: string) {
  const url = `${publicUrl}/detail/${property.id}`;
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
    ...(property.images.length > 0 ? { image: property.images.map((i) => absolute(publicUrl, i.image_path)) } : {}),
    about: residence,
    offers: {
      '@type': 'Offer',
      price: property.price,
      priceCurrency: 'THB',
      availability: 'https://schema.org/InStock',
      businessFunction:
        property.type === 'rent'
          ? 'http://purl.org/goodrelations/v1#LeaseOut'
          : 'http://purl.org/goodrelations/v1#Sell',
      ...(property.availability_date ? { availabilityStarts: property.availability_date } : {}),
      url,
    },
  };
}

/** The <head> tags of a listing's page: description, canonical, Open Graph, Twitter, JSON-LD. */
export function listingHeadTags(property: Property, publicUrl: string): string {
  const url = `${publicUrl}/detail/${property.id}`;
  const title = listingTitle(property);
  const description = summary(property.description);
  const image = property.cover_image ? absolute(publicUrl, property.cover_image) : null;
  const cover = property.images[0];
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image)}">`,
          ...(cover
            ? [
                `<meta property="og:image:width" content="${Math.min(cover.width, 1024)}">`,
                `<meta property="og:image:height" content="${Math.round((cover.height * Math.min(cover.width, 1024)) / cover.width)}">`,
              ]
            : []),
        ]
      : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<script type="application/ld+json">${jsonForScript(listingJsonLd(property, publicUrl))}</script>`,
  ];
  return tags.join('\n');
}

/** The `sizes` of the detail page's photo (apps/web/src/features/listings/components/ImageCarousel.tsx). */
export const DETAIL_PHOTO_SIZES = '(min-width: 1024px) 800px, 100vw';

/**
 * A preload of the listing's first photo, the detail page's largest paint: the browser picks the same width from
 * the same srcset and sizes as the page's <img> will, and starts while the app's code is still loading.
 */
export function listingPhotoPreload(property: Pick<Property, 'images'>): string {
  const first = property.images[0];
  if (!first) return '';
  return `<link rel="preload" as="image" href="${escapeHtml(first.image_path)}" imagesrcset="${escapeHtml(first.srcset)}" imagesizes="${DETAIL_PHOTO_SIZES}" fetchpriority="high">`;
}
