import { LANGUAGES, PROPERTY_SUB_TYPES, TITLE_DEEDS } from '@baan/contract';
import { z } from 'zod';
import {
  type ExistingPhoto,
  emptyForm,
  HOUSE_INFO_FIELDS,
  newRoom,
  type PropertyForm,
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
// What is read back is checked: storage may hold an older shape or have been edited by hand.
const StoredDraft = z.object({
  version: z.literal(1),
  step: z.number().int().min(0).max(2),
  form: z.object({
    user_type: z.enum(['owner', 'agent', '']),
    propertyType: z.enum(['residential', 'commercial', '']),
    propertyStatus: z.enum(['rent', 'sale', '']),
    subType: z.enum([...PROPERTY_SUB_TYPES, '']),
    location: text,
    lat: z.number().optional(),
    lon: z.number().optional(),
    title: text,
    description: text,
    price: text,
    availableDate: text,
    language: z.enum(LANGUAGES),
    featured: z.enum(['1', '0']),
    // Added with issue 15: a draft kept before it has neither.
    foreignQuota: z.enum(['1', '0']).default('0'),
    titleDeed: z.enum([...TITLE_DEEDS, '']).default(''),
    houseInfo: z.object(Object.fromEntries(HOUSE_INFO_FIELDS.map((field) => [field, text]))),
    rooms: z.array(z.object({ type: text, count: text })).max(100),
    existingPhotos: z.array(z.number().int()).max(100).optional(),
  }),
  photos: z.object({ cover: z.string().max(500).nullable(), others: z.array(z.string().max(500)).max(100) }),
});

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
  const { existingPhotos: keptIds, ...fields } = form;
  return {
    step,
    photos,
    form: {
      ...fields,
      houseInfo: { ...emptyForm().houseInfo, ...form.houseInfo },
      coverPhoto: null,
      otherPhotos: [],
      existingPhotos: keptIds
        ? keptIds.flatMap((id) => listingPhotos.filter((photo) => photo.id === id))
        : [...listingPhotos],
      rooms: form.rooms.length > 0 ? form.rooms.map((room) => ({ ...newRoom(), ...room })) : [newRoom()],
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
