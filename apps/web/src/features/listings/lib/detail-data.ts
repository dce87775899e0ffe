import type { PageContext, PricePoint, Property, PropertyPageData } from '@baan/contract';

/** What an id that cannot name a listing reads as: nothing, without asking. */
export const NO_LISTING: PropertyPageData = { property: null, noLongerAvailable: false, similar: [], priceHistory: [] };

/**
 * Everything the detail page reads of a listing, in one round of the server's statements (PageServices.propertyPage).
 * Should that read fail, its parts are read apart as they were before it existed: the listing's failure is the page's,
 * while the similar listings and the price history are extras, so a failed read of either shows none.
 */
export async function loadDetailData(
  context: Pick<PageContext, 'pages' | 'logError'>,
  id: number,
): Promise<PropertyPageData> {
  try {
    return await context.pages.propertyPage(id);
  } catch (error) {
    context.logError(error, 'The listing page could not be read in one go; reading its parts apart');
  }
  const { pages, logError } = context;
  const [property, similar, priceHistory] = await Promise.all([
    pages.getProperty(id),
    pages.similarProperties(id).then(
      (items: Property[]) => (Array.isArray(items) ? items : []),
      (error: unknown) => {
        logError(error, 'Similar listings could not be read');
        return [] as Property[];
      },
    ),
    pages.priceHistory(id).then(
      (points: PricePoint[] | null) => (Array.isArray(points) ? points : []),
      (error: unknown) => {
        logError(error, 'Price history could not be read');
        return [] as PricePoint[];
      },
    ),
  ]);
  return property
    ? { property, noLongerAvailable: false, similar, priceHistory }
    : { property: null, noLongerAvailable: await pages.isNoLongerAvailable(id), similar, priceHistory: [] };
}
