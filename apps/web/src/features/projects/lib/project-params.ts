import {
  LISTING_TYPES,
  type ListingType,
  ProjectListQuery,
  type ProjectSort,
  type PropertySubType,
} from '@baan/contract';

/**
 * The addresses of the project pages as their loaders read them, and the links they write (the canonical forms,
 * app/page-addresses.ts): /projects' search, a project page's unit list, an area's sub type.
 */

/** The parameters /projects reads, in its canonical order. */
export const PROJECT_LIST_PARAMS = ['q', 'province', 'district', 'station', 'sort', 'page'] as const;
type ListParam = (typeof PROJECT_LIST_PARAMS)[number];

export interface ProjectListFilters {
  q?: string;
  province?: string;
  district?: string;
  station?: string;
  sort: ProjectSort;
  page: number;
}

/**
 * /projects' filters from its address, each read on its own by the contract's rules: one that does not parse is left
 * out (and named, so the page can say so) rather than failing the whole search.
 */
export function projectListFilters(search: URLSearchParams): { filters: ProjectListFilters; refused: ListParam[] } {
  const refused: ListParam[] = [];
  const read: Record<string, unknown> = {};
  for (const key of PROJECT_LIST_PARAMS) {
    const value = search.get(key);
    if (value === null) continue;
    const parsed = ProjectListQuery.safeParse({ [key]: value });
    if (parsed.success) read[key] = parsed.data[key];
    else refused.push(key);
  }
  const parsed = ProjectListQuery.parse(read);
  return {
    filters: {
      q: parsed.q,
      province: parsed.province,
      district: parsed.district,
      station: parsed.station,
      sort: parsed.sort,
      page: parsed.page,
    },
    refused,
  };
}

/** `?q=…&sort=…&page=2`, defaults (name, page 1) left out. */
export function projectListQuery(filters: Partial<ProjectListFilters>): string {
  const search = new URLSearchParams();
  for (const key of PROJECT_LIST_PARAMS) {
    const value = filters[key];
    if (value === undefined || value === '') continue;
    if (key === 'sort' && value === 'name') continue;
    if (key === 'page' && value === 1) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Units per page of a project's list. */
export const PROJECT_UNITS_PER_PAGE = 12;
/** The bedroom filters a project page offers (exactly this many; 0 is a studio). */
export const BEDROOM_CHOICES = [0, 1, 2, 3, 4] as const;

export interface UnitFilters {
  type: ListingType;
  bedrooms: number | undefined;
  page: number;
}

/** The unit list's filters as the page reads them: anything malformed is left out (sale, any bedrooms, page 1). */
export function unitFilters(search: URLSearchParams): UnitFilters {
  const type = search.get('type');
  const bedrooms = search.get('bedrooms')?.trim() ?? '';
  const page = search.get('page')?.trim() ?? '';
  return {
    type: type && (LISTING_TYPES as readonly string[]).includes(type) ? (type as ListingType) : 'sale',
    bedrooms: /^\d{1,2}$/.test(bedrooms) ? Number(bedrooms) : undefined,
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** `?type=rent&bedrooms=2&page=2` (defaults left out): the page's own links, in its canonical order. */
export function unitsQuery({ type, bedrooms, page }: UnitFilters): string {
  const search = new URLSearchParams();
  if (type !== 'sale') search.set('type', type);
  if (bedrooms !== undefined) search.set('bedrooms', String(bedrooms));
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The sub types an area's figures are offered for. */
export const MARKET_SUB_TYPES = ['condo', 'house', 'townhouse', 'land'] as const satisfies readonly PropertySubType[];
type MarketSubType = (typeof MARKET_SUB_TYPES)[number];
/** How many projects the page lists. */
export const TOP_PROJECTS = 6;

/** `?sub_type=` as the page reads it: one of the four, condo otherwise. */
export function marketSubType(search: URLSearchParams): MarketSubType {
  const value = search.get('sub_type');
  return (MARKET_SUB_TYPES as readonly string[]).includes(value ?? '') ? (value as MarketSubType) : 'condo';
}

/** A place as it stands in the address ("chiang-mai") in the gazetteer's English form ("Chiang Mai"). */
export function placeFromSlug(slug: string): string {
  return slug
    .split(/[-\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
