import { MAX_PHOTOS, nestPropertyFields } from '@baan/contract';

/** The file fields a PATCH /api/property/{id} form may carry: new photos as `images` or `images[i]`. */
export const PHOTO_FIELDS = ['images', ...Array.from({ length: MAX_PHOTOS }, (_, i) => `images[${i}]`)];

const ID_LISTS = ['remove_image_ids', 'image_order'] as const;

/**
 * The flat multipart fields of an edit in the shape UpdatePropertyFields reads (contract UpdatePropertyForm). Rooms
 * are nested as a create's are, and only when some `rooms[…]` field was sent: an edit that names no room keeps the
 * rooms. A photo id list comes as `name[i]` fields (in the order of i), `name[]` or `name`, each possibly
 * comma-separated (a repeated field name keeps only its last value).
 */
export function nestUpdateFields(flat: Record<string, string>): Record<string, unknown> {
  const lists = new Map<string, { index: number; values: string[] }[]>();
  const rest: Record<string, string> = {};
  for (const [key, value] of Object.entries(flat)) {
    const list = ID_LISTS.find((name) => key === name || key.startsWith(`${name}[`));
    const index = list ? /^[a-z_]+(?:\[(\d{0,2})\])?$/.exec(key) : null;
    if (!list || !index) {
      rest[key] = value;
      continue;
    }
    const entries = lists.get(list) ?? [];
    entries.push({ index: index[1] ? Number(index[1]) : -1, values: value.split(',').map((v) => v.trim()) });
    lists.set(list, entries);
  }
  const out = nestPropertyFields(rest);
  if (!Object.keys(rest).some((key) => key.startsWith('rooms['))) delete out.rooms;
  for (const [name, entries] of lists) {
    out[name] = entries
      .sort((a, b) => a.index - b.index)
      .flatMap((entry) => entry.values)
      .filter((v) => v !== '');
  }
  return out;
}
