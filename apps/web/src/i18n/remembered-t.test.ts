import { LANGUAGES } from '@baan/contract';
import { createInstance, type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nForRequest } from './i18n.server';
import { i18nCode, i18nOptions } from './options';
import {
  MAX_REMEMBERED,
  MAX_REMEMBERED_CALL,
  MAX_REMEMBERED_CHARS,
  rememberedChars,
  rememberedCount,
  rememberedT,
} from './remembered-t';

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

describe('rememberedT: values that come from a request', () => {
  it('never answers one call with the text of another whose options read the same when run together', async () => {
    const i18n = createInstance();
    await i18n.init({
      initAsync: false,
      lng: 'en',
      resources: { en: { common: { pair: '{{a}} / {{b}}' } } },
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
    const t = rememberedT(i18n, i18n.getFixedT('en', 'common'), 'en', 'common', undefined);
    // A value (search text, a name) made to read like the boundary between two options.
    expect(t('pair', { a: 'x\u0001b\u0002string\u0002y' })).toBe('x\u0001b\u0002string\u0002y / {{b}}');
    expect(t('pair', { a: 'x', b: 'y' })).toBe('x / y');
    // Nor a key made to read like a key and its options.
    expect(t('pair\u0001a\u0002string\u0002z')).toBe('pair\u0001a\u0002string\u0002z');
    expect(t('pair', { a: 'z' })).toBe('z / {{b}}');
  });

  it('does not keep long texts: what it holds stays small however long the values asked for', async () => {
    const i18n = await smallInstance();
    const t = rememberedT(i18n, i18n.getFixedT('en', 'common'), 'en', 'common', undefined);
    const long = 'q'.repeat(MAX_REMEMBERED_CALL);
    expect(t('hello', { name: long })).toBe(`Hello ${long}`);
    expect(t(`missing.${long}`)).toBe(`missing.${long}`);
    expect(rememberedCount(i18n)).toBe(0);
    expect(rememberedChars(i18n)).toBe(0);
    // Many calls just short enough: the characters held stay within the bound.
    const value = 'v'.repeat(MAX_REMEMBERED_CALL - 40);
    for (let i = 0; i < 3 * (MAX_REMEMBERED_CHARS / MAX_REMEMBERED_CALL); i += 1) {
      expect(t('hello', { name: `${i}${value}` })).toBe(`Hello ${i}${value}`);
      expect(rememberedChars(i18n)).toBeLessThanOrEqual(MAX_REMEMBERED_CHARS);
    }
    expect(rememberedCount(i18n)).toBeGreaterThan(0);
  });
});

describe('rememberedT: the forms of a call', () => {
  const resources = {
    en: {
      common: {
        friend: 'A friend',
        friend_male: 'A boyfriend',
        friend_female: 'A girlfriend',
        item_one: '{{count}} item',
        item_other: '{{count}} items',
        hello: 'Hello {{name}}',
        nested: 'See $t(other:deep.text, {"count": {{count}} })',
        onlyEnglish: 'Only in English, {{name}}',
        deep: { text: 'Deep' },
      },
      other: { deep: { text_one: 'one deep', text_other: '{{count}} deep', plain: 'Other <b>{{name}}</b>' } },
    },
    th: { common: { item_other: '{{count}} ชิ้น', hello: 'สวัสดี {{name}}' }, other: { deep: { plain: 'อื่น {{name}}' } } },
  };
  const calls: [string, object | undefined][] = [
    ['friend', undefined],
    ['friend', { context: 'male' }],
    ['friend', { context: 'female' }],
    ['friend', { context: 'unknown' }],
    ['item', { count: 1 }],
    ['item', { count: '1' }],
    ['item', { count: 2 }],
    ['item', { count: '2' }],
    ['hello', { name: '<i>Ann</i>' }],
    ['hello', { name: 7 }],
    ['hello', { name: '7' }],
    ['hello', { name: true }],
    ['nested', { count: 1 }],
    ['nested', { count: 4 }],
    ['onlyEnglish', { name: 'Bo' }],
    ['missing', { defaultValue: 'Fallback {{name}}', name: 'Cy' }],
    ['missing', { defaultValue: 'Other fallback' }],
    ['other:deep.plain', { name: 'Di' }],
    ['other:deep.text', { count: 3 }],
    ['deep.plain', { ns: 'other', name: 'Ed' }],
    ['text', { count: 1 }],
    ['plain', { name: 'Fi' }],
  ];

  for (const escapeValue of [false, true]) {
    it(`answers each form as i18next does, escaping ${escapeValue ? 'on' : 'off'}, in each language and key prefix`, async () => {
      const make = async () => {
        const instance = createInstance();
        await instance.init({
          initAsync: false,
          lng: 'en',
          fallbackLng: 'en',
          resources,
          defaultNS: 'common',
          ns: ['common', 'other'],
          interpolation: { escapeValue },
        });
        return instance;
      };
      const served = await make();
      const reference = await make();
      for (const language of ['en', 'th', 'en']) {
        for (const [namespace, prefix] of [
          ['common', undefined],
          ['other', 'deep'],
        ] as const) {
          const t = rememberedT(served, served.getFixedT(language, namespace, prefix), language, namespace, prefix);
          const expected = reference.getFixedT(language, namespace, prefix);
          for (let round = 0; round < 2; round += 1) {
            for (const [key, options] of calls) {
              expect([
                language,
                namespace,
                key,
                options,
                (t as never as (...a: unknown[]) => unknown)(key, options),
              ]).toEqual([
                language,
                namespace,
                key,
                options,
                (expected as never as (...a: unknown[]) => unknown)(key, options),
              ]);
            }
          }
        }
      }
      expect(rememberedCount(served)).toBeGreaterThan(0);
    });
  }
});
