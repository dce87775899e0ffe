import { LANGUAGES, WIZARD_SUB_TYPES } from '@baan/contract';
import { z } from 'zod';
import { emptyForm, HOUSE_INFO_FIELDS, newRoom, type PropertyForm } from './property-form';

/**
 * The wizard's unsent work, kept in localStorage per user until a submit succeeds or the person discards it. Photos
 * cannot be kept there (files); their names are, so the wizard can say which ones to choose again.
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

const draftKey = (userId: number) => `baan:add-property-draft:${userId}`;

const text = z.string().max(20_000);
// What is read back is checked: storage may hold an older shape or have been edited by hand.
const StoredDraft = z.object({
  version: z.literal(1),
  step: z.number().int().min(0).max(2),
  form: z.object({
    user_type: z.enum(['owner', 'agent', '']),
    propertyType: z.enum(['residential', 'commercial', '']),
    propertyStatus: z.enum(['rent', 'sale', '']),
    subType: z.enum([...WIZARD_SUB_TYPES, '']),
    location: text,
    lat: z.number().optional(),
    lon: z.number().optional(),
    title: text,
    description: text,
    price: text,
    availableDate: text,
    language: z.enum(LANGUAGES),
    featured: z.enum(['1', '0']),
    houseInfo: z.object(Object.fromEntries(HOUSE_INFO_FIELDS.map((field) => [field, text]))),
    rooms: z.array(z.object({ type: text, count: text })).max(100),
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
    Object.values(form.houseInfo).some((value) => value !== '') ||
    form.rooms.some((room) => room.type !== '' || room.count !== '')
  );
}

export function saveDraft(userId: number, { form, step, photos }: Draft): void {
  const { coverPhoto: _cover, otherPhotos: _others, rooms, ...fields } = form;
  const stored = {
    version: 1,
    step,
    form: { ...fields, rooms: rooms.map(({ type, count }) => ({ type, count })) },
    photos,
  };
  try {
    localStorage.setItem(draftKey(userId), JSON.stringify(stored));
  } catch {
    // Storage full or turned off: the form still works, it just is not kept.
  }
}

export function loadDraft(userId: number): Draft | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(draftKey(userId));
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
  return {
    step,
    photos,
    form: {
      ...form,
      houseInfo: { ...emptyForm().houseInfo, ...form.houseInfo },
      coverPhoto: null,
      otherPhotos: [],
      rooms: form.rooms.length > 0 ? form.rooms.map((room) => ({ ...newRoom(), ...room })) : [newRoom()],
    },
  };
}

export function clearDraft(userId: number): void {
  try {
    localStorage.removeItem(draftKey(userId));
  } catch {
    // Nothing to clear.
  }
}
