import { z } from 'zod';
import { calendarDate, DATE_RANGE, multiLineText, singleLineText } from './input.ts';
import { PROPERTY_SUB_TYPES } from './properties.ts';

/** The sub types the wizard offers (spec section 2); the API accepts every PROPERTY_SUB_TYPES key. */
export const WIZARD_SUB_TYPES = ['condo', 'apartment', 'townhouse', 'villa', 'pent_villa', 'home_office'] as const;

/** '{field} is required', with underscores read as spaces: 'user type is required'. */
export const requiredMessage = (field: string) => `${field.replaceAll('_', ' ')} is required`;

const required = (field: string) =>
  z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, requiredMessage(field));

/** A whole number sent as a form field ("12", "1,250,000" is not accepted: the wizard strips commas). */
/** Required text a person types: one line (a title, a location) or several (a description). */
const typedText = (field: string, max: number, tooLong: string, lines: 'one' | 'several' = 'one') =>
  (lines === 'one' ? singleLineText : multiLineText)(
    `${field.replaceAll('_', ' ')} contains invisible control characters`,
    { error: requiredMessage(field) },
  )
    .trim()
    .min(1, requiredMessage(field))
    .max(max, tooLong);

const count = (field: string, min: number, max: number) =>
  required(field)
    .regex(/^\d+$/, `${field.replaceAll('_', ' ')} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `${field.replaceAll('_', ' ')} must be at least ${min}`)
        .max(max, `${field.replaceAll('_', ' ')} must be at most ${max.toLocaleString('en-US')}`),
    );

const optionalCount = (field: string, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, `${field.replaceAll('_', ' ')} must be a whole number`)
        .transform(Number)
        .pipe(z.number().max(max, `${field.replaceAll('_', ' ')} must be at most ${max.toLocaleString('en-US')}`))
        .optional(),
    );

const coordinate = (min: number, max: number, field: string) =>
  z
    .string()
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
  quantity: z.coerce
    .number({ error: 'room count must be a number' })
    .int()
    .min(1, 'room count must be at least 1')
    .max(99),
});

/**
 * POST /api/property form fields (multipart; files travel beside them as cover_image and
 * images[i]). Every value arrives as a string.
 */
export const CreatePropertyFields = z.object({
  type: z.enum(['rent', 'sale'], { error: 'type must be rent or sale' }),
  user_type: z.enum(['owner', 'agent'], { error: requiredMessage('user_type') }),
  property_type: z.enum(['residential', 'commercial'], { error: requiredMessage('property_type') }),
  property_sub_type: z.enum(PROPERTY_SUB_TYPES, { error: requiredMessage('property_sub_type') }),
  location: typedText('location', 300, 'location is too long'),
  lat: coordinate(5, 21, 'lat'),
  lon: coordinate(97, 106, 'lon'),
  title: typedText('title', 300, 'title must be at most 300 characters'),
  description: typedText('description', 10_000, 'description must be at most 10,000 characters', 'several'),
  price: count('price', 1, 2_000_000_000),
  area: count('area', 1, 10_000_000),
  area_unit: z.literal('sqm', { error: 'area unit must be sqm' }).default('sqm'),
  level: count('level', 0, 200),
  bed_rooms: count('bed_rooms', 0, 100),
  bath_rooms: count('bath_rooms', 0, 100),
  kitchen: count('kitchen', 0, 50),
  floors: count('floors', 0, 200),
  living_space: optionalCount('living_space', 10_000_000),
  lot_area: optionalCount('lot_area', 10_000_000),
  avg_utilities: optionalCount('avg_utilities', 10_000_000),
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
  rooms: z.array(RoomInput).max(30, 'at most 30 rooms').default([]),
});
export type CreatePropertyFields = z.infer<typeof CreatePropertyFields>;

/** Max photo size (spec section 9) and how many a listing may have. */
export const MAX_PHOTO_BYTES = 50 * 1024 * 1024;
export const MAX_PHOTOS = 20;

/**
 * Turns flat multipart names (`rooms[0][type]`) into the nested shape the schema reads.
 * Rooms missing a type or a count are dropped, as the wizard does.
 */
export function nestPropertyFields(flat: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const rooms = new Map<number, { type?: string; quantity?: string }>();
  for (const [key, value] of Object.entries(flat)) {
    const room = /^rooms\[(\d{1,2})\]\[(type|quantity)\]$/.exec(key);
    if (room) {
      const i = Number(room[1]);
      const entry = rooms.get(i) ?? {};
      entry[room[2] as 'type' | 'quantity'] = value;
      rooms.set(i, entry);
    } else {
      out[key] = value;
    }
  }
  out.rooms = [...rooms.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, r]) => r)
    .filter((r) => r.type?.trim() && r.quantity?.trim());
  return out;
}
