import { LANGUAGES } from '@baan/contract';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: unknown };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

/** Values that are the same in every language: brand and store names, an example address. */
const SAME_EVERYWHERE = new Set(['Baan', 'App Store', 'Google Play', 'LINE', 'name@example.com']);

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [leafPath, leaf] of flatten(value as Tree, path)) leaves.set(leafPath, leaf);
    } else {
      leaves.set(path, value);
    }
  }
  return leaves;
}

function load(language: string, namespace: string): Map<string, unknown> {
  const tree = files[`./${language}/${namespace}.json`];
  if (!tree) throw new Error(`missing ${language}/${namespace}.json`);
  return flatten(tree);
}

const namespaces = Object.keys(files)
  .filter((path) => path.startsWith('./en/'))
  .map((path) => path.replace(/^\.\/en\/(.+)\.json$/, '$1'));
const otherLanguages = LANGUAGES.filter((language) => language !== 'en');

describe('locale files', () => {
  it('has English namespaces, and every language has exactly the same files', () => {
    expect(namespaces).toContain('common');
    for (const language of LANGUAGES) {
      const own = Object.keys(files)
        .filter((path) => path.startsWith(`./${language}/`))
        .map((path) => path.replace(/^\.\/[^/]+\/(.+)\.json$/, '$1'))
        .sort();
      expect(own, language).toEqual([...namespaces].sort());
    }
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    const english = load('en', namespace);

    it.each([...LANGUAGES])('%s has every English key and no extra ones', (language) => {
      const keys = [...load(language, namespace).keys()];
      const missing = [...english.keys()].filter((key) => !keys.includes(key));
      const extra = keys.filter((key) => !english.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it.each([...LANGUAGES])('%s has only non-empty string values', (language) => {
      const bad = [...load(language, namespace)].filter(([, value]) => typeof value !== 'string' || !value.trim());
      expect(bad.map(([key]) => key)).toEqual([]);
    });

    it.each(otherLanguages)('%s is translated (under 10%% of values equal English)', (language) => {
      const translated = load(language, namespace);
      const comparable = [...english].filter(([, value]) => !SAME_EVERYWHERE.has(String(value)));
      const copies = comparable.filter(([key, value]) => translated.get(key) === value).map(([key]) => key);
      expect(copies.length / comparable.length, `copied from English: ${copies.join(', ')}`).toBeLessThan(0.1);
    });

    it.each(otherLanguages)('%s keeps every {{placeholder}} English uses', (language) => {
      const translated = load(language, namespace);
      for (const [key, value] of english) {
        const placeholders = String(value).match(/\{\{\w+\}\}/g) ?? [];
        for (const placeholder of placeholders) expect(String(translated.get(key)), key).toContain(placeholder);
      }
    });
  });
});
