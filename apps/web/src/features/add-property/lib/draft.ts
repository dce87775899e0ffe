import { LANGUAGES, PROPERTY_SUB_TYPES, TITLE_DEEDS } from '@baan/contract';
import { z } from 'zod';
import {
  type ExistingPhoto,
  emptyForm,
  HOUSE_INFO_FIELDS,
  newRoom,
  type PropertyForm,
  RENTAL_TERM_KEYS,
  toWireFields,
} from './property-form';

/**
 * The wizard's unsent work, kept in localStorage per user until a submit succeeds or the person discards it: one
 * draft for a new listing and one per listing being edited, never mixed (draftKey). New photos cannot be kept there
 * (files); their names are, so the wizard can say which ones to choose again. An edit's draft keeps which of the
 * listing's photos stay, in their order, by id.
 */
export interface Draft {
  form: PropertyForm;
  step: number;
  /** Names of photos that were chosen and must be chosen again. */
  photos: PhotoNames;
}

export interface PhotoNames {
  cover: string | null;
  others: string[];
}

/** Whose draft, of what: a user's new listing (their id), or a user's edit of one of their listings. */
export type DraftOwner = number | { userId: number; listingId: number };

const draftKey = (owner: DraftOwner) =>
  typeof owner === 'number'
    ? `baan:add-property-draft:${owner}`
    : `baan:edit-property-draft:${owner.userId}:${owner.listingId}`;

const text = z.string().max(20_000);
/**
 * A stored field's value, or undefined where the draft has none (it was kept before the field existed) or one that no
 * longer fits (a choice since removed): the blank form's value is used instead, so a new field never costs a draft.
 */
const kept = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
// What is read back is checked: storage may hold an older shape or have been edited by hand. A field the form no
// longer has is dropped; one the draft lacks is taken from the blank form (loadDraft).
const StoredDraft = z.object({
  version: z.literal(1),
  step: z.number().int().min(0).max(2),
  form: z.object({
    user_type: kept(z.enum(['owner', 'agent', ''])),
    propertyType: kept(z.enum(['residential', 'commercial', ''])),
    propertyStatus: kept(z.enum(['rent', 'sale', ''])),
    subType: kept(z.enum([...PROPERTY_SUB_TYPES, ''])),
    location: kept(text),
    lat: kept(z.number()),
    lon: kept(z.number()),
    title: kept(text),
    description: kept(text),
    price: kept(text),
    availableDate: kept(text),
    language: kept(z.enum(LANGUAGES)),
    featured: kept(z.enum(['1', '0'])),
    foreignQuota: kept(z.enum(['1', '0'])),
    titleDeed: kept(z.enum([...TITLE_DEEDS, ''])),
    houseInfo: kept(z.object(Object.fromEntries(HOUSE_INFO_FIELDS.map((field) => [field, kept(text)])))),
    rentalTerms: kept(z.object(Object.fromEntries(RENTAL_TERM_KEYS.map((key) => [key, kept(text)])))),
    rooms: kept(z.array(z.object({ type: text, count: text })).max(100)),
    existingPhotos: kept(z.array(z.number().int()).max(100)),
  }),
  photos: z.object({ cover: z.string().max(500).nullable(), others: z.array(z.string().max(500)).max(100) }),
});

/** The values a stored draft has (without the ones it lacks). */
const present = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };

/** Whether anything was entered: a form only visited (or only given a listing language) is no draft. */
export function hasEntries(form: PropertyForm): boolean {
  const blank = emptyForm(form.language);
  return (
    Boolean(form.coverPhoto || form.otherPhotos.length) ||
    (['user_type', 'propertyType', 'propertyStatus', 'subType', 'title', 'description', 'price'] as const).some(
      (field) => form[field] !== blank[field],
    ) ||
    form.location.trim() !== '' ||
    form.featured !== blank.featured ||
    form.foreignQuota !== blank.foreignQuota ||
    form.titleDeed !== blank.titleDeed ||
    Object.values(form.houseInfo).some((value) => value !== '') ||
    Object.values(form.rentalTerms).some((value) => value !== '') ||
    form.rooms.some((room) => room.type !== '' || room.count !== '')
  );
}

/**
 * Whether an edit differs from the listing as it was: any field as it would be sent, the photos kept and their order,
 * a new photo.
 */
export function isChanged(form: PropertyForm, original: PropertyForm): boolean {
  const ids = (photos: ExistingPhoto[]) => photos.map((photo) => photo.id).join(',');
  return (
    JSON.stringify(toWireFields(form)) !== JSON.stringify(toWireFields(original)) ||
    ids(form.existingPhotos) !== ids(original.existingPhotos) ||
    form.otherPhotos.length > 0
  );
}

export function saveDraft(owner: DraftOwner, { form, step, photos }: Draft): void {
  const { coverPhoto: _cover, otherPhotos: _others, existingPhotos, rooms, ...fields } = form;
  const stored = {
    version: 1,
    step,
    form: {
      ...fields,
      rooms: rooms.map(({ type, count }) => ({ type, count })),
      ...(typeof owner === 'number' ? {} : { existingPhotos: existingPhotos.map((photo) => photo.id) }),
    },
    photos,
  };
  try {
    localStorage.setItem(draftKey(owner), JSON.stringify(stored));
  } catch {
    // Storage full or turned off: the form still works, it just is not kept.
  }
}

/**
 * The draft kept for `owner`, or null. An edit's draft names the listing's photos by id: `photos` are the listing's
 * photos now, and ids no longer among them are dropped.
 */
export function loadDraft(owner: DraftOwner, listingPhotos: readonly ExistingPhoto[] = []): Draft | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(draftKey(owner));
  } catch {
    return null;
  }
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = StoredDraft.safeParse(json);
  if (!parsed.success) return null;
  const { form, step, photos } = parsed.data;
  const { existingPhotos: keptIds, houseInfo, rentalTerms, rooms, ...fields } = present(form);
  const blank = emptyForm(fields.language);
  return {
    step,
    photos,
    form: {
      ...blank,
      ...fields,
      houseInfo: { ...blank.houseInfo, ...present(houseInfo ?? {}) },
      rentalTerms: { ...blank.rentalTerms, ...present(rentalTerms ?? {}) },
      coverPhoto: null,
      otherPhotos: [],
      existingPhotos: keptIds
        ? keptIds.flatMap((id) => listingPhotos.filter((photo) => photo.id === id))
        : [...listingPhotos],
      rooms: rooms && rooms.length > 0 ? rooms.map((room) => ({ ...newRoom(), ...room })) : [newRoom()],
    },
  };
}

export function clearDraft(owner: DraftOwner): void {
  try {
    localStorage.removeItem(draftKey(owner));
  } catch {
    // Nothing to clear.
  }
}
