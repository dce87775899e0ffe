import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createListing,
  PASSWORD,
  signUpVerified,
  solidPng,
  submitQrPayment,
  subscribeWithTestCard,
} from '../support/api.ts';
import { type RunningApp, startApp } from '../support/app.ts';
import { expectNoSeriousA11y, launchBrowser, newPage, screenshot } from '../support/browser.ts';

const ADMIN = { email: 'console-admin@baan.test', password: 'Admin#Pass2026' };
const LISTING_TITLE = 'Phrom Phong corner condo with city view';
const BUYER = 'qr.subscriber@baan.test';
const OWNER = 'listing.owner@baan.test';
const TRANSACTION_ID = 'TX-CONSOLE-0001';

/** Waits for a condition the way a person would: up to 20 s (logins hash passwords; CI is slow). */
const until = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 100 });

async function logInOnScreen(page: Page, app: RunningApp, email: string, password: string) {
  await page.goto(`${app.url}/login`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await until(() => new URL(page.url()).pathname).not.toBe('/login');
}

describe('contact, inquiries and the admin console', () => {
  let app: RunningApp;
  let browser: Browser;
  let listingId: number;

  beforeAll(async () => {
    app = await startApp({ PROMPTPAY_ID: '0812345678', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    browser = await launchBrowser();
    // The cast, made through the API (their own screens have their own tests): an owner with a
    // listing, and a buyer whose PromptPay transfer waits for review.
    const owner = await signUpVerified(app, OWNER, 'Somchai Owner');
    await subscribeWithTestCard(app, owner);
    listingId = await createListing(app, owner, LISTING_TITLE);
    const buyer = await signUpVerified(app, BUYER, 'Qr Subscriber');
    await submitQrPayment(app, buyer, TRANSACTION_ID);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a visitor sends a contact message and an inquiry', async () => {
    const { page, context, errors } = await newPage(browser, 1280);
    // Map tiles live on the internet: answer them with a local PNG tile (mocked, as the only outside part).
    const tile = solidPng(256, 256, [170, 211, 223]);
    await page.route('https://tile.openstreetmap.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: tile }),
    );
    // Before the admin hides it, the listing is on /Quick like any other.
    await page.goto(`${app.url}/Quick`);
    await until(() => page.getByText(LISTING_TITLE).first().isVisible()).toBe(true);

    await page.goto(`${app.url}/contact`);
    const form = page.getByTestId('contact-form');
    await until(() => form.isVisible()).toBe(true);
    await until(() => page.getByTestId('office-map').getAttribute('data-state')).toBe('ready');

    // Nothing is sent until every field is filled and the e-mail looks like one.
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact-us')) posted++;
    });
    await form.getByRole('button', { name: 'Send message' }).click();
    await until(() => form.getByText('Name is required.').isVisible()).toBe(true);
    await form.getByLabel('Your name').fill('Malee Visitor');
    await form.getByLabel('E-mail address').fill('malee@example');
    await form.getByLabel('Subject').fill('Viewing in Ekkamai');
    await form.getByLabel('Message').fill('Can I see two-bedroom condos near BTS Ekkamai next week?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await until(() => form.getByText('Please enter a valid e-mail address.').isVisible()).toBe(true);
    expect(posted).toBe(0);
    await form.getByLabel('E-mail address').fill('malee@example.com');
    await expectNoSeriousA11y(page);
    await screenshot(page, 'contact-form-en-1280');
    await form.getByRole('button', { name: 'Send message' }).click();
    await until(() => page.getByText('Your message has been sent successfully!').isVisible()).toBe(true);
    await until(() => form.getByLabel('Subject').inputValue()).toBe('');
    expect(posted).toBe(1);

    await page.goto(`${app.url}/detail/${listingId}`);
    const inquiry = page.getByTestId('inquiry-form');
    await until(() => inquiry.isVisible()).toBe(true);
    await inquiry.getByLabel('Your name').fill('Malee Visitor');
    await inquiry.getByLabel('E-mail address').fill('malee@example.com');
    await inquiry.getByLabel('Phone').fill('081 234 5678');
    await inquiry.getByLabel('Message').fill('Is the corner unit still free from December?');
    await expectNoSeriousA11y(page);
    await inquiry.getByRole('button', { name: 'Send to the owner' }).click();
    await until(() => page.getByText('Your message has been sent to the owner.').isVisible()).toBe(true);
    await screenshot(page, 'detail-inquiry-sent-en-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without map tiles the contact page shows the address card (Thai, phone)', async () => {
    const { page, context } = await newPage(browser, 375, 800);
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
    await page.goto(`${app.url}/contact`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('th');
    await until(() => page.locator('html').getAttribute('lang')).toBe('th');
    const fallback = page.getByTestId('map-fallback');
    await until(() => fallback.isVisible()).toBe(true);
    expect(await fallback.getByRole('link').first().getAttribute('href')).toContain('openstreetmap.org');
    await expectNoSeriousA11y(page);
    await screenshot(page, 'contact-fallback-th-375');
    await context.close();
  });

  it('the owner sees the inquiry counted on the listing card', async () => {
    const { page, context } = await newPage(browser, 1280);
    await logInOnScreen(page, app, OWNER, PASSWORD);
    await page.goto(`${app.url}/dashboard/buyproperty`);
    const count = page.getByTestId('inquiry-count');
    await until(() => count.first().textContent()).toMatch(/1 inquiry/);
    await count.first().click();
    await until(() => new URL(page.url()).pathname).toBe('/dashboard/inquiries');
    await until(() => page.getByText('Is the corner unit still free from December?').isVisible()).toBe(true);
    await expectNoSeriousA11y(page);
    await screenshot(page, 'dashboard-inquiries-en-1280');
    await context.close();
  });

  it('the admin sees them, approves a QR payment and hides a listing', async () => {
    const { page, context, errors } = await newPage(browser, 1280);
    await logInOnScreen(page, app, ADMIN.email, ADMIN.password);
    await page.goto(`${app.url}/admin`);
    await until(() => page.getByRole('heading', { name: 'Payments to review' }).isVisible()).toBe(true);

    // Payments to review: the receipt is fetched with the admin's token and shown.
    const queue = page.getByRole('table', { name: 'Payments waiting for review' });
    const row = queue.getByRole('row', { name: new RegExp(TRANSACTION_ID) });
    await until(() => row.isVisible()).toBe(true);
    expect(await row.getByText(BUYER).isVisible()).toBe(true);
    await until(() =>
      row
        .locator('img')
        .first()
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    await expectNoSeriousA11y(page);
    await screenshot(page, 'admin-payments-en-1280');
    await row.getByRole('button', { name: /^Approve payment from / }).click();
    await page.getByRole('dialog', { name: 'Approve this payment?' }).getByRole('button', { name: 'Approve' }).click();
    await until(() =>
      page
        .getByText(/approved\. The subscription is active\./)
        .first()
        .isVisible(),
    ).toBe(true);
    await until(() => queue.getByRole('row', { name: new RegExp(TRANSACTION_ID) }).count()).toBe(0);

    // Listings: find it, hide it.
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Listings' }).click();
    await page.getByRole('searchbox', { name: 'Search title, location, owner e-mail or #id' }).fill('Phrom Phong');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const hide = page.getByRole('button', { name: `Hide ${LISTING_TITLE}` });
    await until(() => hide.isVisible()).toBe(true);
    await hide.click();
    await until(() => page.getByRole('button', { name: `Show ${LISTING_TITLE}` }).isVisible()).toBe(true);
    const hiddenRow = page.getByRole('row', { name: new RegExp(LISTING_TITLE) });
    expect(await hiddenRow.getByText('Hidden', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'admin-listings-en-1280');

    // Messages: the contact message and the inquiry.
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Messages' }).click();
    await until(() => page.getByRole('article', { name: 'Viewing in Ekkamai' }).isVisible()).toBe(true);
    await page.getByRole('group', { name: 'Message type' }).getByRole('button', { name: 'Inquiries' }).click();
    await until(() => page.getByRole('article', { name: `About: ${LISTING_TITLE}` }).isVisible()).toBe(true);
    expect(await page.getByText('Is the corner unit still free from December?').isVisible()).toBe(true);
    await screenshot(page, 'admin-messages-en-1280');

    // The audit log names the admin and both actions.
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log' }).click();
    await until(() => page.getByText(ADMIN.email).first().isVisible()).toBe(true);
    const auditText = await page.locator('main').textContent();
    expect(auditText).toContain('Approved a payment');
    expect(auditText).toContain('Hid a listing');
    await expectNoSeriousA11y(page);
    await screenshot(page, 'admin-audit-en-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('afterwards the listing is gone from /Quick and the buyer is subscribed', async () => {
    const { page, context } = await newPage(browser, 375, 800);
    await page.goto(`${app.url}/Quick`);
    await until(() => page.getByText('No properties available').first().isVisible()).toBe(true);
    expect(await page.getByText(LISTING_TITLE).count()).toBe(0);
    expect((await api(app, 'GET', `/api/property/${listingId}`)).status).toBe(404);

    // The buyer's subscription is active, on their own dashboard.
    await logInOnScreen(page, app, BUYER, PASSWORD);
    await page.goto(`${app.url}/dashboard`);
    await until(() => page.getByText('Starter package active').isVisible()).toBe(true);

    // A normal user gets the not-found screen at /admin, and the API refuses them.
    await page.goto(`${app.url}/admin`);
    await until(() => page.getByRole('heading', { name: /can.t find that page/i }).isVisible()).toBe(true);
    await screenshot(page, 'admin-forbidden-en-375');
    await context.close();
  });
});
