import {
  appliesTo,
  CreatePropertyFields,
  fromSquareMetres,
  isLandArea,
  isLanguage,
  isRequiredListingNumber,
  type Language,
  LISTING_NUMBER_FIELDS,
  LISTING_NUMBER_NAMES,
  type ListingNumberField,
  type ListingNumberKey,
  type ListingNumberName,
  nestPropertyFields,
  PROPERTY_SUB_TYPES,
  type ProjectRef,
  type Property,
  PropertyFieldsObject,
  type PropertySubType,
  parseAmount,
  parseLandParts,
  RENTAL_TERM_FIELDS,
  RENTAL_TERM_NAMES,
  type RentalTermKey,
  type RentalTermName,
  requiredMessage,
  type TitleDeed,
  toSubTypeKey,
  UpdatePropertyFields,
} from '@baan/contract';
import type { z } from 'zod';
import { numberFormat } from '../../../lib/intl-cache';

export type UserType = 'owner' | 'agent';
export type PropertyType = 'residential' | 'commercial';
export type PropertyStatus = 'rent' | 'sale';

/** A photo the browser accepted, with the object URL its preview shows (revoked when it is removed). */
export interface PickedPhoto {
  id: string;
  file: File;
  previewUrl: string;
}

/** A photo the listing already has (editing): its id on the wire and how to show it. */
export interface ExistingPhoto {
  id: number;
  src: string;
  srcset: string;
}

/** A field of the contract's listing form (PropertyFieldsObject), by its wire name. */
export type WireField = keyof typeof PropertyFieldsObject.shape;

/** A house information field: the contract's description of it (LISTING_NUMBER_FIELDS) with its wire name. */
export type HouseInfoSpec = ListingNumberField & { wire: ListingNumberName };

type HouseInfoMap = {
  [N in ListingNumberName as (typeof LISTING_NUMBER_FIELDS)[N]['key']]: (typeof LISTING_NUMBER_FIELDS)[N] & { wire: N };
};

/**
 * The web form model of the house information, by form key: the contract's LISTING_NUMBER_FIELDS (area, rooms,
 * level, floors and the rest), in its order, which is the order on screen. A field is labelled and named in messages
 * with the listing page's wording, `listings:detail.<key>` (lib/messages.ts), with its unit; what is required, the
 * limits and the messages come from the contract (PropertyFieldsObject and levelAndFloorsIssues).
 */
export const HOUSE_INFO = Object.fromEntries(
  LISTING_NUMBER_NAMES.map((wire) => [LISTING_NUMBER_FIELDS[wire].key, { ...LISTING_NUMBER_FIELDS[wire], wire }]),
) as HouseInfoMap;

export type HouseInfoKey = ListingNumberKey;
/** House information as typed: the contract reads it (Thai digits, separators, ฿ …) when the form is checked. */
export type HouseInfo = Record<HouseInfoKey, string>;
export const HOUSE_INFO_FIELDS = Object.keys(HOUSE_INFO) as HouseInfoKey[];

const spec = (key: HouseInfoKey): HouseInfoSpec => HOUSE_INFO[key];

export const isBahtField = (key: HouseInfoKey): boolean => spec(key).kind === 'baht';

/**
 * The rental terms by form key (the contract's RENTAL_TERM_FIELDS with their wire names), asked on a rent listing
 * only, in the list's order; each is kept as typed or chosen ('' for not given).
 */
export const RENTAL_TERMS = Object.fromEntries(
  RENTAL_TERM_NAMES.map((wire) => [RENTAL_TERM_FIELDS[wire].key, { ...RENTAL_TERM_FIELDS[wire], wire }]),
) as { [N in RentalTermName as (typeof RENTAL_TERM_FIELDS)[N]['key']]: (typeof RENTAL_TERM_FIELDS)[N] & { wire: N } };
export const RENTAL_TERM_KEYS = Object.keys(RENTAL_TERMS) as RentalTermKey[];
export type RentalTermsForm = Record<RentalTermKey, string>;
const blankRentalTerms = (): RentalTermsForm =>
  Object.fromEntries(RENTAL_TERM_KEYS.map((key) => [key, ''])) as RentalTermsForm;

/** Whether the wizard asks for this term now: every term on a rental, the rate only with the building's rate. */
export function asksRentalTerm(
  form: Pick<PropertyForm, 'propertyStatus' | 'rentalTerms'>,
  key: RentalTermKey,
): boolean {
  if (form.propertyStatus !== 'rent') return false;
  return key !== 'electricityRate' || form.rentalTerms.electricity === 'building';
}

/** The other contract fields and the control that edits each (null: none of its own; lat and lon come with the place). */
const MAIN_FIELDS = {
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
  area_unit: null,
  availability_date: 'availableDate',
  language: 'language',
  is_featured: 'featured',
  foreign_quota: 'foreignQuota',
  title_deed: 'titleDeed',
  rooms: 'rooms',
  // Chosen with the location (its errors show there).
  project_id: 'location',
} as const satisfies Partial<Record<WireField, string | null>>;

// Every field of the contract has a place in the form: adding one to PropertyFieldsObject fails the type check here
// until it is one of LISTING_NUMBER_FIELDS (HOUSE_INFO) or MAIN_FIELDS names it.
type Unmapped = Exclude<WireField, keyof typeof MAIN_FIELDS | ListingNumberName | RentalTermName>;
const everyFieldMapped: Record<Unmapped, never> = {};
void everyFieldMapped;

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
  /** One of the one list's sub types (PROPERTY_SUB_TYPES) that fits the property type; '' before one is chosen. */
  subType: PropertySubType | '';
  location: string;
  lat?: number;
  lon?: number;
  /** The building (project) it belongs to, chosen with the location; null for none. */
  project: ProjectRef | null;
  title: string;
  description: string;
  price: string;
  availableDate: string;
  language: Language;
  featured: '1' | '0';
  /** Condos only: the building's foreign quota has room ('1'); other sub types never send it. */
  foreignQuota: '1' | '0';
  /** Optional: '' when not given. */
  titleDeed: TitleDeed | '';
  coverPhoto: PickedPhoto | null;
  /** New photos: after the cover when adding, after the current photos when editing. */
  otherPhotos: PickedPhoto[];
  /** Editing only: the listing's photos that stay, in their new order; the first is the cover. */
  existingPhotos: ExistingPhoto[];
  houseInfo: HouseInfo;
  /** A rental's terms as chosen or typed (RENTAL_TERMS); '' for not given. Sent only for a rent listing. */
  rentalTerms: RentalTermsForm;
  rooms: RoomBlock[];
  /**
   * The unit each land area field is entered in, once chosen (otherwise rai·ngan·sq wah in Thai, m² in the other
   * languages: landUnitOf). Not kept in drafts: the m² in houseInfo is what is kept and sent.
   */
  landUnits?: Partial<Record<LandAreaKey, LandUnit>>;
  /** Rai, ngan and square wah as typed, per land area field entered so; houseInfo has their m² while they read. */
  landParts?: Partial<Record<LandAreaKey, LandPartsText>>;
}

// ---- Land areas in rai, ngan and square wah (issue 16) ------------------------------------------------------

/** The house information fields that can be entered in Thai land units (the contract's `landArea`): area, lot area. */
export type LandAreaKey = {
  [K in HouseInfoKey]: HouseInfoMap[K] extends { landArea: string } ? K : never;
}[HouseInfoKey];
export type LandUnit = 'sqm' | 'rai';
export interface LandPartsText {
  rai: string;
  ngan: string;
  wah: string;
}

/** Whether this field of this sub type is a land area (offered in rai, ngan and square wah as well as m²). */
export function isLandAreaField(key: HouseInfoKey, subType: PropertyForm['subType']): key is LandAreaKey {
  return isLandArea(spec(key).wire, subType);
}

/** The unit a land area field is shown in: the one chosen, else rai·ngan·sq wah for Thai readers, m² otherwise. */
export function landUnitOf(form: PropertyForm, key: LandAreaKey, interfaceLanguage: string): LandUnit {
  return form.landUnits?.[key] ?? (form.landParts?.[key] ? 'rai' : interfaceLanguage === 'th' ? 'rai' : 'sqm');
}

/** Rai, ngan and square wah of an m² text as the form shows them ("3600" → 2, 1, 0); blanks for no area. */
export function landPartsOf(squareMetres: string): LandPartsText {
  const parsed = parseAmount(squareMetres, { decimals: true });
  if (!parsed.ok) return { rai: '', ngan: '', wah: '' };
  const parts = fromSquareMetres(parsed.value);
  return { rai: String(parts.rai), ngan: String(parts.ngan), wah: String(parts.wah) };
}

/** The m² text houseInfo keeps for typed rai, ngan and square wah: '' while they are blank or cannot be read. */
export function squareMetresOf(parts: LandPartsText): string {
  const parsed = parseLandParts(parts);
  // Whole digits even for a huge rai, so the area's own range check says "too large", not "not a number".
  return parsed.ok && !parsed.isBlank
    ? numberFormat('en-US', { useGrouping: false, maximumFractionDigits: 0 }).format(parsed.squareMetres)
    : '';
}

/** What is wrong with the rai, ngan and square wah typed for land area fields in use, as form issues. */
function landIssues(form: PropertyForm): FormIssue[] {
  const issues: FormIssue[] = [];
  for (const [key, parts] of Object.entries(form.landParts ?? {}) as [LandAreaKey, LandPartsText][]) {
    if (!isLandAreaField(key, form.subType) || form.landUnits?.[key] === 'sqm') continue;
    const parsed = parseLandParts(parts);
    if (parsed.ok) continue;
    issues.push({
      key,
      issue: {
        code: 'custom',
        path: [HOUSE_INFO[key].wire],
        message: `${parsed.part}: ${parsed.problem}`,
        params: { problem: 'land', part: parsed.part, landProblem: parsed.problem },
        input: parts[parsed.part],
      },
    });
  }
  return issues;
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

/** The house information fields this sub type asks for: level only where a unit sits on a floor (`onlyFor`). */
export function houseInfoFields(subType: PropertyForm['subType']): HouseInfoKey[] {
  return HOUSE_INFO_FIELDS.filter((key) => appliesTo(spec(key).wire, subType));
}

/**
 * Whether the contract requires this house information field for this sub type: a blank value is refused by the
 * field's own schema, or by the rules between fields (a condo's level, a building's floors).
 */
export const isRequiredHouseInfo = (key: HouseInfoKey, subType: PropertyForm['subType']): boolean =>
  isRequiredListingNumber(spec(key).wire, subType);

/** Whether the wizard asks this sub type about foreign quota (a condo unit; ADR 018). */
export const hasForeignQuota = (subType: PropertyForm['subType']): boolean => subType === 'condo';

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

const blankHouseInfo = (): HouseInfo => Object.fromEntries(HOUSE_INFO_FIELDS.map((key) => [key, ''])) as HouseInfo;

export function emptyForm(language: Language = 'en', now = new Date()): PropertyForm {
  return {
    user_type: '',
    propertyType: '',
    propertyStatus: '',
    subType: '',
    location: '',
    project: null,
    title: '',
    description: '',
    price: '',
    availableDate: today(now),
    language,
    featured: '0',
    foreignQuota: '0',
    titleDeed: '',
    coverPhoto: null,
    otherPhotos: [],
    existingPhotos: [],
    houseInfo: blankHouseInfo(),
    rentalTerms: blankRentalTerms(),
    rooms: [newRoom()],
  };
}

/** Step 1 ("Define your place") is complete once all five choices are made (spec section 4). */
export function isStepOneComplete(form: PropertyForm): boolean {
  return Boolean(form.user_type && form.propertyType && form.propertyStatus && form.subType && form.location.trim());
}

export type FormField =
  | Exclude<(typeof MAIN_FIELDS)[keyof typeof MAIN_FIELDS], null>
  | HouseInfoKey
  | RentalTermKey
  | 'coverPhoto'
  | 'otherPhotos';

/** Server field names (the wire's) → the form control that shows the message; the photos' names included. */
const WIRE_TO_FIELD: Record<string, FormField> = {
  ...Object.fromEntries(Object.entries(MAIN_FIELDS).filter(([, field]) => field !== null)),
  ...Object.fromEntries(HOUSE_INFO_FIELDS.map((key) => [HOUSE_INFO[key].wire, key])),
  ...Object.fromEntries(RENTAL_TERM_KEYS.map((key) => [RENTAL_TERMS[key].wire, key])),
  cover_image: 'coverPhoto',
  images: 'otherPhotos',
  remove_image_ids: 'otherPhotos',
  cover_image_id: 'otherPhotos',
  image_order: 'otherPhotos',
};

/**
 * Every field an error can be shown on, in the order the wizard reports them: the contract's order of fields
 * (PropertyFieldsObject: the spec's required fields first, section 5), with `propertyStatus` after `propertyType` (it
 * is the listing type sent, docs/decisions/006), the cover photo after the price and the other photos last.
 */
export const FIELD_ORDER: readonly FormField[] = (() => {
  const order: FormField[] = [];
  for (const wire of Object.keys(PropertyFieldsObject.shape)) {
    const field = WIRE_TO_FIELD[wire];
    if (field && field !== 'propertyStatus' && !order.includes(field)) order.push(field);
    if (field === 'propertyType') order.push('propertyStatus');
    if (field === 'price') order.push('coverPhoto');
  }
  order.push('otherPhotos');
  return order;
})();

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
  // Drafts saved before projects existed have none.
  if (form.project) put('project_id', String(form.project.id));
  if (form.lat !== undefined && form.lon !== undefined) {
    put('lat', String(form.lat));
    put('lon', String(form.lon));
  }
  put('title', form.title.trim());
  put('description', form.description.trim());
  put('availability_date', form.availableDate);
  put('language', form.language);
  put('price', form.price);
  put('area_unit', 'sqm');
  for (const key of houseInfoFields(form.subType)) put(HOUSE_INFO[key].wire, form.houseInfo[key]);
  put('is_featured', form.featured);
  // Foreign quota is a condo's; chosen before the sub type changed it is not sent (the API stores 0).
  if (hasForeignQuota(form.subType)) put('foreign_quota', form.foreignQuota);
  put('title_deed', form.titleDeed);
  // A rental's terms (a sale listing has none; the API refuses them there); the rate only with the building's rate.
  for (const key of RENTAL_TERM_KEYS) if (asksRentalTerm(form, key)) put(RENTAL_TERMS[key].wire, form.rentalTerms[key]);
  sentRooms(form.rooms).forEach((room, i) => {
    wire[`rooms[${i}][type]`] = room.type;
    wire[`rooms[${i}][quantity]`] = room.count;
  });
  return wire;
}

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

export type WizardMode = 'create' | 'edit';

/**
 * Checks the form with the contract's CreatePropertyFields, the schema the API parses with (an edit is checked as
 * the listing will be, which is what PATCH checks), plus the photos (files, checked by the API beside the fields): a
 * new listing needs a cover; an edited one keeps or adds at least one photo. Issues come in FIELD_ORDER.
 */
export function checkForm(form: PropertyForm, mode: WizardMode = 'create'): CheckResult {
  const result = CreatePropertyFields.safeParse(nestPropertyFields(toWireFields(form)));
  // Rai, ngan or wah that cannot be read leave the area blank; their own message wins over "area is required".
  const issues: FormIssue[] = landIssues(form);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const at = errorKeyOf(issue.path, form);
      if (at && !issues.some((known) => known.key === at.key)) issues.push({ ...at, issue });
    }
  }
  if (mode === 'create' && !form.coverPhoto) {
    issues.push({
      key: 'coverPhoto',
      issue: { code: 'custom', path: ['cover_image'], message: requiredMessage('cover_image'), input: undefined },
    });
  }
  if (mode === 'edit' && form.existingPhotos.length + form.otherPhotos.length === 0) {
    issues.push({
      key: 'otherPhotos',
      issue: {
        code: 'custom',
        path: ['images'],
        message: 'keep or add at least one photo',
        params: { problem: 'photoNeeded' },
        input: undefined,
      },
    });
  }
  if (result.success && issues.length === 0) return { ok: true, fields: result.data };
  return { ok: false, issues: issues.sort((a, b) => rank(a) - rank(b)) };
}

/** The checked fields as multipart text: numbers as the contract read them (price in whole baht), rooms flat. */
function appendFields(data: FormData, fields: Partial<CreatePropertyFields>) {
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'rooms' || value === undefined) continue;
    data.append(name, String(value));
  }
  fields.rooms?.forEach((room, i) => {
    data.append(`rooms[${i}][type]`, room.type);
    data.append(`rooms[${i}][quantity]`, String(room.quantity));
  });
}

/**
 * POST /api/property's multipart body from the checked fields: numbers as the contract read them (price in whole
 * baht), so what is sent is what the wizard showed. Text fields first, then the files.
 */
export function toFormData(fields: CreatePropertyFields, form: PropertyForm): FormData {
  const data = new FormData();
  appendFields(data, fields);
  if (form.coverPhoto) data.append('cover_image', form.coverPhoto.file, form.coverPhoto.file.name);
  form.otherPhotos.forEach((photo, i) => {
    data.append(`images[${i}]`, photo.file, photo.file.name);
  });
  return data;
}

// ---- Editing a listing ---------------------------------------------------------------------------------------

/** A listing as GET /api/user/properties has it, in the form: every field, the rooms and the photos. */
export function formFromListing(listing: Property): PropertyForm {
  const subType = toSubTypeKey(listing.property_sub_type);
  const form = emptyForm(isLanguage(listing.language) ? listing.language : 'en');
  const houseInfo = blankHouseInfo();
  for (const key of HOUSE_INFO_FIELDS) {
    const value = listing[spec(key).wire];
    if (value !== null) houseInfo[key] = isBahtField(key) ? formatBaht(value) : String(value);
  }
  const isSubType = (PROPERTY_SUB_TYPES as readonly unknown[]).includes(subType);
  for (const key of HOUSE_INFO_FIELDS) if (!appliesTo(spec(key).wire, String(subType))) houseInfo[key] = '';
  return {
    ...form,
    user_type: listing.user_type,
    propertyType: listing.property_type,
    propertyStatus: listing.type,
    subType: isSubType ? (subType as PropertySubType) : '',
    location: listing.location,
    project: listing.project ?? null,
    lat: listing.lat ?? undefined,
    lon: listing.lon ?? undefined,
    title: listing.title,
    description: listing.description,
    price: formatBaht(listing.price),
    availableDate: listing.availability_date?.slice(0, 10) ?? '',
    featured: listing.is_featured === 1 ? '1' : '0',
    foreignQuota: listing.foreign_quota === 1 ? '1' : '0',
    titleDeed: listing.title_deed ?? '',
    existingPhotos: listing.images.map((image) => ({ id: image.id, src: image.image_path, srcset: image.srcset })),
    houseInfo,
    rentalTerms: Object.fromEntries(
      RENTAL_TERM_KEYS.map((key) => [key, String(listing[RENTAL_TERMS[key].wire] ?? '')]),
    ) as RentalTermsForm,
    rooms:
      listing.rooms.length > 0
        ? listing.rooms.map((room) => ({ ...newRoom(), type: room.type, count: String(room.quantity) }))
        : [newRoom()],
  };
}

/** The listing fields PATCH /api/property/{id} takes (UpdatePropertyFields), without status and the photo changes. */
const UPDATABLE_FIELDS = Object.keys(UpdatePropertyFields.shape).filter(
  (name): name is WireField => name in PropertyFieldsObject.shape,
);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The photos' changes against the listing as it was: removed ids, the new cover, the new order. */
export function photoChanges(
  before: readonly ExistingPhoto[],
  after: readonly ExistingPhoto[],
): { removed: number[]; cover?: number; order?: number[] } {
  const kept = new Set(after.map((photo) => photo.id));
  const removed = before.filter((photo) => !kept.has(photo.id)).map((photo) => photo.id);
  const wasCover = before[0]?.id;
  const cover = after[0] && after[0].id !== wasCover ? after[0].id : undefined;
  // The order of the photos after the cover, against their order before: only a real move is sent.
  const rest = after.slice(1).map((photo) => photo.id);
  const restBefore = before.map((photo) => photo.id).filter((id) => kept.has(id) && id !== after[0]?.id);
  const order = sameValue(rest, restBefore) ? undefined : after.map((photo) => photo.id);
  return { removed, cover, order };
}

/**
 * PATCH /api/property/{id}'s multipart body: only what differs from the listing as it was (`original`), compared as
 * the contract reads both, so "4,500,000" against 4500000 is no change. A field emptied is sent empty (cleared). The
 * photo changes go as `remove_image_ids[i]`, `image_order[i]` and `cover_image_id` (contract UpdatePropertyForm); new
 * photos as `images[i]`. `changed` names what is sent (empty: nothing to save).
 */
export function toPatchData(
  fields: CreatePropertyFields,
  form: PropertyForm,
  original: PropertyForm,
): { data: FormData; changed: string[] } {
  const before = CreatePropertyFields.safeParse(nestPropertyFields(toWireFields(original)));
  const was: Partial<CreatePropertyFields> = before.success ? before.data : {};
  const data = new FormData();
  const changed: string[] = [];
  for (const name of UPDATABLE_FIELDS) {
    const value = fields[name];
    if (before.success && sameValue(value, was[name])) continue;
    changed.push(name);
    if (name === 'rooms') {
      // No rooms left: one blank block says so (the API drops blank blocks, leaving an empty list).
      if (fields.rooms.length === 0) {
        data.append('rooms[0][type]', '');
        data.append('rooms[0][quantity]', '');
      } else {
        appendFields(data, { rooms: fields.rooms });
      }
    } else {
      data.append(name, value === undefined ? '' : String(value));
    }
  }
  const photos = photoChanges(original.existingPhotos, form.existingPhotos);
  photos.removed.forEach((id, i) => {
    data.append(`remove_image_ids[${i}]`, String(id));
  });
  if (photos.removed.length > 0) changed.push('remove_image_ids');
  if (photos.cover !== undefined) {
    data.append('cover_image_id', String(photos.cover));
    changed.push('cover_image_id');
  }
  if (photos.order) {
    photos.order.forEach((id, i) => {
      data.append(`image_order[${i}]`, String(id));
    });
    changed.push('image_order');
  }
  form.otherPhotos.forEach((photo, i) => {
    data.append(`images[${i}]`, photo.file, photo.file.name);
  });
  if (form.otherPhotos.length > 0) changed.push('images');
  return { data, changed };
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

const THOUSANDS = numberFormat('en-US', { maximumFractionDigits: 0 });

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
