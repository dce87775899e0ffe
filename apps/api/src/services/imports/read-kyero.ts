import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { LANGUAGES } from '@baan/contract';
import { SaxesParser } from 'saxes';
import { type ImportRecord, MAX_CELL, MAX_EXTERNAL_REF } from './import-columns.ts';
import { type ReadRow, UnreadableFile } from './read-csv.ts';

/**
 * Reads a Kyero v3 XML feed streaming (saxes: a SAX parser that reads no DTD and expands no entity but XML's five, so
 * "billion laughs" and external entities are an error, never an expansion). Each `<property>` becomes one row in the
 * template's columns (ADR 030 lists the mapping); the document is never held whole, only the property being read.
 */

/** Kyero's types (and the usual ones agents send) → Baan's sub types. */
const KYERO_TYPES: Record<string, string> = {
  apartment: 'condo',
  flat: 'condo',
  condo: 'condo',
  condominium: 'condo',
  penthouse: 'condo',
  studio: 'condo',
  duplex: 'condo',
  villa: 'villa',
  house: 'house',
  'detached house': 'house',
  'country house': 'house',
  finca: 'house',
  chalet: 'house',
  bungalow: 'bungalow',
  'town house': 'townhouse',
  townhouse: 'townhouse',
  'terraced house': 'townhouse',
  'semi-detached house': 'twinhouse',
  land: 'land',
  plot: 'land',
  commercial: 'shophouse',
  shop: 'shophouse',
  'commercial property': 'shophouse',
  office: 'office',
};
const COMMERCIAL = new Set(['shophouse', 'office']);
const WITHOUT_FLOORS = new Set(['land']);

type Property = Map<string, string>;

/** Joins an element path below <property> (`surface_area/built`, `desc/en`, `images/image/url`). */
const pathOf = (stack: readonly string[]) => stack.join('/');

function toRecord(
  p: Property,
  photoUrls: string[],
): { ref: string; record: ImportRecord; problems: Record<string, string[]> } {
  const get = (key: string) => p.get(key)?.trim() ?? '';
  const problems: Record<string, string[]> = {};
  const ref = (get('ref') || get('id')).slice(0, MAX_EXTERNAL_REF + 1);
  const freq = get('price_freq').toLowerCase();
  const type = freq === 'sale' ? 'sale' : freq === 'month' ? 'rent' : '';
  if (!type) problems.type = ['price_freq'];
  const currency = get('currency').toUpperCase();
  if (currency && currency !== 'THB') problems.price = ['currency'];
  const kyeroType = get('type').toLowerCase();
  const subType = KYERO_TYPES[kyeroType] ?? kyeroType;
  const place = [get('location_detail'), get('town'), get('province')].filter(Boolean).join(', ');
  // The description in the first of Baan's languages the feed gives, English first.
  const language = ['en', ...LANGUAGES.filter((l) => l !== 'en'), 'zh-tw'].find((l) => get(`desc/${l.toLowerCase()}`));
  const description = language ? get(`desc/${language.toLowerCase()}`) : '';
  const titleLanguage = language ?? 'en';
  const title =
    get(`title/${titleLanguage.toLowerCase()}`) ||
    [get('beds') ? `${get('beds')}-bedroom` : '', get('type'), get('town') ? `in ${get('town')}` : '']
      .filter(Boolean)
      .join(' ');
  const isLand = subType === 'land';
  const built = get('surface_area/built');
  const plot = get('surface_area/plot');
  const record: ImportRecord = {
    external_ref: ref,
    type,
    user_type: 'agent',
    property_type: COMMERCIAL.has(subType) ? 'commercial' : 'residential',
    property_sub_type: subType,
    title,
    description,
    location: place,
    lat: get('location/latitude'),
    lon: get('location/longitude'),
    price: get('price'),
    area: isLand ? plot : built || plot,
    lot_area: isLand ? '' : plot,
    bed_rooms: get('beds') || '0',
    bath_rooms: get('baths') || '0',
    kitchen: get('kitchens') || '0',
    // Kyero has no floor count: anything but land has one unless the feed says more (`floors`, an extension); a unit's level
    // comes only from the `floor` extension, and a condo without it is refused as the wizard refuses it.
    floors: get('floors') || (WITHOUT_FLOORS.has(subType) ? '' : '1'),
    level: get('floor'),
    language: language === 'zh-tw' ? 'TW' : (language ?? 'en'),
    is_featured: '0',
    photo_urls: photoUrls.join(' '),
  };
  return { ref, record, problems };
}

/** Yields every `<property>` of the feed as a row (numbered from 1, in order); at most `maxRows`. */
export async function* readKyero(body: Readable, maxRows: number): AsyncGenerator<ReadRow> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const ready: ReadRow[] = [];
  let failure: Error | undefined;
  let stack: string[] = [];
  let inProperty = false;
  let current: Property = new Map();
  let photos: string[] = [];
  let text = '';
  let row = 0;
  let sawRoot = false;

  parser.on('opentag', (tag) => {
    const name = tag.name.toLowerCase();
    if (!sawRoot) sawRoot = true;
    if (name === 'property' && !inProperty) {
      inProperty = true;
      current = new Map();
      photos = [];
      stack = [];
      return;
    }
    if (inProperty) stack.push(name);
    text = '';
  });
  parser.on('text', (t) => {
    if (inProperty && text.length <= MAX_CELL) text += t.slice(0, MAX_CELL + 1 - text.length);
  });
  parser.on('cdata', (t) => {
    if (inProperty && text.length <= MAX_CELL) text += t.slice(0, MAX_CELL + 1 - text.length);
  });
  parser.on('closetag', (tag) => {
    if (!inProperty) return;
    const name = tag.name.toLowerCase();
    if (name === 'property' && stack.length === 0) {
      inProperty = false;
      row += 1;
      if (row > maxRows) throw new UnreadableFile('too_many_rows', `more than ${maxRows} properties`);
      ready.push({ row, ...toRecord(current, photos) });
      return;
    }
    const key = pathOf(stack);
    if (key === 'images/image/url') {
      if (photos.length < 50) photos.push(text.trim());
    } else if (!current.has(key)) current.set(key, text);
    stack.pop();
    text = '';
  });
  parser.on('doctype', () => {
    // A feed has no DTD; one is refused rather than read (entities it declares would be undefined anyway).
    throw new UnreadableFile('broken_file', 'a DOCTYPE is not accepted');
  });
  parser.on('error', (err) => {
    failure = err;
  });

  const decoder = new StringDecoder('utf8');
  const feed = (chunk: string) => {
    try {
      parser.write(chunk);
    } catch (err) {
      failure = err as Error;
    }
    if (failure) {
      if (failure instanceof UnreadableFile) throw failure;
      throw new UnreadableFile('broken_file', failure.message.slice(0, 200));
    }
  };
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      feed(decoder.write(chunk));
      while (ready.length > 0) yield ready.shift() as ReadRow;
    }
    feed(decoder.end());
    try {
      parser.close();
    } catch (err) {
      failure = err as Error;
    }
    if (failure) throw new UnreadableFile('broken_file', failure.message.slice(0, 200));
    if (!sawRoot) throw new UnreadableFile('broken_file', 'no XML document');
    while (ready.length > 0) yield ready.shift() as ReadRow;
  } finally {
    body.destroy();
  }
}
