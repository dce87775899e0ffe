import {
  type CreatePropertyFields,
  moveInCost,
  type Property,
  RENTAL_TERM_NAMES,
  type RentalTermName,
  type RentalTermsOnWire,
  type UpdatePropertyFields,
} from '@baan/contract';
import { getTableColumns } from 'drizzle-orm';
import { properties } from '../../db/schema.ts';

type Columns = (typeof properties)['_']['columns'];
type Row = typeof properties.$inferSelect;
type Insert = typeof properties.$inferInsert;

type ColumnNamed<N extends string> = {
  [K in keyof Columns]: Columns[K]['_']['name'] extends N ? K : never;
}[keyof Columns];

/** The one column map of the rental terms (the contract's RENTAL_TERM_FIELDS): wire name → column of that SQL name. */
type TermColumns = { [N in RentalTermName]: ColumnNamed<N> };

// A term without a column of its name is a type error here that names it: add the column to db/schema.ts.
type WithoutColumn = { [N in RentalTermName]: [ColumnNamed<N>] extends [never] ? N : never }[RentalTermName];
const everyTermHasItsColumn: [WithoutColumn] extends [never] ? true : { withoutColumn: WithoutColumn } = true;
void everyTermHasItsColumn;

const keyByName = new Map(Object.entries(getTableColumns(properties)).map(([key, column]) => [column.name, key]));
const TERM_COLUMNS = Object.fromEntries(RENTAL_TERM_NAMES.map((name) => [name, keyByName.get(name)])) as TermColumns;

type TermColumnValues = Pick<Insert, TermColumns[RentalTermName]>;

/** A form's value as its column stores it: pets 0/1 as a boolean, every other term as it was read. */
const toColumn = (name: RentalTermName, value: unknown) =>
  value === undefined || value === null ? null : name === 'pets_allowed' ? value === 1 : value;

/** Every term cleared: what a sale listing stores. */
const cleared = (): TermColumnValues =>
  Object.fromEntries(RENTAL_TERM_NAMES.map((name) => [TERM_COLUMNS[name], null])) as TermColumnValues;

/** A new listing's terms: each as read, null when not given (a sale listing gives none: the contract refuses them). */
export function createdTermColumns(fields: CreatePropertyFields): TermColumnValues {
  if (fields.type !== 'rent') return cleared();
  return Object.fromEntries(
    RENTAL_TERM_NAMES.map((name) => [TERM_COLUMNS[name], toColumn(name, fields[name])]),
  ) as TermColumnValues;
}

/**
 * What an edit changes of them: the terms it names (blank clears one); all of them when the listing becomes a sale;
 * the rate when the electricity stops being the building's.
 */
export function editedTermColumns(row: Row, fields: UpdatePropertyFields): Partial<TermColumnValues> {
  if ((fields.type ?? row.type) !== 'rent') return row.type === 'rent' ? cleared() : {};
  const set: Record<string, unknown> = {};
  for (const name of RENTAL_TERM_NAMES) {
    if (Object.hasOwn(fields, name)) set[TERM_COLUMNS[name]] = toColumn(name, fields[name]);
  }
  if (
    Object.hasOwn(fields, 'electricity') &&
    fields.electricity !== 'building' &&
    !Object.hasOwn(fields, 'electricity_rate')
  )
    set[TERM_COLUMNS.electricity_rate] = null;
  return set as Partial<TermColumnValues>;
}

/**
 * The terms as the listing will have them after an edit, for the rules between them (rentalTermIssues): what it sends,
 * else what is stored (nothing once it becomes a sale, no rate once the electricity is not the building's).
 */
export function mergedTerms(row: Row, fields: UpdatePropertyFields): Partial<Record<RentalTermName, unknown>> {
  const kept = (fields.type ?? row.type) === 'rent' && row.type === 'rent' ? termsOnWire(row) : null;
  const merged: Partial<Record<RentalTermName, unknown>> = {};
  for (const name of RENTAL_TERM_NAMES)
    merged[name] = Object.hasOwn(fields, name) ? (fields[name] ?? null) : (kept?.[name] ?? null);
  if (
    Object.hasOwn(fields, 'electricity') &&
    fields.electricity !== 'building' &&
    !Object.hasOwn(fields, 'electricity_rate')
  )
    merged.electricity_rate = null;
  return merged;
}

/** A stored listing's terms as the wire has them. */
export function termsOnWire(row: Row): RentalTermsOnWire {
  return {
    deposit_months: row.depositMonths,
    advance_months: row.advanceMonths,
    min_lease_months: row.minLeaseMonths,
    furnishing: row.furnishing,
    pets_allowed: row.petsAllowed === null ? null : row.petsAllowed ? 1 : 0,
    electricity: row.electricity,
    // numeric comes back as text from some drivers; the wire has a number.
    electricity_rate: row.electricityRate === null ? null : Number(row.electricityRate),
  };
}

/** The terms and the move-in cost on the wire (a sale listing's are all null). */
export function rentalTermsOnWire(row: Row): RentalTermsOnWire & Pick<Property, 'move_in_cost'> {
  const terms = termsOnWire(row);
  return { ...terms, move_in_cost: row.type === 'rent' ? moveInCost(row.price, terms) : null };
}
