import type { Language, WIZARD_SUB_TYPES } from '@baan/contract';

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

/** The add-property form (spec section 3). Numbers are kept as the digits typed; price without commas. */
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

/** Room types offered in a room block; sent as these keys. */
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
 * The fields the submit checks, in the spec's order (section 5). `propertyStatus` sits right after `propertyType`:
 * it is now the listing type sent (docs/decisions/006), so it must be set too.
 */
export const REQUIRED_FIELDS = [
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
] as const;
export type RequiredField = (typeof REQUIRED_FIELDS)[number];

/** Every field an error can be shown on. */
export type FormField =
  | RequiredField
  | 'otherPhotos'
  | 'availableDate'
  | 'language'
  | 'featured'
  | 'rooms'
  | keyof HouseInfo;

/** The wizard step (0, 1, 2) where a field is edited. */
export function stepOf(field: FormField): number {
  if (['user_type', 'propertyType', 'propertyStatus', 'subType', 'location'].includes(field)) return 0;
  if (field === 'coverPhoto' || field === 'otherPhotos') return 1;
  return 2;
}

function requiredValue(form: PropertyForm, field: RequiredField): string | PickedPhoto | null {
  if (field === 'coverPhoto') return form.coverPhoto;
  if (field in form.houseInfo) return form.houseInfo[field as keyof HouseInfo];
  return form[field as Exclude<RequiredField, 'coverPhoto' | keyof HouseInfo>];
}

/** The first required field left empty, or null when the form can be sent. */
export function firstMissingField(form: PropertyForm): RequiredField | null {
  for (const field of REQUIRED_FIELDS) {
    const value = requiredValue(form, field);
    if (value === null || (typeof value === 'string' && !value.trim())) return field;
  }
  return null;
}

/** Only the digits of what was typed ("1,250,000 ฿" → "1250000"), without leading zeros. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
}

/** Digits shown with en-US thousands separators while typing ("1250000" → "1,250,000"). */
export function formatPrice(digits: string): string {
  const clean = digitsOnly(digits);
  return clean ? clean.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : '';
}

/** Room blocks that are sent: those with a type and a count of at least 1 (the rest are dropped silently). */
export function completeRooms(rooms: readonly RoomBlock[]): { type: string; quantity: number }[] {
  return rooms
    .filter((room) => room.type.trim() && Number(room.count) >= 1)
    .map((room) => ({ type: room.type.trim(), quantity: Number(room.count) }));
}

/** POST /api/property's multipart body: the wire field names of spec section 7, fields first, then the files. */
export function toFormData(form: PropertyForm): FormData {
  const data = new FormData();
  const put = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') data.append(name, value);
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
  put('price', digitsOnly(form.price));
  const info = form.houseInfo;
  put('area', info.area);
  put('area_unit', 'sqm');
  put('level', info.level);
  put('bed_rooms', info.bedrooms);
  put('bath_rooms', info.bathrooms);
  put('kitchen', info.kitchen);
  put('floors', info.floors);
  put('living_space', info.livingSpace);
  put('lot_area', info.lotArea);
  put('avg_utilities', info.avgUtilities);
  put('is_featured', form.featured);
  completeRooms(form.rooms).forEach((room, i) => {
    data.append(`rooms[${i}][type]`, room.type);
    data.append(`rooms[${i}][quantity]`, String(room.quantity));
  });
  if (form.coverPhoto) data.append('cover_image', form.coverPhoto.file, form.coverPhoto.file.name);
  form.otherPhotos.forEach((photo, i) => {
    data.append(`images[${i}]`, photo.file, photo.file.name);
  });
  return data;
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

/** Maps a 400's `errors` (wire names, nested paths like `rooms.0.type` or `images[2]`) onto form fields. */
export function fieldErrorsFromServer(
  errors: Record<string, string[]> | undefined,
): Partial<Record<FormField, string>> {
  const mapped: Partial<Record<FormField, string>> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const root = key.split(/[.[]/)[0] ?? key;
    const field = WIRE_TO_FIELD[root];
    const message = messages[0];
    if (field && message && !mapped[field]) mapped[field] = message;
  }
  return mapped;
}
