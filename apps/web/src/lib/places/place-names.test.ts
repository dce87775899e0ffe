import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import placeNames from './place-names.json';

/**
 * place-names.json is generated from the API's gazetteer (apps/api/src/services/locations/places): the names only,
 * no coordinates, for the browser. This test keeps the two in step. After editing the gazetteer, regenerate with
 *
 *     cd apps/web && UPDATE_PLACE_NAMES=1 npx vitest run src/lib/places/place-names.test.ts
 *     npx biome format --write src/lib/places/place-names.json
 */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const gazetteer = (file: string) =>
  JSON.parse(readFileSync(here(`../../../../api/src/services/locations/places/${file}.json`), 'utf8'));

type Raw = { en: string; th: string; aliases?: string[] };

function generate() {
  const places: string[][] = [];
  // Provinces first: a name two entries share resolves to the earlier (see localize-place.ts).
  for (const file of ['provinces', 'districts', 'neighbourhoods']) {
    for (const place of gazetteer(file) as Raw[]) places.push([place.en, place.th, ...(place.aliases ?? [])]);
  }
  // Stations and lines only ever appear as the autocomplete writes them ("Asok (BTS Sukhumvit Line)"): no aliases.
  const stations = (gazetteer('stations') as Raw[]).map((station) => [station.en, station.th]);
  const lines = Object.values(gazetteer('lines') as Record<string, Raw>).map((line) => [line.en, line.th]);
  return { places, stations, lines };
}

describe('place-names.json', () => {
  it('holds the gazetteer’s names (regenerate it as the comment above says after editing the gazetteer)', () => {
    const expected = generate();
    if (process.env.UPDATE_PLACE_NAMES) {
      writeFileSync(here('./place-names.json'), `${JSON.stringify(expected)}\n`);
      return;
    }
    expect(placeNames).toEqual(expected);
  });
});
