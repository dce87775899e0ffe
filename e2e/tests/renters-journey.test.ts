import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import thMail from '../../apps/api/src/locales/th/mail.json' with { type: 'json' };
import { type SmtpReceiver, startSmtpReceiver } from '../../apps/api/test/support/smtp-receiver.ts';
import enConversations from '../../apps/web/src/locales/en/conversations.json' with { type: 'json' };
import enDashboard from '../../apps/web/src/locales/en/dashboard.json' with { type: 'json' };
import enViewings from '../../apps/web/src/locales/en/viewings.json' with { type: 'json' };
import thContact from '../../apps/web/src/locales/th/contact.json' with { type: 'json' };
import thConversations from '../../apps/web/src/locales/th/conversations.json' with { type: 'json' };
import thListings from '../../apps/web/src/locales/th/listings.json' with { type: 'json' };
import thViewings from '../../apps/web/src/locales/th/viewings.json' with { type: 'json' };
import { api, createListing, PASSWORD, signUpByMail, subscribeWithTestCard } from '../support/api.ts';
import { type RunningApp, startApp } from '../support/app.ts';
import { expectNoSeriousA11y, launchBrowser, newPage, screenshot } from '../support/browser.ts';

/**
 * Issue 26 end to end in Chromium, lean (one server, one browser, three page loads): a renter (signed in, Thai,
 * 375 px) filters Buy-rent by "pets allowed" and "deposit at most 2 months", opens the one listing that fits, writes
 * to the owner and books a viewing; the owner (English, 1280 px) answers from the inbox and the renter's open thread
 * shows the answer without a reload (the event stream); the owner confirms the viewing and both mails carry the .ics
 * invite with the hour on the Bangkok clock converted to UTC.
 */
const MATCH = 'Ari studio where cats are welcome';
const DEPOSIT_THREE = 'Ari one-bed with three months deposit';
const NO_PETS = 'Ari loft with no pets';
const RENTER = { email: 'renters-renter@baan.example', name: 'Arthit Renter' };
const OWNER = { email: 'renters-owner@baan.example', name: 'Kanya Owner' };
const QUESTION = 'Hello, may I keep a small cat? I would like to move in next month.';
const ANSWER = 'Yes, one cat is fine. The deposit is two months.';
const HOUR = 3_600_000;

/** The Bangkok calendar date (YYYY-MM-DD) of an instant: Asia/Bangkok is UTC+7 all year. */
const bangkokDate = (at: number) => new Date(at + 7 * HOUR).toISOString().slice(0, 10);

async function signedIn(
  browser: Browser,
  token: string,
  width: number,
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const opened = await newPage(browser, width, width < 400 ? 812 : 900);
  await opened.context.addInitScript((t) => localStorage.setItem('token', t), token);
  return opened;
}

describe('renters: rental-term filters, a conversation answered live, a viewing confirmed with its invite', () => {
  let app: RunningApp;
  let smtp: SmtpReceiver;
  let browser: Browser;
  let owner: string;
  let renter: string;
  let matchId = 0;
  // The renter's page stays open from the search to the live answer.
  let renterPage: Page;
  let renterErrors: string[];
  let threadId = 0;
  // 10:00 on the Bangkok clock two days ahead (inside the owner's hours, more than 2 h and less than 14 days away).
  const viewingDate = bangkokDate(Date.now() + 2 * 24 * HOUR);
  const viewingStart = `${viewingDate}T03:00:00.000Z`;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    app = await startApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Baan <no-reply@baan.test>' });
    owner = await signUpByMail(app, smtp, OWNER.email, OWNER.name);
    await subscribeWithTestCard(app, owner);
    const ari = { location: 'Ari, Phaya Thai, Bangkok', advance_months: '1' };
    matchId = await createListing(app, owner, MATCH, {
      ...ari,
      price: '18000',
      pets_allowed: '1',
      deposit_months: '2',
    });
    await createListing(app, owner, DEPOSIT_THREE, { ...ari, pets_allowed: '1', deposit_months: '3' });
    await createListing(app, owner, NO_PETS, { ...ari, pets_allowed: '0', deposit_months: '1' });
    // Viewing hours every day, 09:00–18:00 Bangkok time.
    const slots = Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '09:00', end: '18:00' }));
    const hours = await api(app, 'PUT', '/api/user/viewing-slots', { slots }, owner);
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    await signUpByMail(app, smtp, RENTER.email, RENTER.name);
    // Signing in from the Thai app makes Thai the account's language (its mails are in Thai).
    const login = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'th' },
      body: JSON.stringify({ email: RENTER.email, password: PASSWORD }),
    });
    renter = ((await login.json()) as { payload: { token: string } }).payload.token;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.close();
  });

  it('the renter filters Buy-rent by pets and deposit (Thai, 375 px), writes to the owner and books a viewing', async () => {
    ({ page: renterPage, errors: renterErrors } = await signedIn(browser, renter, 375));
    const page = renterPage;
    await page.goto(`${app.url}/th/Buy-rent`);
    const title = (name: string) => page.getByRole('link', { name, exact: true });
    // The count shows once a page of results is in (not while the next one loads).
    const found = (n: number) =>
      page.getByText(thListings.search.count_other.replace('{{total}}', String(n)), { exact: true });
    await found(3).waitFor();
    for (const name of [MATCH, DEPOSIT_THREE, NO_PETS]) await title(name).waitFor();

    // On a phone the filters fold under one line, the rental terms under "more filters".
    await page.locator('summary').filter({ hasText: thListings.search.filters }).first().click();
    const filters = page.getByRole('form', { name: thListings.search.filters });
    await filters.locator('summary').filter({ hasText: thListings.facts.filters.more }).click();
    await filters.getByRole('checkbox', { name: thListings.rentalTerms.filters.pets }).check();
    await filters.getByRole('combobox', { name: thListings.rentalTerms.filters.maxDeposit }).selectOption('2');
    await filters.getByRole('button', { name: thListings.facts.filters.apply }).click();
    await page.waitForURL(/\/th\/Buy-rent\?.*pets=1/);
    expect(new URL(page.url()).searchParams.get('max_deposit_months')).toBe('2');
    await found(1).waitFor();
    await title(MATCH).waitFor();
    expect(await title(DEPOSIT_THREE).count()).toBe(0);
    expect(await title(NO_PETS).count()).toBe(0);
    await screenshot(page, 'renters-filters-th-375');
    await title(MATCH).click();

    await page.waitForURL(`${app.url}/th/detail/${matchId}`);
    await page.getByRole('heading', { level: 1, name: MATCH }).waitFor();
    const form = page.getByTestId('inquiry-form');
    // The signed-in renter's name fills the form in once the session is restored.
    await expect.poll(() => form.getByLabel(thContact.form.name).inputValue()).toBe(RENTER.name);
    await form.getByLabel(thContact.form.message).fill(QUESTION);
    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/property/${matchId}/inquiry`));
    await form.getByRole('button', { name: thContact.inquiry.send }).click();
    expect((await sent).status()).toBe(201);
    await page.getByText(thContact.inquiry.sent).first().waitFor();

    // The free hours as the page got them: the day buttons are their Bangkok dates in order.
    const free = await api<{ free: string[] }>(app, 'GET', `/api/property/${matchId}/viewing-slots`);
    expect(free.body.payload.free).toContain(viewingStart);
    const days = [...new Set(free.body.payload.free.map((iso) => bangkokDate(Date.parse(iso))))];
    const booking = page.getByRole('region', { name: thViewings.book.title });
    await expect.poll(() => booking.getByLabel(thViewings.book.name).inputValue()).toBe(RENTER.name);
    await booking
      .getByRole('group', { name: thViewings.book.day })
      .getByRole('button')
      .nth(days.indexOf(viewingDate))
      .click();
    const ten = booking.getByRole('radio', { name: '10:00', exact: true });
    expect(await ten.getAttribute('value')).toBe(viewingStart);
    await ten.check();
    const requested = page.waitForResponse((r) => r.url().endsWith(`/api/property/${matchId}/viewings`));
    await booking.getByRole('button', { name: thViewings.book.submit }).click();
    expect((await requested).status()).toBe(201);
    await booking.getByText(thViewings.book.sent).waitFor();
    expect(renterErrors).toEqual([]);
  });

  it('the renter follows the thread from the Sent box (Thai, 375 px)', async () => {
    const page = renterPage;
    await page.goto(`${app.url}/th/dashboard/messages?box=sent`);
    await page.getByRole('link', { name: new RegExp(MATCH) }).click();
    await page.waitForURL(/\/th\/dashboard\/messages\/\d+$/);
    threadId = Number(/messages\/(\d+)$/.exec(page.url())?.[1]);
    const messages = page.getByRole('list', { name: thConversations.thread.messages });
    await messages
      .getByRole('article', { name: thConversations.thread.fromMe })
      .filter({ hasText: QUESTION })
      .waitFor();
    await expectNoSeriousA11y(page, 'the renter’s thread (Thai, 375 px)');
    await screenshot(page, 'renters-thread-th-375');
    expect(renterErrors).toEqual([]);
  });

  it('the owner answers from the inbox (English, 1280 px) and the renter’s open thread shows it without a reload', async () => {
    // A mark that a page load would wipe: the answer must arrive in this very document.
    await renterPage.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    const { page, errors } = await signedIn(browser, owner, 1280);
    await page.goto(`${app.url}/dashboard/messages`);
    await page.getByRole('heading', { level: 1, name: enConversations.inbox.title }).waitFor();
    const row = page.getByRole('link', { name: new RegExp(`${RENTER.name}.*${MATCH}`) });
    // The row previews the renter's question.
    expect(await row.getByTestId('preview').textContent()).toBe(QUESTION);
    await screenshot(page, 'renters-inbox-en-1280');
    await row.click();
    await page.waitForURL(`${app.url}/dashboard/messages/${threadId}`);
    await page.getByRole('article', { name: enConversations.thread.fromThem }).filter({ hasText: QUESTION }).waitFor();
    // The renter's address is never shown to the owner in the thread.
    expect(await page.getByRole('main').textContent()).not.toContain(RENTER.email);
    await page.getByLabel(enConversations.composer.label).fill(ANSWER);
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/user/conversations/${threadId}/messages`));
    await page.getByRole('button', { name: enConversations.composer.send, exact: true }).click();
    expect((await answered).status()).toBe(201);

    const answer = renterPage
      .getByRole('list', { name: thConversations.thread.messages })
      .getByRole('article', { name: thConversations.thread.fromThem })
      .filter({ hasText: ANSWER });
    await answer.waitFor({ timeout: 15_000 });
    expect(await renterPage.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(renterPage.url()).toBe(`${app.url}/th/dashboard/messages/${threadId}`);
    expect(renterErrors).toEqual([]);

    // The owner goes on to the viewing requests (the dashboard's sidebar, no page load) and confirms the renter's.
    await page.getByRole('link', { name: enDashboard.sidebar.viewings, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: enViewings.page.title }).waitFor();
    const requests = page.getByRole('list', { name: enViewings.requests.title });
    const request = requests.getByRole('listitem').filter({ hasText: MATCH });
    await request.getByText('10:00–11:00').waitFor();
    expect(await request.textContent()).toContain(RENTER.name);
    await expectNoSeriousA11y(page, 'the owner’s viewings (English, 1280 px)');
    await screenshot(page, 'renters-viewings-en-1280');
    await request.getByRole('button', { name: enViewings.requests.confirm }).click();
    await page.getByRole('status').filter({ hasText: enViewings.done.confirmed }).waitFor();
    await page
      .getByRole('list', { name: enViewings.upcoming.title })
      .getByRole('listitem')
      .filter({ hasText: MATCH })
      .getByText(enViewings.status.confirmed)
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('the confirmation mails carry the .ics invite with the Bangkok hour in UTC', async () => {
    const withInvite = (email: string) =>
      smtp.waitFor((m) => m.to.includes(email) && m.attachments.some((a) => a.filename === 'viewing.ics'), 30_000);
    const [toRenter, toOwner] = await Promise.all([withInvite(RENTER.email), withInvite(OWNER.email)]);
    // The renter's mail is in Thai (their account's language), with the hour on the Bangkok clock.
    expect(toRenter.subject).toBe(thMail.viewing.confirmed.subject.replace('{{title}}', MATCH));
    expect(toRenter.text).toContain('10:00–11:00');
    for (const mail of [toRenter, toOwner]) {
      const ics = mail.attachments.find((a) => a.filename === 'viewing.ics');
      expect(ics?.contentType).toMatch(/^text\/calendar;.*method=PUBLISH/i);
      const lines = (ics?.content ?? '').replace(/\r\n[ \t]/g, '').split(/\r\n/);
      const day = viewingDate.replaceAll('-', '');
      expect(lines).toContain('BEGIN:VEVENT');
      expect(lines).toContain(`DTSTART:${day}T030000Z`);
      expect(lines).toContain(`DTEND:${day}T040000Z`);
      expect(lines.filter((l) => /^UID:viewing-\d+@/.test(l))).toHaveLength(1);
    }
    expect(toRenter.attachments[0]?.content.replace(/\r\n[ \t]/g, '')).toContain(
      `SUMMARY:${thMail.viewing.invite.summary.replace('{{title}}', MATCH)}`,
    );
  });
});
