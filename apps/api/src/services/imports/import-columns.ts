import {
  CreatePropertyFields,
  LISTING_NUMBER_NAMES,
  type ListingNumberName,
  RENTAL_TERM_NAMES,
  type RentalTermName,
} from '@baan/contract';
import type { properties } from '../../db/schema.ts';
import { csvRow, UTF8_BOM } from '../../lib/csv.ts';
import { LISTING_COLUMNS } from '../properties/listing-columns.ts';
import { termsOnWire } from '../properties/rental-term-columns.ts';

/**
 * The columns of Baan's import template, the export and the rows read from a Kyero feed (ADR 030): the listing's wire
 * names, `external_ref` first, rooms as `type:quantity` separated by `;`, photos as `photo_urls` separated by spaces.
 */
export const IMPORT_COLUMNS = [
  'external_ref',
  'type',
  'user_type',
  'property_type',
  'property_sub_type',
  'title',
  'description',
  'location',
  'lat',
  'lon',
  'price',
  ...LISTING_NUMBER_NAMES,
  'availability_date',
  'language',
  'is_featured',
  'foreign_quota',
  'title_deed',
  // A rent listing's terms (RENTAL_TERM_FIELDS), blank on a sale listing.
  ...RENTAL_TERM_NAMES,
  'project_id',
  'rooms',
  'photo_urls',
] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** One row as read: a column's text, or absent. */
export type ImportRecord = Partial<Record<ImportColumn, string>>;

export const MAX_EXTERNAL_REF = 100;
/** Longest cell read (a description is at most 10,000 characters); longer ones are refused by the field's own rule. */
export const MAX_CELL = 12_000;

const EXAMPLE: Record<ImportColumn, string> = {
  external_ref: 'AG-1001',
  type: 'sale',
  user_type: 'agent',
  property_type: 'residential',
  property_sub_type: 'condo',
  title: 'Two-bedroom condo near BTS Thong Lo',
  description: 'Bright corner unit on a high floor, fully furnished.',
  location: 'Thong Lo, Watthana, Bangkok',
  lat: '13.7246',
  lon: '100.5800',
  price: '6500000',
  area: '68',
  level: '18',
  bed_rooms: '2',
  bath_rooms: '2',
  kitchen: '1',
  floors: '1',
  living_space: '',
  lot_area: '',
  avg_utilities: '',
  availability_date: '',
  language: 'en',
  is_featured: '0',
  foreign_quota: '1',
  title_deed: 'chanote',
  // The example is a sale: no rental terms (a rental gives e.g. 2, 1, 12, furnished, 1, building, 7.5).
  ...(Object.fromEntries(RENTAL_TERM_NAMES.map((name) => [name, ''])) as Record<RentalTermName, string>),
  project_id: '',
  rooms: 'Balcony:1',
  photo_urls: 'https://example.com/photos/ag-1001-1.jpg https://example.com/photos/ag-1001-2.jpg',
};

/** GET /api/user/imports/template.csv: the header and one example row. */
export function templateCsv(): string {
  return UTF8_BOM + csvRow(IMPORT_COLUMNS) + csvRow(IMPORT_COLUMNS.map((c) => EXAMPLE[c]));
}

/** `Balcony:1; Store room:2` → rooms as the create call reads them. A part without a count keeps a blank count. */
function readRooms(text: string | undefined): { type: string; quantity: string }[] {
  if (!text?.trim()) return [];
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.lastIndexOf(':');
      return at < 0
        ? { type: part, quantity: '' }
        : { type: part.slice(0, at).trim(), quantity: part.slice(at + 1).trim() };
    });
}

/** What the create call's schema reads of a row: the cells as its fields, the rooms nested, blanks left out. */
export function recordToInput(record: ImportRecord): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const column of IMPORT_COLUMNS) {
    if (column === 'external_ref' || column === 'photo_urls' || column === 'rooms') continue;
    const value = record[column];
    if (value !== undefined && value !== '') input[column] = value;
  }
  input.rooms = readRooms(record.rooms);
  return input;
}

/** Reads a row with the create call's own schema (the wizard's rules, every message at once). */
export function readRecord(record: ImportRecord) {
  return CreatePropertyFields.safeParse(recordToInput(record));
}

type PropertyRow = typeof properties.$inferSelect;

/** A listing as an export row, in the template's columns (numbers as the create call reads them back). */
export function listingRecord(
  row: PropertyRow,
  rooms: readonly { type: string; quantity: number }[],
  photoUrls: readonly string[],
): Record<ImportColumn, string> {
  const text = (value: number | string | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  const numbers = Object.fromEntries(
    LISTING_NUMBER_NAMES.map((name: ListingNumberName) => [name, text(row[LISTING_COLUMNS[name]] as number | null)]),
  ) as Record<ListingNumberName, string>;
  const stored = termsOnWire(row);
  const terms = Object.fromEntries(RENTAL_TERM_NAMES.map((name) => [name, text(stored[name])])) as Record<
    RentalTermName,
    string
  >;
  return {
    external_ref: row.externalRef ?? '',
    type: row.type,
    user_type: row.userType,
    property_type: row.propertyType,
    property_sub_type: row.propertySubType,
    // The approved text: an edit waiting for review is not the listing's yet.
    title: row.title,
    description: row.description,
    location: row.location,
    lat: text(row.lat),
    lon: text(row.lon),
    price: text(row.price),
    ...numbers,
    availability_date: text(row.availabilityDate),
    language: row.language,
    is_featured: row.isFeatured ? '1' : '0',
    foreign_quota: row.foreignQuota ? '1' : '0',
    title_deed: text(row.titleDeed),
    ...terms,
    project_id: text(row.projectId),
    rooms: rooms.map((room) => `${room.type}:${room.quantity}`).join('; '),
    photo_urls: photoUrls.join(' '),
  };
}
