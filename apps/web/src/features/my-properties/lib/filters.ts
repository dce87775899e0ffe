import {
  LISTING_TYPES,
  type ListingType,
  PROPERTY_STATUSES,
  type PropertyStatus,
  PUBLIC_PAGE_STATUSES,
} from '@baan/contract';
import type { OwnProperty } from '../api/my-properties-api';

/** What the list shows; everything lives in the address. No type or status means all of them. */
export type ListFilters = {
  type?: ListingType;
  status?: PropertyStatus;
  /** Title search (spec section 9: case-insensitive substring). */
  q: string;
  page: number;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filters of /dashboard/properties' address; anything malformed is left out. */
export function filtersFrom(search: URLSearchParams): ListFilters {
  const page = Number(search.get('page'));
  return {
    type: oneOf(LISTING_TYPES, search.get('type')),
    status: oneOf(PROPERTY_STATUSES, search.get('status')),
    q: search.get('q') ?? '',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** `?type=rent&status=sold&q=loft&page=2`, leaving out what is not set ('' for the plain list). */
export function toSearch(filters: ListFilters): string {
  const search = new URLSearchParams();
  if (filters.type) search.set('type', filters.type);
  if (filters.status) search.set('status', filters.status);
  if (filters.q) search.set('q', filters.q);
  if (filters.page > 1) search.set('page', String(filters.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Case-insensitive title substring match (spec section 9), in any script. */
export function matchesTitle(property: OwnProperty, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  return !needle || property.title.toLocaleLowerCase().includes(needle);
}

/** The listings that pass every filter but `ignore` (so the type buttons can count what each would show). */
export function applyFilters(list: OwnProperty[], filters: ListFilters, ignore?: 'type'): OwnProperty[] {
  return list.filter(
    (property) =>
      (ignore === 'type' || !filters.type || property.type === filters.type) &&
      (!filters.status || property.status === filters.status) &&
      matchesTitle(property, filters.q),
  );
}

/**
 * Whether a visitor can open the listing's own address: active, sold or rented, and approved by moderation; the others
 * (paused, hidden, waiting for review, rejected) answer 404 to the public (ADR 017).
 */
export function hasPublicPage(property: Pick<OwnProperty, 'status' | 'review'>): boolean {
  return (
    (PUBLIC_PAGE_STATUSES as readonly PropertyStatus[]).includes(property.status) && property.review === 'approved'
  );
}
