import {
  CreatePropertyFields,
  hasLevel,
  type Language,
  nestPropertyFields,
  parseAmount,
  requiredMessage,
  type WIZARD_SUB_TYPES,
} from '@baan/contract';
import type { z } from 'zod';

export type WizardSubType = (typeof WIZARD_SUB_TYPES)[number];
export type UserType = 'owner' | 'agent';
export type PropertyType = 'residential' | 'commercial';
export type PropertyStatus = 'rent' | 'sale';

/** A photo the browser accepted, with the object URL its preview shows (revoked when it is removed). */
export interface PickedPhoto {
  id: string;
  file: File;
  previewUrl: string;
}

/** House information as typed: the contract reads it (Thai digits, separators, ฿ …) when the form is checked. */
export interface HouseInfo {
  livingSpace: string;
  lotArea: string;
  bedrooms: string;
  bathrooms: string;
  avgUtilities: string;
  area: string;
  kitchen: string;
  level: string;
  floors: string;
}

export interface RoomBlock {
  id: number;
  type: string;
  count: string;
}

/** The add-property form (spec section 3). Every value is kept as typed; the contract's schema reads it on submit. */
export interface PropertyForm {
  user_type: UserType | '';
  propertyType: PropertyType | '';
  propertyStatus: PropertyStatus | '';
  subType: WizardSubType | '';
  location: string;
  lat?: number;
  lon?: number;
  title: string;
  description: string;
  price: string;
  availableDate: string;
  language: Language;
  featured: '1' | '0';
  coverPhoto: PickedPhoto | null;
  otherPhotos: PickedPhoto[];
  houseInfo: HouseInfo;
  rooms: RoomBlock[];
}

/** Room types offered in a room block; sent as these keys (labels: listings:roomTypes). */
export const ROOM_TYPES = [
  'bedroom',
  'bathroom',
  'kitchen',
  'living_room',
  'dining_room',
  'office',
  'storage',
  'balcony',
  'garage',
  'other',
] as const;

export const HOUSE_INFO_FIELDS = [
  'livingSpace',
  'lotArea',
  'bedrooms',
  'bathrooms',
  'avgUtilities',
  'area',
  'kitchen',
  'level',
  'floors',
] as const satisfies readonly (keyof HouseInfo)[];

/** The house information fields this sub type asks for: level only where a unit sits on a floor (hasLevel). */
export function houseInfoFields(subType: PropertyForm['subType']): (keyof HouseInfo)[] {
  return HOUSE_INFO_FIELDS.filter((field) => field !== 'level' || hasLevel(subType));
}

/** Today in the visitor's own calendar day, as YYYY-MM-DD (the date input's format). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

let nextRoomId = 1;
export function newRoom(): RoomBlock {
  nextRoomId += 1;
  return { id: nextRoomId, type: '', count: '' };
}

export function emptyForm(language: Language = 'en', now = new Date()): PropertyForm {
  return {
    user_type: '',
    propertyType: '',
    propertyStatus: '',
    subType: '',
    location: '',
    title: '',
    description: '',
    price: '',
    availableDate: today(now),
    language,
    featured: '0',
    coverPhoto: null,
    otherPhotos: [],
    houseInfo: {
      livingSpace: '',
      lotArea: '',
      bedrooms: '',
      bathrooms: '',
      avgUtilities: '',
      area: '',
      kitchen: '',
      level: '',
      floors: '',
    },
    rooms: [newRoom()],
  };
}

/** Step 1 ("Define your place") is complete once all five choices are made (spec section 4). */
export function isStepOneComplete(form: PropertyForm): boolean {
  return Boolean(form.user_type && form.propertyType && form.propertyStatus && form.subType && form.location.trim());
}

/**
 * Every field an error can be shown on, in the order the wizard reports them: the spec's required fields first
 * (section 5; `propertyStatus` after `propertyType`, as it is the listing type sent, docs/decisions/006), then the
 * optional ones.
 */
export const FIELD_ORDER = [
  'user_type',
  'propertyType',
  'propertyStatus',
  'subType',
  'location',
  'title',
  'description',
  'price',
  'coverPhoto',
  'area',
  'level',
  'bedrooms',
  'bathrooms',
  'kitchen',
  'floors',
  'livingSpace',
  'lotArea',
  'avgUtilities',
  'availableDate',
  'language',
  'featured',
  'rooms',
  'otherPhotos',
] as const;
export type FormField = (typeof FIELD_ORDER)[number];

/** A room block's control: `room-<block id>-type` or `room-<block id>-count`. */
export type RoomField = `room-${number}-${'type' | 'count'}`;
export type ErrorKey = FormField | RoomField;
export type FormErrors = Partial<Record<ErrorKey, string>>;

export const roomField = (id: number, part: 'type' | 'count'): RoomField => `room-${id}-${part}`;

/** The wizard step (0, 1, 2) where a field is edited. */
export function stepOf(field: ErrorKey): number {
  if (['user_type', 'propertyType', 'propertyStatus', 'subType', 'location'].includes(field)) return 0;
  if (field === 'coverPhoto' || field === 'otherPhotos') return 1;
  return 2;
}

/** Room blocks that are sent: every block with a type or a count (a wholly blank one is not a room). */
export function sentRooms(rooms: readonly RoomBlock[]): RoomBlock[] {
  return rooms.filter((room) => room.type.trim() || room.count.trim());
}

/**
 * The form as POST /api/property's text fields (wire names of spec section 7), as typed. Level is left out where the
 * sub type has none, so a value typed before the sub type changed is not sent.
 */
export function toWireFields(form: PropertyForm): Record<string, string> {
  const wire: Record<string, string> = {};
  const put = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') wire[name] = value;
  };
  // The listing type is the chosen status (docs/decisions/006-listing-type-from-status.md).
  put('type', form.propertyStatus);
  put('user_type', form.user_type);
  put('property_type', form.propertyType);
  put('property_sub_type', form.subType);
  put('location', form.location.trim());
  if (form.lat !== undefined && form.lon !== undefined) {
    put('lat', String(form.lat));
    put('lon', String(form.lon));
  }
  put('title', form.title.trim());
  put('description', form.description.trim());
  put('availability_date', form.availableDate);
  put('language', form.language);
  put('price', form.price);
  const info = form.houseInfo;
  put('area', info.area);
  put('area_unit', 'sqm');
  if (hasLevel(form.subType)) put('level', info.level);
  put('bed_rooms', info.bedrooms);
  put('bath_rooms', info.bathrooms);
  put('kitchen', info.kitchen);
  put('floors', info.floors);
  put('living_space', info.livingSpace);
  put('lot_area', info.lotArea);
  put('avg_utilities', info.avgUtilities);
  put('is_featured', form.featured);
  sentRooms(form.rooms).forEach((room, i) => {
    wire[`rooms[${i}][type]`] = room.type;
    wire[`rooms[${i}][quantity]`] = room.count;
  });
  return wire;
}

/** Server field names (the wire's) → the form field that shows the message. */
const WIRE_TO_FIELD: Record<string, FormField> = {
  type: 'propertyStatus',
  user_type: 'user_type',
  property_type: 'propertyType',
  property_sub_type: 'subType',
  location: 'location',
  lat: 'location',
  lon: 'location',
  title: 'title',
  description: 'description',
  price: 'price',
  availability_date: 'availableDate',
  language: 'language',
  is_featured: 'featured',
  cover_image: 'coverPhoto',
  images: 'otherPhotos',
  area: 'area',
  level: 'level',
  bed_rooms: 'bedrooms',
  bath_rooms: 'bathrooms',
  kitchen: 'kitchen',
  floors: 'floors',
  living_space: 'livingSpace',
  lot_area: 'lotArea',
  avg_utilities: 'avgUtilities',
  rooms: 'rooms',
};

/** Where an error on a wire path (`price`, `rooms.1.quantity`, `images[2]`) is shown, with the room's number. */
function errorKeyOf(path: readonly PropertyKey[], form: PropertyForm): { key: ErrorKey; roomNumber?: number } | null {
  const [root, index, part] = path;
  if (root === 'rooms' && typeof index === 'number' && (part === 'type' || part === 'quantity')) {
    const block = sentRooms(form.rooms)[index];
    if (block) {
      return {
        key: roomField(block.id, part === 'type' ? 'type' : 'count'),
        roomNumber: form.rooms.indexOf(block) + 1,
      };
    }
  }
  const field = WIRE_TO_FIELD[String(root ?? '')];
  return field ? { key: field } : null;
}

/** One thing the check found, on the control that shows it; the component words it (lib/messages.ts). */
export interface FormIssue {
  key: ErrorKey;
  issue: z.core.$ZodIssue;
  /** 1-based position of the room block, for room controls. */
  roomNumber?: number;
}

export type CheckResult = { ok: true; fields: CreatePropertyFields } | { ok: false; issues: FormIssue[] };

const rank = (issue: FormIssue) => {
  const field = issue.key.startsWith('room-') ? 'rooms' : (issue.key as FormField);
  return FIELD_ORDER.indexOf(field) * 100 + (issue.roomNumber ?? 0);
};

/**
 * Checks the form with the contract's CreatePropertyFields, the schema the API parses with, plus the cover photo
 * (a file, checked by the API beside the fields). Issues come in FIELD_ORDER.
 */
export function checkForm(form: PropertyForm): CheckResult {
  const result = CreatePropertyFields.safeParse(nestPropertyFields(toWireFields(form)));
  const issues: FormIssue[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const at = errorKeyOf(issue.path, form);
      if (at && !issues.some((known) => known.key === at.key)) issues.push({ ...at, issue });
    }
  }
  if (!form.coverPhoto) {
    issues.push({
      key: 'coverPhoto',
      issue: { code: 'custom', path: ['cover_image'], message: requiredMessage('cover_image'), input: undefined },
    });
  }
  if (result.success && issues.length === 0) return { ok: true, fields: result.data };
  return { ok: false, issues: issues.sort((a, b) => rank(a) - rank(b)) };
}

/**
 * POST /api/property's multipart body from the checked fields: numbers as the contract read them (price in whole
 * baht), so what is sent is what the wizard showed. Text fields first, then the files.
 */
export function toFormData(fields: CreatePropertyFields, form: PropertyForm): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'rooms' || value === undefined) continue;
    data.append(name, String(value));
  }
  fields.rooms.forEach((room, i) => {
    data.append(`rooms[${i}][type]`, room.type);
    data.append(`rooms[${i}][quantity]`, String(room.quantity));
  });
  if (form.coverPhoto) data.append('cover_image', form.coverPhoto.file, form.coverPhoto.file.name);
  form.otherPhotos.forEach((photo, i) => {
    data.append(`images[${i}]`, photo.file, photo.file.name);
  });
  return data;
}

/** Maps a 400's `errors` (wire names, nested paths like `rooms.0.type` or `images[2]`) onto the form's controls. */
export function fieldErrorsFromServer(errors: Record<string, string[]> | undefined, form: PropertyForm): FormErrors {
  const mapped: FormErrors = {};
  for (const [wireKey, messages] of Object.entries(errors ?? {})) {
    const path = wireKey.split(/[.[\]]+/).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const at = errorKeyOf(path, form);
    const message = messages[0];
    if (at && message && !mapped[at.key]) mapped[at.key] = message;
  }
  return mapped;
}

const THOUSANDS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * What a baht field will store, read as the API reads it: `{ baht: 1234568, isRounded: true }` for "1234567.89";
 * null while the text is empty or not a price.
 */
export function bahtPreview(text: string): { baht: number; isRounded: boolean } | null {
  const parsed = parseAmount(text, { currency: true, decimals: true });
  return parsed.ok ? { baht: parsed.value, isRounded: parsed.isRounded } : null;
}

/** Whole baht with en-US thousands separators (spec section 9): "1,234,568". */
export function formatBaht(baht: number): string {
  return THOUSANDS.format(baht);
}
