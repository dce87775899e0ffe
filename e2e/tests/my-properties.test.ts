import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createListing, signUpVerified, subscribeWithTestCard } from '../support/api.ts';
import { type RunningApp, startApp } from '../support/app.ts';
import { expectNoSeriousA11y, launchBrowser, newPage, screenshot } from '../support/browser.ts';

const ADMIN = { email: 'lists-admin@baan.test', password: 'Admin#Pass2026' };
const RENTAL = 'Riverside rental at Phrom Phong';
const SALE = 'Family condo for sale in Ari';
const HIDDEN = 'Hidden rental near Asok';

const cardTitles = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe('an owner finds a rental listing from the dashboard, filters the one list and opens the public page', () => {
  let app: RunningApp;
  let browser: Browser;
  let token: string;
  let rentalId = 0;

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    token = await signUpVerified(app, 'lists-owner@baan.example', 'Somsri Rakdee');
    await subscribeWithTestCard(app, token);
    rentalId = await createListing(app, token, RENTAL);
    await createListing(app, token, SALE, { type: 'sale', price: '4500000' });
    const hiddenId = await createListing(app, token, HIDDEN, { price: '18000' });
    // An admin hides one rental: it stays on the owner's list, marked, but leaves every public page.
    const admin = await api<{ token: string }>(app, 'POST', '/api/login', ADMIN);
    const hidden = await api(
      app,
      'POST',
      `/api/admin/properties/${hiddenId}/hide`,
      undefined,
      admin.body.payload.token,
    );
    expect(hidden.status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('goes from the dashboard to the rental, with the filter in the address through reload and back (English, 1280 px)', async () => {
    const { page, context, errors } = await newPage(browser, 1280, 800);
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto(`${app.url}/dashboard`);
    const sidebar = page.getByRole('complementary', { name: 'Dashboard' });
    await sidebar.getByRole('link', { name: 'My Property' }).click();
    await page.waitForURL(`${app.url}/dashboard/properties`);
    await page.getByRole('heading', { level: 1, name: 'My Properties' }).waitFor();
    await expect.poll(() => cardTitles(page), { timeout: 15_000 }).toHaveLength(3);
    expect((await cardTitles(page)).sort()).toEqual([HIDDEN, RENTAL, SALE].sort());
    const types = page.getByRole('group', { name: 'Listing type' });
    expect(await types.getByRole('button', { name: 'For rent (2)' }).isVisible()).toBe(true);
    expect(await types.getByRole('button', { name: 'For sale (1)' }).isVisible()).toBe(true);
    expect(await sidebar.getByRole('link', { name: 'My Property' }).getAttribute('aria-current')).toBe('page');
    await expectNoSeriousA11y(page, 'all listings');
    await screenshot(page, 'my-properties-list-en-1280');

    // Rentals only; the filter is in the address.
    await types.getByRole('button', { name: 'For rent (2)' }).click();
    await page.waitForURL(/\/dashboard\/properties\?type=rent$/);
    // The address changes before React renders the filtered list, so wait for the cards.
    await expect.poll(async () => (await cardTitles(page)).sort()).toEqual([HIDDEN, RENTAL].sort());
    const rentalCard = page.getByRole('article').filter({ hasText: RENTAL });
    expect(await rentalCard.textContent()).toContain('฿25,000 / month');

    // A reload keeps it.
    await page.reload();
    await expect.poll(() => cardTitles(page), { timeout: 15_000 }).toHaveLength(2);
    expect(await types.getByRole('button', { name: 'For rent (2)' }).getAttribute('aria-pressed')).toBe('true');

    // The status filter: the listing Baan hid, with the notice and no public link.
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Hidden by Baan' });
    await page.waitForURL(/\?type=rent&status=hidden$/);
    await expect.poll(() => cardTitles(page)).toEqual([HIDDEN]);
    const hiddenCard = page.getByRole('article').filter({ hasText: HIDDEN });
    expect(await hiddenCard.textContent()).toContain('Hidden by Baan: this listing does not appear in search.');
    expect(await hiddenCard.getByRole('link', { name: HIDDEN, exact: true }).count()).toBe(0);
    await expectNoSeriousA11y(page, 'hidden rentals');

    // Back undoes the status filter only.
    await page.goBack();
    await page.waitForURL(/\/dashboard\/properties\?type=rent$/);
    await expect.poll(() => cardTitles(page)).toHaveLength(2);
    expect(await page.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).toBe('');

    // The card opens the listing's public page.
    await page
      .getByRole('article')
      .filter({ hasText: RENTAL })
      .getByRole('link', { name: RENTAL, exact: true })
      .click();
    await page.waitForURL(`${app.url}/detail/${rentalId}`);
    await page.getByRole('heading', { level: 1, name: RENTAL }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the spec routes as pre-set filters', async () => {
    const { page, context, errors } = await newPage(browser, 1280, 800);
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    for (const [route, expected, titles] of [
      ['/dashboard/rentedproperty', '/dashboard/properties?type=rent', [HIDDEN, RENTAL]],
      ['/dashboard/buyproperty', '/dashboard/properties?type=rent', [HIDDEN, RENTAL]],
      ['/dashboard/sellproperty', '/dashboard/properties?type=sale', [SALE]],
    ] as const) {
      await page.goto(`${app.url}${route}`);
      await expect.poll(() => path(page), { timeout: 15_000 }).toBe(expected);
      await expect.poll(async () => (await cardTitles(page)).sort(), { timeout: 15_000 }).toEqual([...titles].sort());
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works from the small-screen drawer in Thai (375 px) and passes axe in English and Thai, with screenshots', async () => {
    for (const [language, width] of [
      ['th', 375],
      ['en', 375],
      ['th', 1280],
    ] as const) {
      const { page, context, errors } = await newPage(browser, width, 812);
      await context.addInitScript(
        ({ t, lang }) => {
          localStorage.setItem('token', t);
          localStorage.setItem('selectedLanguage', lang);
        },
        { t: token, lang: language },
      );
      await page.goto(`${app.url}/dashboard`);
      if (width === 375 && language === 'th') {
        await page.getByRole('button', { name: 'เปิดเมนูแดชบอร์ด' }).click();
        await page.getByRole('link', { name: 'ประกาศของฉัน', exact: true }).click();
        // A Thai visitor's pages live under /th.
        await page.waitForURL(`${app.url}/th/dashboard/properties`);
        await page.getByRole('group', { name: 'ประเภทประกาศ' }).getByRole('button', { name: 'ให้เช่า (2)' }).click();
        await page.waitForURL(/\?type=rent$/);
        await expect.poll(() => cardTitles(page), { timeout: 15_000 }).toHaveLength(2);
        expect(await page.getByRole('article').filter({ hasText: RENTAL }).textContent()).toContain('/ เดือน');
      } else {
        await page.goto(`${app.url}/dashboard/properties`);
        await expect.poll(() => cardTitles(page), { timeout: 15_000 }).toHaveLength(3);
      }
      await expectNoSeriousA11y(page, `my properties ${language} ${width}`);
      await screenshot(page, `my-properties-list-${language}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
