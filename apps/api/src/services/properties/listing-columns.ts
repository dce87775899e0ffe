import {
  blankValueOf,
  type CreatePropertyFields,
  LISTING_NUMBER_NAMES,
  type ListingNumberName,
  type Property,
  type UpdatePropertyFields,
} from '@baan/contract';
import { getTableColumns } from 'drizzle-orm';
import { properties } from '../../db/schema.ts';

type Columns = (typeof properties)['_']['columns'];
type Row = typeof properties.$inferSelect;
type Insert = typeof properties.$inferInsert;

/** The `properties` key whose SQL column is named N (Drizzle keeps each column's name in its type). */
type ColumnNamed<N extends string> = {
  [K in keyof Columns]: Columns[K]['_']['name'] extends N ? K : never;
}[keyof Columns];

/**
 * The one column map of the listing's number fields (the contract's LISTING_NUMBER_FIELDS): each wire name to the
 * Drizzle column of the same SQL name. Insert (create-property.ts), update (update-property.ts) and the wire
 * (property-wire.ts) all go through it, so no field can be left out of one of them.
 */
export type ListingColumns = { [N in ListingNumberName]: ColumnNamed<N> };

// A contract field without a column of its name, or whose column cannot hold what the wire says (a nullable column
// for a field that is never null on the wire), is a type error here that names it: add the column to db/schema.ts.
type WithoutColumn = {
  [N in ListingNumberName]: [ColumnNamed<N>] extends [never] ? N : never;
}[ListingNumberName];
type WrongType = {
  [N in ListingNumberName]: [ColumnNamed<N>] extends [never]
    ? never
    : Row[ColumnNamed<N>] extends Property[N]
      ? never
      : N;
}[ListingNumberName];
const everyFieldHasItsColumn: [WithoutColumn | WrongType] extends [never]
  ? true
  : { withoutColumn: WithoutColumn; wrongType: WrongType } = true;
void everyFieldHasItsColumn;

const keyByName = new Map(Object.entries(getTableColumns(properties)).map(([key, column]) => [column.name, key]));
export const LISTING_COLUMNS = Object.fromEntries(
  LISTING_NUMBER_NAMES.map((name) => [name, keyByName.get(name)]),
) as ListingColumns;

type NumberColumns = Pick<Insert, ListingColumns[ListingNumberName]>;

/** A new listing's number columns: each field as read, a blank optional one as it is stored (null, or 0). */
export function createdNumberColumns(fields: CreatePropertyFields): NumberColumns {
  const set: Record<string, number | null | undefined> = {};
  for (const name of LISTING_NUMBER_NAMES) set[LISTING_COLUMNS[name]] = fields[name] ?? blankValueOf(name);
  return set as NumberColumns;
}

/** What an edit changes of them: only the fields it names; an optional one sent blank is cleared as a create leaves it. */
export function editedNumberColumns(fields: UpdatePropertyFields): Partial<NumberColumns> {
  const set: Record<string, number | null> = {};
  for (const name of LISTING_NUMBER_NAMES) {
    if (!Object.hasOwn(fields, name)) continue;
    const value = fields[name] ?? blankValueOf(name);
    // A required field sent blank never gets here (its schema refuses it); undefined is left alone.
    if (value !== undefined) set[LISTING_COLUMNS[name]] = value;
  }
  return set as Partial<NumberColumns>;
}

/** The number fields of a stored listing as the wire has them. */
export function numbersOnWire(row: Row): Pick<Property, ListingNumberName> {
  return Object.fromEntries(LISTING_NUMBER_NAMES.map((name) => [name, row[LISTING_COLUMNS[name]]])) as Pick<
    Property,
    ListingNumberName
  >;
}
