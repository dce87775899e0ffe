import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createListing, signUpVerified, solidPng, subscribeWithTestCard } from '../support/api.ts';
import { type RunningApp, startApp } from '../support/app.ts';
import { expectNoSeriousA11y, launchBrowser, newPage, screenshot } from '../support/browser.ts';

/**
 * Issue 14: what the packages sell, end to end. A brand-new owner (Starter package) lists two places; both wait
 * for review (first week); an admin approves one in the console. A visitor views it and taps "Call" and writes;
 * the owner edits its price and photos, marks the other sold, reads the statistics chart, marks the inquiry
 * contacted, and cannot feature anything on Starter.
 */

const ADMIN = { email: 'owners-admin@baan.test', password: 'Admin#Pass2026' };
const CONDO = 'Owners journey condo at Ekkamai';
const HOUSE = 'Owners journey house for sale in Bang Na';

async function signedIn(
  browser: Browser,
  token: string,
  width = 1280,
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const opened = await newPage(browser, width, 900);
  await opened.context.addInitScript((t) => localStorage.setItem('token', t), token);
  return opened;
}

describe('owners: review, edit, status, statistics, leads and the featured quota', () => {
  let app: RunningApp;
  let browser: Browser;
  let owner: string;
  let admin: string;
  let condoId = 0;
  let houseId = 0;

  beforeAll(async () => {
    // The first-week review rule as in production (startApp turns it off for the other journeys).
    app = await startApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, MODERATION_NEW_OWNER_DAYS: '7' });
    owner = await signUpVerified(app, 'owners-journey@baan.example', 'Kanya Boonmee', '081 234 5678');
    await subscribeWithTestCard(app, owner); // the cheapest package: Starter, no featured listings
    condoId = await createListing(app, owner, CONDO, { location: 'Ekkamai, Watthana, Bangkok', price: '32000' });
    houseId = await createListing(app, owner, HOUSE, {
      type: 'sale',
      property_sub_type: 'house',
      level: '',
      floors: '2',
      price: '6900000',
      location: 'Bang Na, Bangkok',
    });
    admin = (await api<{ token: string }>(app, 'POST', '/api/login', ADMIN)).body.payload.token;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('holds a new owner’s listings for review; the public sees neither until an admin approves one in the console', async () => {
    expect((await api(app, 'GET', `/api/property/${condoId}`)).status).toBe(404);
    const { page, errors } = await signedIn(browser, owner);
    await page.goto(`${app.url}/dashboard/properties`);
    const card = page.getByRole('article').filter({ hasText: CONDO });
    await card.getByText('Waiting for review').first().waitFor();
    await page.close();

    const adminPage = await signedIn(browser, admin);
    await adminPage.page.goto(`${app.url}/admin/listings`);
    await adminPage.page.getByRole('button', { name: 'Waiting for review' }).click();
    const approve = adminPage.page.getByRole('button', { name: `Approve ${CONDO}` });
    await approve.waitFor();
    await expectNoSeriousA11y(adminPage.page, 'the review queue');
    await screenshot(adminPage.page, 'owners-admin-review-en-1280');
    await approve.click();
    // The approve action may ask to confirm in a dialog.
    const dialog = adminPage.page.getByRole('dialog');
    if (await dialog.isVisible().catch(() => false)) await dialog.getByRole('button', { name: 'Approve' }).click();
    await adminPage.page.getByText(`“${CONDO}” is approved. The owner has been e-mailed.`).waitFor();
    expect(adminPage.errors).toEqual([]);
    await adminPage.page.close();

    expect((await api(app, 'GET', `/api/property/${condoId}`)).status).toBe(200);
    expect((await api(app, 'GET', `/api/property/${houseId}`)).status).toBe(404);
    const approved = await api(app, 'POST', `/api/admin/properties/${houseId}/approve`, undefined, admin);
    expect(approved.status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('the owner gives a LINE ID in their settings, and a bad one is refused in Thai', async () => {
    const { page, errors } = await signedIn(browser, owner, 375);
    await page.goto(`${app.url}/th/dashboard/settings`);
    const lineId = page.getByLabel('LINE ID');
    await lineId.fill('ab');
    await page.getByRole('button', { name: 'บันทึกการเปลี่ยนแปลง' }).click();
    await page
      .getByText(/^LINE ID ต้องมี 4 ถึง 20 ตัว/)
      .first()
      .waitFor();
    await lineId.fill('Kanya.B');
    await page.getByRole('button', { name: 'บันทึกการเปลี่ยนแปลง' }).click();
    await page.getByText('อัปเดตโปรไฟล์เรียบร้อยแล้ว', { exact: false }).first().waitFor();
    await expectNoSeriousA11y(page, 'settings with the listing contact');
    await screenshot(page, 'owners-settings-th-375');
    const me = await api<{ line_id: string | null; phone_number: string | null }>(
      app,
      'GET',
      '/api/user',
      undefined,
      owner,
    );
    expect(me.body.payload).toMatchObject({ line_id: 'kanya.b', phone_number: '081 234 5678' });
    expect(errors).toEqual([]);
  });

  it('a visitor views the condo, writes to the owner and taps “Chat on LINE” and the contact bar’s “Call”', async () => {
    const { page, errors } = await newPage(browser, 375, 812);
    const views = page.waitForResponse((r) => r.url().endsWith(`/api/property/${condoId}/view`));
    await page.goto(`${app.url}/detail/${condoId}`);
    await page.getByRole('heading', { level: 1, name: CONDO }).waitFor();
    expect((await views).status()).toBe(204);
    const send = page.getByRole('button', { name: 'Send to the owner' });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    const form = page.getByTestId('inquiry-form');
    await form.getByLabel('Your name').fill('Arthit Wongsa');
    await form.getByLabel('E-mail address').fill('arthit@example.com');
    await form.getByLabel('Message').fill('Is the condo still free in January? I would like to see it.');
    await send.click();
    await page.getByText('Your message has been sent to the owner.').waitFor();

    // LINE lives on the internet: its page is answered here (the one mock), in the tab the button opens.
    await page
      .context()
      .route('https://line.me/**', (route) => route.fulfill({ contentType: 'text/html', body: 'LINE' }));
    const line = page.getByRole('link', { name: 'Chat on LINE' });
    expect(await line.getAttribute('href')).toBe('https://line.me/ti/p/~kanya.b');
    const lineClick = page.waitForResponse((r) => r.url().endsWith(`/api/property/${condoId}/contact-click`));
    const chat = page.context().waitForEvent('page');
    await line.click();
    expect((await lineClick).status()).toBe(204);
    await (await chat).close();

    const click = page.waitForResponse((r) => r.url().endsWith(`/api/property/${condoId}/contact-click`));
    // A tel: link: the page counts the tap, then the phone app takes over (headless Chromium has none, and the
    // page stops answering after trying to open it, so this comes last).
    await page
      .getByRole('navigation', { name: 'Contact the owner' })
      .getByRole('link', { name: 'Call' })
      .dispatchEvent('click');
    expect((await click).status()).toBe(204);
    expect(errors).toEqual([]);
  });

  it('the owner edits the condo’s price and photos; the public page shows the change', async () => {
    const { page, errors } = await signedIn(browser, owner);
    await page.goto(`${app.url}/dashboard/properties`);
    const edit = page.getByRole('main').locator(`a[href$="/edit-property/${condoId}"]`);
    await edit.waitFor({ timeout: 15_000 }).catch(async (err) => {
      await page.screenshot({ path: '/tmp/dbg/edit-missing.png', fullPage: true });
      throw err;
    });
    await edit.click();
    await page.waitForURL(`${app.url}/edit-property/${condoId}`);
    await page.getByRole('heading', { level: 1, name: 'Edit your listing' }).waitFor();
    await screenshot(page, 'owners-edit-define-en-1280');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'Add media' }).waitFor();
    // A second photo, made the cover; the old one removed.
    await page.getByLabel('Choose photos').setInputFiles({
      name: 'balcony.png',
      mimeType: 'image/png',
      buffer: solidPng(800, 600, [200, 90, 40]),
    });
    await page.getByRole('img', { name: 'balcony.png' }).waitFor();
    await page.getByRole('button', { name: 'Remove photo 1', exact: true }).click();
    await expectNoSeriousA11y(page, 'edit: photos');
    await screenshot(page, 'owners-edit-media-en-1280');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'Add Information' }).waitFor();
    // Starter sells no featured listings: "Yes" is off, and says why.
    const featured = page.getByRole('group', { name: /Featured Property/ });
    expect(await featured.getByRole('radio', { name: 'Yes' }).isDisabled()).toBe(true);
    await featured.getByText('Your package includes no featured listings.').waitFor();
    const price = page.getByLabel('Price (฿) *');
    await price.fill('29,500');
    await screenshot(page, 'owners-edit-info-en-1280');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${app.url}/dashboard/properties`);
    await page.getByText('Listing updated.').first().waitFor();

    const listing = await api<{ price: number; images: { id: number; width: number }[] }>(
      app,
      'GET',
      `/api/property/${condoId}`,
    );
    expect(listing.body.payload.price).toBe(29_500);
    expect(listing.body.payload.images).toHaveLength(1);
    expect(listing.body.payload.images[0]?.width).toBe(800);
    await page.goto(`${app.url}/detail/${condoId}`);
    await page.getByText('฿29,500').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('a Starter owner cannot feature a listing through the API either, and nothing changes', async () => {
    const refused = await api(app, 'PATCH', `/api/property/${condoId}`, { is_featured: '1' }, owner);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your package allows 0 featured listings.');
    const quota = await api<{ quota: number; left: number }>(app, 'GET', '/api/user/featured-quota', undefined, owner);
    expect(quota.body.payload).toMatchObject({ quota: 0, left: 0 });
    const after = await api<{ is_featured: number }>(app, 'GET', `/api/property/${condoId}`);
    expect(after.body.payload.is_featured).toBe(0);
  });

  it('the owner marks the house sold: gone from /Quick, its page says sold and is not indexed (Thai, 375 px)', async () => {
    const { page, errors } = await signedIn(browser, owner, 375);
    await page.goto(`${app.url}/Quick`);
    await page
      .getByRole('link', { name: new RegExp(HOUSE) })
      .first()
      .waitFor();

    await page.goto(`${app.url}/th/dashboard/properties`);
    const card = page.getByRole('article').filter({ hasText: HOUSE });
    const status = card.getByRole('combobox');
    await status.waitFor();
    await status.selectOption('sold');
    await expect.poll(() => status.inputValue()).toBe('sold');
    await card.getByText('ขายแล้ว').first().waitFor();
    await expectNoSeriousA11y(page, 'my properties, a sold listing (th)');
    await screenshot(page, 'owners-my-properties-th-375');

    await page.goto(`${app.url}/Quick`);
    await page
      .getByRole('link', { name: new RegExp(CONDO) })
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: new RegExp(HOUSE) }).count()).toBe(0);

    const detail = await fetch(`${app.url}/detail/${houseId}`);
    expect(detail.status).toBe(200);
    expect(await detail.text()).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    await page.goto(`${app.url}/th/detail/${houseId}`);
    await page.getByRole('heading', { level: 1, name: HOUSE }).waitFor();
    await screenshot(page, 'owners-detail-sold-th-375');
    expect(await page.getByRole('button', { name: 'ส่งถึงเจ้าของ' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('the owner opens the condo’s statistics: the visitor’s view, LINE chat and call are on the chart', async () => {
    const { page, errors } = await signedIn(browser, owner);
    await page.goto(`${app.url}/dashboard/properties`);
    const card = page.getByRole('article').filter({ hasText: CONDO });
    await card.getByRole('link', { name: new RegExp(`Statistics.*${CONDO}|${CONDO}.*Statistics`) }).click();
    await page.waitForURL(new RegExp(`/dashboard/properties/${condoId}/stats`));
    await page.getByRole('heading', { level: 1, name: `Statistics: ${CONDO}` }).waitFor();
    await page.getByRole('img', { name: 'Views and visitors per day' }).waitFor();
    const body = page.getByRole('main');
    await expect
      .poll(() => body.textContent(), { timeout: 15_000 })
      .toMatch(/Last 30 days in all: views 1, visitors 1\./);
    await expect.poll(() => body.textContent()).toMatch(/contact clicks 2, inquiries 1\./);
    await expectNoSeriousA11y(page, 'listing statistics');
    await screenshot(page, 'owners-stats-en-1280');
    await page.getByRole('link', { name: '7 days' }).click();
    await page.waitForURL(/days=7/);
    await page.goto(`${app.url}/th/dashboard/properties/${condoId}/stats`);
    await page.getByRole('img').first().waitFor();
    await screenshot(page, 'owners-stats-th-375-wide');
    expect(errors).toEqual([]);
  });

  it('the owner marks the inquiry contacted; the new-inquiry badge goes', async () => {
    const { page, errors } = await signedIn(browser, owner);
    await page.goto(`${app.url}/dashboard/inquiries`);
    const sidebar = page.getByRole('complementary', { name: 'Dashboard' });
    await sidebar.getByRole('link', { name: /1 new inquiry/ }).waitFor();
    await page.getByText('Arthit Wongsa').first().waitFor();
    await page.getByLabel('Inquiry status').selectOption('contacted');
    await page.getByText('Status changed to Contacted.').waitFor();
    await expect.poll(() => sidebar.getByRole('link', { name: /new inquir/ }).count()).toBe(0);
    await page
      .getByText(/Answered in/)
      .first()
      .waitFor();
    await expectNoSeriousA11y(page, 'inquiries');
    await screenshot(page, 'owners-inquiries-en-1280');
    const inbox = await api<{ items: { status: string; responded_at: string | null }[] }>(
      app,
      'GET',
      '/api/user/inquiries',
      undefined,
      owner,
    );
    expect(inbox.body.payload.items[0]).toMatchObject({ status: 'contacted' });
    expect(inbox.body.payload.items[0]?.responded_at).not.toBeNull();
    expect(errors).toEqual([]);
  });
});
