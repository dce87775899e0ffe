import { LANGUAGES } from '@baan/contract';
import { createInstance, type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nForRequest } from './i18n.server';
import { i18nCode, i18nOptions } from './options';
import { MAX_REMEMBERED, rememberedCount, rememberedT } from './remembered-t';

/** Every key of a bundle, plural forms as their base key (`count_one` → `count`). */
function keysOf(bundle: unknown, prefix = ''): string[] {
  if (bundle === null || typeof bundle !== 'object') return [prefix];
  return Object.entries(bundle).flatMap(([key, value]) =>
    keysOf(value, prefix ? `${prefix}.${key.replace(/_(zero|one|two|few|many|other)$/, '')}` : key),
  );
}

describe('rememberedT: the same texts as i18next', () => {
  it("answers every key of every namespace in every language as i18next's own t, the first time and the next", () => {
    // The server's per-request instances (clones sharing one store), against a separate instance of the same files.
    const served = i18nForRequest('en');
    const resources = served.store.data;
    const fresh = createInstance();
    void fresh.init({ ...i18nOptions, resources, lng: 'en', ns: Object.keys(resources.en ?? {}), initAsync: false });
    let compared = 0;
    for (const language of LANGUAGES) {
      const code = i18nCode(language);
      for (const namespace of Object.keys(resources[code] ?? {})) {
        const remembered = rememberedT(served, served.getFixedT(code, namespace), code, namespace, undefined);
        const reference = fresh.getFixedT(code, namespace);
        const keys = [...new Set(keysOf(resources[code]?.[namespace]))];
        const calls = [undefined, { count: 0 }, { count: 1 }, { count: 3 }, { name: 'Ari', count: 21 }];
        const ask = (t: (key: string, options?: object) => unknown) =>
          keys.flatMap((key) => calls.map((options) => t(key, options)));
        const expected = ask(reference as never);
        expect(ask(remembered as never)).toEqual(expected);
        // The second time from what it remembered.
        expect(ask(remembered as never)).toEqual(expected);
        compared += expected.length;
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });
});

async function smallInstance(): Promise<I18n> {
  const instance = createInstance();
  await instance.init({
    initAsync: false,
    lng: 'en',
    resources: { en: { common: { hello: 'Hello {{name}}', list: { a: 'A' } } } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return instance;
}

describe('rememberedT: what it does not remember', () => {
  it('asks i18next each time for options that are not plain values (an object, returnObjects)', async () => {
    const i18n = await smallInstance();
    const t = rememberedT(i18n, i18n.getFixedT('en', 'common'), 'en', 'common', undefined);
    let name = 'Ann';
    const person = { toString: () => name };
    expect(t('hello', { name: person } as never)).toBe('Hello Ann');
    name = 'Bo';
    expect(t('hello', { name: person } as never)).toBe('Hello Bo');
    expect(t('list', { returnObjects: true })).toEqual({ a: 'A' });
    expect(rememberedCount(i18n)).toBe(0);
    expect(t('hello', { name: 'Cy' })).toBe('Hello Cy');
    expect(t('hello', { name: 'Di' })).toBe('Hello Di');
    expect(rememberedCount(i18n)).toBe(2);
  });

  it('forgets everything when the resources change', async () => {
    const i18n = await smallInstance();
    const t = rememberedT(i18n, i18n.getFixedT('en', 'common'), 'en', 'common', undefined);
    expect(t('hello')).toBe('Hello {{name}}');
    i18n.addResource('en', 'common', 'hello', 'Hi');
    expect(t('hello')).toBe('Hi');
    i18n.addResourceBundle('en', 'common', { hello: 'Hey' }, true, true);
    expect(t('hello')).toBe('Hey');
  });

  it(`holds at most ${MAX_REMEMBERED} texts however many different values are asked for`, async () => {
    const i18n = await smallInstance();
    const t = rememberedT(i18n, i18n.getFixedT('en', 'common'), 'en', 'common', undefined);
    for (let i = 0; i < MAX_REMEMBERED + 500; i += 1) {
      expect(t('hello', { name: `n${i}` })).toBe(`Hello n${i}`);
      expect(rememberedCount(i18n)).toBeLessThanOrEqual(MAX_REMEMBERED);
    }
    expect(t('hello', { name: 'n1' })).toBe('Hello n1');
  });

  it('keeps what a fixed t carries (its language, namespace and key prefix)', async () => {
    const i18n = await smallInstance();
    const t = rememberedT(i18n, i18n.getFixedT('en', 'common', 'list'), 'en', 'common', 'list') as unknown as {
      lng: string;
      ns: string;
      keyPrefix: string;
    } & ((key: string) => string);
    expect([t.lng, t.ns, t.keyPrefix]).toEqual(['en', 'common', 'list']);
    expect(t('a')).toBe('A');
  });
});
