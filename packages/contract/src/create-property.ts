import { z } from 'zod';
import { MAX_NUMBER_TEXT, type ParsedNumber, parseAmount, parseCount } from './amount.ts';
import { calendarDate, DATE_RANGE, multiLineText, singleLineText } from './input.ts';
import {
  type LISTING_NUMBER_FIELDS,
  LISTING_NUMBER_NAMES,
  type ListingNumberKind,
  type ListingNumberName,
  listingNumberField,
} from './listing-fields.ts';
import { levelAndFloorsIssues, type NumberIssueParams, numberMessage, requiredMessage } from './listing-rules.ts';
import { PROPERTY_SUB_TYPES, TITLE_DEEDS } from './listing-values.ts';
import {
  parseRate,
  RENTAL_TERM_FIELDS,
  RENTAL_TERM_NAMES,
  type RentalTermIssue,
  type RentalTermName,
  rentalTermIssues,
} from './rental-terms.ts';
import { SPEC_SUB_TYPE_NAMES, toSubTypeKey } from './sub-types.ts';

/** Required text a person types: one line (a title, a location) or several (a description). */
const typedText = (field: string, max: number, tooLong: string, lines: 'one' | 'several' = 'one') =>
  (lines === 'one' ? singleLineText : multiLineText)(
    `${field.replaceAll('_', ' ')} contains invisible control characters`,
    { error: requiredMessage(field) },
  )
    .trim()
    .min(1, requiredMessage(field))
    .max(max, tooLong);

/** Absent, or only spaces; text longer than any figure is never blank (and is left to the parser to refuse). */
const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.length <= MAX_NUMBER_TEXT && !value.trim());

/** Reads a number form field with `parse` (parseAmount or parseCount) and keeps it within [min, max]. */
function readNumber(
  ctx: z.core.$RefinementCtx,
  label: string,
  parsed: ParsedNumber,
  min: number,
  max: number,
  example?: string,
): number {
  const problem = (params: NumberIssueParams) => {
    ctx.addIssue({ code: 'custom', message: numberMessage(label, params, example), params });
    return z.NEVER;
  };
  if (!parsed.ok) return problem({ problem: parsed.problem });
  if (parsed.value < min) return problem({ problem: 'min', min });
  if (parsed.value > max) return problem({ problem: 'max', max });
  return parsed.value;
}

type Parse = (input: unknown) => ParsedNumber;

/** A required number field; every issue carries NumberIssueParams. */
const numberField = (field: string, parse: Parse, min: number, max: number) =>
  z.unknown().transform((input, ctx): number => readNumber(ctx, field.replaceAll('_', ' '), parse(input), min, max));

/** An optional number field: blank is undefined. */
const optionalNumberField = (field: string, parse: Parse, min: number, max: number, example?: string) =>
  z
    .unknown()
    .transform((input, ctx): number | undefined =>
      isBlank(input) ? undefined : readNumber(ctx, field.replaceAll('_', ' '), parse(input), min, max, example),
    )
    // An absent key stays absent (zod would otherwise want the transform's undefined for a missing key).
    .optional();

const parseBaht: Parse = (input) => parseAmount(input, { currency: true, decimals: true });

/** The highest price a listing may ask; keeps prices inside PostgreSQL's int4. */
export const MAX_PRICE = 2_000_000_000;

const SUB_TYPE_MESSAGE = `property sub type must be one of: ${PROPERTY_SUB_TYPES.join(', ')} (or the wizard's names: ${Object.values(SPEC_SUB_TYPE_NAMES).join(', ')})`;

const coordinate = (min: number, max: number, field: string) =>
  z
    .string()
    // Bounded before it is trimmed or read as a number.
    .max(MAX_NUMBER_TEXT, `${field} must be a number`)
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .pipe(
      z
        .number({ error: `${field} must be a number` })
        .min(min)
        .max(max)
        .optional(),
    );

export const RoomInput = z.object({
  type: typedText('room_type', 60, 'room type must be at most 60 characters'),
  quantity: numberField('room_count', parseCount, 1, 99),
});

const PARSERS: Record<ListingNumberKind, Parse> = { count: parseCount, amount: parseAmount, baht: parseBaht };

type RequiredNumber = ReturnType<typeof numberField>;
type OptionalNumber = ReturnType<typeof optionalNumberField>;
type ListingNumberShape = {
  [N in ListingNumberName]: (typeof LISTING_NUMBER_FIELDS)[N] extends { optional: string }
    ? OptionalNumber
    : RequiredNumber;
};

/** Each of LISTING_NUMBER_FIELDS as a form field: read by its kind, within its range, blank allowed when optional. */
const listingNumberShape = Object.fromEntries(
  LISTING_NUMBER_NAMES.map((name) => {
    const { kind, min, max, optional } = listingNumberField(name);
    return [name, (optional ? optionalNumberField : numberField)(name, PARSERS[kind], min, max)];
  }),
) as ListingNumberShape;

/** A choice a form may leave blank (not given). */
const optionalChoice = <T extends readonly [string, ...string[]]>(name: string, options: T) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(options, { error: `${name.replaceAll('_', ' ')} must be one of: ${options.join(', ')}` }).optional(),
  );

/** A yes/no question a form may leave blank: '0'/'1' (or 0/1 in JSON) read as 0 or 1. */
const optionalYesNo = (name: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v === 0 || v === 1 ? String(v) : v),
    z
      .enum(['0', '1'], { error: `${name.replaceAll('_', ' ')} must be 0 or 1` })
      .transform((v): 0 | 1 => (v === '1' ? 1 : 0))
      .optional(),
  );

/**
 * Each of RENTAL_TERM_FIELDS as a form field, every one optional (blank is not given): months within their range,
 * a choice of its options, yes/no as 0 or 1, a rate in baht per unit. Which listings may give them: rentalTermIssues.
 */
const T = RENTAL_TERM_FIELDS;
const rentalTermShape = {
  deposit_months: optionalNumberField('deposit_months', parseCount, T.deposit_months.min, T.deposit_months.max),
  advance_months: optionalNumberField('advance_months', parseCount, T.advance_months.min, T.advance_months.max),
  min_lease_months: optionalNumberField('min_lease_months', parseCount, T.min_lease_months.min, T.min_lease_months.max),
  furnishing: optionalChoice('furnishing', T.furnishing.options),
  pets_allowed: optionalYesNo('pets_allowed'),
  electricity: optionalChoice('electricity', T.electricity.options),
  // A rate is baht and satang per unit: its example is one.
  electricity_rate: optionalNumberField(
    'electricity_rate',
    parseRate,
    T.electricity_rate.min,
    T.electricity_rate.max,
    '7.5',
  ),
} satisfies Record<RentalTermName, z.ZodType>;

/**
 * POST /api/property form fields (multipart; files travel beside them as cover_image and images[i]). Values arrive
 * as strings; numbers may also come as JSON numbers. Without the rules between fields (levelAndFloorsIssues), so an
 * edit can take `.partial()` of it and check the rules on the listing as it will be.
 */
export const PropertyFieldsObject = z.object({
  type: z.enum(['rent', 'sale'], { error: 'type must be rent or sale' }),
  user_type: z.enum(['owner', 'agent'], { error: requiredMessage('user_type') }),
  property_type: z.enum(['residential', 'commercial'], { error: requiredMessage('property_type') }),
  property_sub_type: z.preprocess(
    toSubTypeKey,
    z.enum(PROPERTY_SUB_TYPES, {
      error: (issue) => (isBlank(issue.input) ? requiredMessage('property_sub_type') : SUB_TYPE_MESSAGE),
    }),
  ),
  location: typedText('location', 300, 'location is too long'),
  lat: coordinate(5, 21, 'lat'),
  lon: coordinate(97, 106, 'lon'),
  title: typedText('title', 300, 'title must be at most 300 characters'),
  description: typedText('description', 10_000, 'description must be at most 10,000 characters', 'several'),
  price: numberField('price', parseBaht, 1, MAX_PRICE),
  // The number fields (area, rooms, level, floors, house information): LISTING_NUMBER_FIELDS.
  ...listingNumberShape,
  area_unit: z.literal('sqm', { error: 'area unit must be sqm' }).default('sqm'),
  availability_date: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      calendarDate(
        'availability date must be a date (YYYY-MM-DD)',
        `availability date must be between ${DATE_RANGE.min} and ${DATE_RANGE.max}`,
      ).optional(),
    ),
  language: z.enum(['en', 'th', 'zh', 'ja', 'my', 'ru', 'TW'], { error: 'language is not supported' }).default('en'),
  is_featured: z.enum(['0', '1'], { error: 'is featured must be 0 or 1' }).default('0'),
  // Condos: the building's foreign quota has room (ADR 018); title deed: TITLE_DEEDS, blank for not given.
  foreign_quota: z.enum(['0', '1'], { error: 'foreign quota must be 0 or 1' }).default('0'),
  title_deed: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(TITLE_DEEDS, { error: `title deed must be one of: ${TITLE_DEEDS.join(', ')}` }).optional(),
  ),
  rooms: z.array(RoomInput).max(30, 'at most 30 rooms').default([]),
  // A rent listing's terms (RENTAL_TERM_FIELDS): all optional, refused on a sale listing (rentalTermIssues).
  ...rentalTermShape,
  /**
   * The project (building) it belongs to: an approved project's id, or one waiting for review that the caller
   * suggested. On an edit null (or a blank form field) unlinks it; on create null is no project.
   */
  project_id: z.preprocess(
    (v) => (v === '' || v === 'null' ? null : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'project id must be a project id' })
      .int('project id must be a project id')
      .min(1, 'project id must be a project id')
      .max(2_147_483_647, 'project id must be a project id')
      .nullable()
      .optional(),
  ),
});

/** The rental terms' rules (rentalTermIssues) on a listing's fields as read. */
const termIssuesOf = (fields: Partial<Record<string, unknown>> & { type: string }): RentalTermIssue[] =>
  rentalTermIssues({ type: fields.type, terms: Object.fromEntries(RENTAL_TERM_NAMES.map((n) => [n, fields[n]])) });

const RULE_FIELDS = new Set<PropertyKey>(['property_sub_type', 'level', 'floors']);
const TERM_RULE_FIELDS = new Set<PropertyKey>(['type', ...RENTAL_TERM_NAMES]);
/** Checked as soon as the fields a rule reads are valid, whatever else is wrong, so every message comes at once. */
const whenValid =
  (fields: Set<PropertyKey>) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }): boolean =>
    !payload.issues.some((issue) => fields.has(issue.path?.[0] ?? ''));

export const CreatePropertyFields = PropertyFieldsObject.superRefine(
  (fields, ctx) => {
    for (const issue of levelAndFloorsIssues(fields)) ctx.addIssue({ code: 'custom', ...issue });
  },
  { when: whenValid(RULE_FIELDS) },
).superRefine(
  (fields, ctx) => {
    for (const issue of termIssuesOf(fields)) ctx.addIssue({ code: 'custom', ...issue });
  },
  { when: whenValid(TERM_RULE_FIELDS) },
);
export type CreatePropertyFields = z.infer<typeof CreatePropertyFields>;

/** Max photo size (spec section 9) and how many a listing may have. */
export const MAX_PHOTO_BYTES = 50 * 1024 * 1024;
export const MAX_PHOTOS = 20;

/**
 * POST /api/property as a browser sends it (multipart/form-data): the fields as text, each room as
 * `rooms[i][type]` and `rooms[i][quantity]` (i from 0), the cover photo and the other photos
 * (`images`, or `images[i]`), JPEG, PNG or GIF of at most MAX_PHOTO_BYTES each.
 */
export const CreatePropertyForm = PropertyFieldsObject.omit({ rooms: true }).extend({
  'rooms[i][type]': z.string().optional(),
  'rooms[i][quantity]': z.string().optional(),
  cover_image: z.file(),
  images: z.array(z.file()).optional(),
});

/**
 * Turns flat multipart names (`rooms[0][type]`) into the nested shape the schema reads. A room block left wholly
 * blank is not a room and is left out; a block with only a type or only a count is kept, so the schema names what is
 * missing instead of the room vanishing.
 */
export function nestPropertyFields(flat: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const rooms = new Map<number, { type: string; quantity: string }>();
  for (const [key, value] of Object.entries(flat)) {
    const room = /^rooms\[(\d{1,2})\]\[(type|quantity)\]$/.exec(key);
    if (room) {
      const i = Number(room[1]);
      const entry = rooms.get(i) ?? { type: '', quantity: '' };
      entry[room[2] as 'type' | 'quantity'] = value;
      rooms.set(i, entry);
    } else {
      out[key] = value;
    }
  }
  out.rooms = [...rooms.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, r]) => r)
    .filter((r) => r.type.trim() || r.quantity.trim());
  return out;
}
