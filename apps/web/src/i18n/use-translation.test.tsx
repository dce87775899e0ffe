import { act, render, screen } from '@testing-library/react';
import { type BackendModule, createInstance, type i18n as I18n } from 'i18next';
import { Suspense } from 'react';
// biome-ignore lint/style/noRestrictedImports: the reference the app's hook is compared with.
import { I18nextProvider, useTranslation as reactUseTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useTranslation } from './use-translation';

const resources = {
  en: {
    common: { hello: 'Hello', nested: { deep: 'Deep' }, count_one: '{{count}} home', count_other: '{{count}} homes' },
    listings: { sale: 'For sale', rent: 'For rent' },
  },
  th: {
    common: { hello: 'สวัสดี', nested: { deep: 'ลึก' }, count_other: '{{count}} หลัง' },
    listings: { sale: 'ขาย', rent: 'เช่า' },
  },
};

async function makeI18n(extra: Parameters<I18n['init']>[0] = {}): Promise<I18n> {
  const instance = createInstance();
  await instance.init({
    initAsync: false,
    lng: 'en',
    resources,
    ns: ['common', 'listings'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    ...extra,
  });
  return instance;
}

/** What a component sees through a hook: every kind of call the app makes. */
function Probe({ hook }: { hook: typeof useTranslation }) {
  const { t } = hook();
  const { t: tListings } = hook('listings');
  const { t: tBoth, i18n } = hook(['listings', 'common']);
  const { t: tPrefix } = hook('common', { keyPrefix: 'nested' });
  return (
    <p data-testid="out">
      {[
        t('hello'),
        t('count', { count: 1 }),
        t('count', { count: 3 }),
        t('listings:rent'),
        tListings('sale'),
        tBoth('rent'),
        tBoth('common:hello'),
        tPrefix('deep'),
        i18n.language,
      ].join('|')}
    </p>
  );
}

/** The `t` each render of it got. */
const seen: unknown[] = [];
function Seen({ ns }: { ns?: string }) {
  seen.push(useTranslation(ns).t);
  return null;
}

function Hello() {
  return <span data-testid="hello">{useTranslation().t('hello')}</span>;
}

function Sale() {
  return <span data-testid="sale">{useTranslation('listings').t('sale')}</span>;
}

describe("the app's useTranslation", () => {
  it("translates as react-i18next's hook does, in both languages", async () => {
    for (const lng of ['en', 'th']) {
      const i18n = await makeI18n({ lng });
      const ours = render(
        <I18nextProvider i18n={i18n}>
          <Probe hook={useTranslation} />
        </I18nextProvider>,
      );
      const mine = screen.getByTestId('out').textContent;
      ours.unmount();
      const reference = render(
        <I18nextProvider i18n={i18n}>
          <Probe hook={reactUseTranslation as typeof useTranslation} />
        </I18nextProvider>,
      );
      const theirs = screen.getByTestId('out').textContent;
      reference.unmount();
      expect(mine).toBe(theirs);
      expect(mine).toContain(lng === 'th' ? 'สวัสดี|1 หลัง|3 หลัง|เช่า|ขาย|เช่า|สวัสดี|ลึก|th' : 'Hello|1 home|3 homes');
    }
  });

  it('gives every component of an instance the same answer, and another language its own', async () => {
    const i18n = await makeI18n();
    seen.length = 0;
    render(
      <I18nextProvider i18n={i18n}>
        <Seen ns="listings" />
        <Seen ns="listings" />
        <Seen />
      </I18nextProvider>,
    );
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).not.toBe(seen[0]);
    await act(() => i18n.changeLanguage('th'));
    const thai = seen.at(-1);
    expect(thai).not.toBe(seen[2]);
  });

  it('renders again in the new language when the language changes', async () => {
    const i18n = await makeI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <Hello />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('hello').textContent).toBe('Hello');
    await act(() => i18n.changeLanguage('th'));
    expect(screen.getByTestId('hello').textContent).toBe('สวัสดี');
  });

  it('suspends while a namespace loads, then renders with it', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const backend: BackendModule = {
      type: 'backend',
      init() {},
      read(language, namespace, callback) {
        const bundle = (resources as Record<string, Record<string, object>>)[language]?.[namespace] ?? {};
        // Only `listings` waits for the test to let it through.
        if (namespace === 'listings') void gate.then(() => callback(null, bundle));
        else callback(null, bundle);
      },
    };
    const i18n = createInstance().use(backend);
    await i18n.init({
      lng: 'en',
      resources: { en: { common: resources.en.common } },
      partialBundledLanguages: true,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
    expect(i18n.hasLoadedNamespace('listings')).toBe(false);
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<span data-testid="wait">…</span>}>
          <Sale />
        </Suspense>
      </I18nextProvider>,
    );
    expect(screen.getByTestId('wait')).toBeTruthy();
    expect(screen.queryByTestId('sale')).toBeNull();
    await act(async () => {
      release();
      await gate;
      await i18n.loadNamespaces('listings');
    });
    expect(screen.getByTestId('sale').textContent).toBe('For sale');
  });
});
