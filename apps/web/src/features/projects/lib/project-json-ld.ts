import type { Language, MarketFigures, Project, Property } from '@baan/contract';
import { projectName } from './project-format';

/**
 * schema.org for a project page: the building as an ApartmentComplex (names, address, position, units, amenities,
 * photos) and the units on this page as its offers (an OfferCatalog of Offers, each with its price in THB and page).
 */
export function projectJsonLd({
  project,
  language,
  url,
  publicUrl,
  units,
  figures,
  unitUrl,
}: {
  project: Project;
  language: Language;
  url: string;
  publicUrl: string;
  units: Property[];
  figures: MarketFigures | null;
  unitUrl: (id: number) => string;
}): object {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path}`);
  const description = project.description[language] ?? project.description.en;
  return {
    '@context': 'https://schema.org',
    '@type': 'ApartmentComplex',
    '@id': url,
    url,
    name: projectName(project, language),
    alternateName: [project.name_en, project.name_th, ...project.aliases].filter(
      (name): name is string => !!name && name !== projectName(project, language),
    ),
    ...(description ? { description } : {}),
    address: {
      '@type': 'PostalAddress',
      addressCountry: 'TH',
      ...(project.province ? { addressRegion: project.province } : {}),
      ...(project.district ? { addressLocality: project.district } : {}),
    },
    geo: { '@type': 'GeoCoordinates', latitude: project.lat, longitude: project.lon },
    ...(project.units !== null ? { numberOfAccommodationUnits: project.units } : {}),
    ...(project.floors !== null ? { numberOfFloors: project.floors } : {}),
    ...(project.year_completed !== null ? { yearBuilt: project.year_completed } : {}),
    petsAllowed: project.facilities.includes('pet_friendly'),
    amenityFeature: project.facilities.map((facility) => ({
      '@type': 'LocationFeatureSpecification',
      name: facility,
      value: true,
    })),
    ...(project.images.length > 0 ? { image: project.images.map((image) => absolute(image.image_path)) } : {}),
    ...(figures && figures.sale.median_price_per_sqm !== null
      ? {
          additionalProperty: [
            {
              '@type': 'PropertyValue',
              name: 'median asking price per m²',
              value: figures.sale.median_price_per_sqm,
              unitText: 'THB/m²',
            },
          ],
        }
      : {}),
    ...(units.length > 0
      ? {
          hasOfferCatalog: {
            '@type': 'OfferCatalog',
            name: projectName(project, language),
            itemListElement: units.map((unit) => ({
              '@type': 'Offer',
              url: unitUrl(unit.id),
              name: unit.title,
              price: unit.price,
              priceCurrency: 'THB',
              businessFunction:
                unit.type === 'rent'
                  ? 'http://purl.org/goodrelations/v1#LeaseOut'
                  : 'http://purl.org/goodrelations/v1#Sell',
              availability: 'https://schema.org/InStock',
              itemOffered: {
                '@type': 'Apartment',
                name: unit.title,
                floorSize: { '@type': 'QuantitativeValue', value: unit.area, unitCode: 'MTK' },
                numberOfRooms: unit.bed_rooms,
              },
            })),
          },
        }
      : {}),
  };
}
