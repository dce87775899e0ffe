import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, solidPng, subscribeWithTestCard } from '../support/api.ts';
import { type RunningApp, startApp } from '../support/app.ts';
import { expectNoSeriousA11y, launchBrowser, newPage, SCREEN_SIZES, screenshot } from '../support/browser.ts';

// Every wizard step, the draft notice, the package redirect and the detail page's new facts, in English at 1280 px and
// Thai at 375 px (SCREEN_SIZES; E2E_EVERY_SIZE=1 for all four), with axe on each: the checks that hold in both languages.

type Tree = { [key: string]: string | Tree };
const locale = (language: string, namespace: string): Tree =>
  JSON.parse(
    readFileSync(new URL(`../../apps/web/src/locales/${language}/${namespace}.json`, import.meta.url), 'utf8'),
  );
const text = (tree: Tree, path: string): string => {
  const value = path
    .split('.')
    .reduce<string | Tree | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`no string at ${path}`);
  return value;
};

describe('add-property screens in English and Thai, at 1280 and 375 px', () => {
  let app: RunningApp;
  let browser: Browser;
  let owner: string;
  let newcomer: string;
  let listingId = 0;

  beforeAll(async () => {
    app = await startApp();
    owner = await signUpVerified(app, 'screens-owner@baan.example', 'Kanya Srisuk');
    await subscribeWithTestCard(app, owner);
    newcomer = await signUpVerified(app, 'screens-newcomer@baan.example', 'Anan Chai');
    // A listing with every piece of house information, as a spec client would send it (a sub type by its name).
    const form = new FormData();
    for (const [name, value] of Object.entries({
      type: 'sale',
      user_type: 'owner',
      property_type: 'residential',
      property_sub_type: 'Condo',
      location: 'Sukhumvit 24, Khlong Toei, Bangkok',
      title: 'Corner condo with city view',
      description: 'Two bedrooms on the 18th floor, five minutes from BTS Phrom Phong.',
      price: '฿6,499,999.50',
      area: '72',
      level: '18',
      bed_rooms: '2',
      bath_rooms: '2',
      kitchen: '1',
      floors: '1',
      living_space: '65',
      lot_area: '1,200',
      avg_utilities: '2,500',
      availability_date: '2099-09-01',
      'rooms[0][type]': 'bedroom',
      'rooms[0][quantity]': '2',
      'rooms[1][type]': 'balcony',
      'rooms[1][quantity]': '1',
    }))
      form.append(name, value);
    form.append(
      'cover_image',
      new Blob([new Uint8Array(solidPng(800, 533, [40, 120, 140]))], { type: 'image/png' }),
      'c.png',
    );
    const res = await fetch(`${app.url}/api/property`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    });
    const body = (await res.json()) as { payload: { id: number; price: number } };
    expect(res.status).toBe(201);
    expect(body.payload.price).toBe(6_500_000);
    listingId = body.payload.id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function open(language: string, width: number, token: string) {
    const opened = await newPage(browser, width);
    await opened.context.addInitScript(
      ([t, l]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('selectedLanguage', l);
      },
      [token, language] as const,
    );
    return opened;
  }

  for (const [language, width] of SCREEN_SIZES) {
    const p = locale(language, 'property');
    const l = locale(language, 'listings');
    const pay = locale(language, 'payments');
    it(`${language} ${width}px: the three steps, a field error and the draft notice`, async () => {
      const { page, context, errors } = await open(language, width, owner);
      await page.goto(`${app.url}/add-property`);
      await page.getByRole('heading', { level: 1, name: text(p, 'wizard.title') }).waitFor();
      await page.getByRole('radio', { name: text(p, 'define.owner') }).check();
      await page.getByRole('radio', { name: text(p, 'define.residential') }).check();
      await page.getByRole('radio', { name: text(p, 'define.sale') }).check();
      await page.getByRole('radio', { name: text(l, 'subTypes.condo') }).check();
      await page.getByRole('combobox', { name: text(p, 'define.location') }).fill('Asok');
      // Suggestions are named in the reader's language.
      await page
        .getByRole('option', { name: /Asok|อโศก/ })
        .first()
        .click();
      await expectNoSeriousA11y(page, 'step 1');
      await screenshot(page, `wizard-1-${language}-${width}`);
      await page.getByRole('button', { name: text(p, 'wizard.next') }).click();

      await page.getByRole('heading', { level: 2, name: text(p, 'wizard.steps.media') }).waitFor();
      await page
        .getByLabel(text(p, 'media.chooseCover'))
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: solidPng(900, 600, [200, 140, 60]) });
      await page.getByRole('img', { name: 'front.png' }).waitFor();
      await expectNoSeriousA11y(page, 'step 2');
      await screenshot(page, `wizard-2-${language}-${width}`);
      await page.getByRole('button', { name: text(p, 'wizard.next') }).click();

      await page.getByRole('heading', { level: 2, name: text(p, 'wizard.steps.info') }).waitFor();
      await page.getByLabel(`${text(p, 'info.title')} *`).fill('Corner condo');
      await page.getByLabel(`${text(p, 'info.price')} *`).pressSequentially('1234567.89');
      await page.getByText(text(p, 'info.bahtRounded').replace('{{baht}}', '฿1,234,568')).waitFor();
      await page.getByLabel(`${text(l, 'detail.floors')} *`).fill('0');
      await page.getByLabel(text(p, 'info.roomType').replace('{{number}}', '1')).selectOption('bedroom');
      await page.getByRole('button', { name: text(p, 'wizard.submit') }).click();
      // The first problem in the spec order: the description.
      await page
        .getByText(text(p, 'validation.required').replace('{{field}}', text(p, 'fields.description')))
        .first()
        .waitFor();
      await expectNoSeriousA11y(page, 'step 3');
      await screenshot(page, `wizard-3-${language}-${width}`);

      await page.reload();
      await page.getByRole('region', { name: text(p, 'draft.title') }).waitFor();
      expect(await page.getByLabel(`${text(p, 'info.price')} *`).inputValue()).toBe('1,234,568');
      await expectNoSeriousA11y(page, 'draft notice');
      await screenshot(page, `wizard-draft-${language}-${width}`);
      // Leave no draft for the next screen size.
      await page.getByRole('button', { name: text(p, 'draft.discard') }).click();
      await page.getByRole('button', { name: text(p, 'draft.discardYes') }).click();
      await page.getByRole('heading', { level: 2, name: text(p, 'wizard.steps.define') }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`${language} ${width}px: without a package, /add-property opens the package choice, saying why`, async () => {
      const { page, context, errors } = await open(language, width, newcomer);
      await page.goto(`${app.url}/add-property`);
      // The visitor's language is in the address (English has no prefix).
      await page.waitForURL(`${app.url}${language === 'en' ? '' : `/${language}`}/select-package`);
      await page.getByText(text(pay, 'selectPackage.needPackage')).waitFor();
      await expectNoSeriousA11y(page, 'package choice');
      await screenshot(page, `wizard-needs-package-${language}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`${language} ${width}px: the detail page shows the house information, the date and the rooms`, async () => {
      const { page, context, errors } = await open(language, width, newcomer);
      await page.goto(`${app.url}/detail/${listingId}`);
      await page.getByRole('heading', { level: 1, name: 'Corner condo with city view' }).waitFor();
      const specs = page.getByRole('region', { name: text(l, 'detail.specs') });
      for (const label of [
        'detail.livingSpace',
        'detail.lotArea',
        'detail.avgUtilities',
        'detail.availability',
        'detail.level',
        'detail.rooms',
      ]) {
        await specs.getByText(text(l, label), { exact: true }).waitFor();
      }
      expect(await specs.textContent()).toContain('฿2,500');
      await expectNoSeriousA11y(page, 'detail');
      await screenshot(page, `detail-facts-${language}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
