import type { SQL } from 'drizzle-orm';
import { type AnyColumn, eq, ilike, or } from 'drizzle-orm';
import { containsPattern } from '../properties/search-text.ts';

const ID_QUERY = /^#?(\d{1,9})$/;

/** The record id a console search names ("#123" or "123"), if it names one. */
export function idInQuery(q: string): number | null {
  const match = ID_QUERY.exec(q.trim());
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * A console search: the text as a case-insensitive substring of any of the columns, or, when it
 * reads as an id ("#123", "123"), that record too.
 */
export function consoleSearch(q: string | undefined, idColumn: AnyColumn, columns: AnyColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const id = idInQuery(q);
  return or(...(id !== null ? [eq(idColumn, id)] : []), ...columns.map((column) => ilike(column, pattern)));
}

/** limit/offset for a 1-based page. */
export function pageWindow(page: number, perPage: number) {
  return { limit: perPage, offset: (page - 1) * perPage };
}
