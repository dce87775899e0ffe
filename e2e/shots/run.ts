// `npm run screenshots`: every screen of Baan in Chromium, for people to look at before they hand in UI work.
// Not part of `npm test`: it asserts nothing but prints each screen's serious axe violations.
//
// It starts the production build with the demo data (as `npm start` does), makes an owner with a package and a
// listing and logs in the demo admin, then saves e2e/screenshots/<screen>-<lang>-<width>.png (ignored by git).
//
//   npm run screenshots                        # English and Thai, 375 and 1280 px, every screen
//   npm run screenshots -- --only detail,quick --langs en,th,zh,ja,my,ru,tw --widths 375
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { api, createListing, signUpVerified, solidPng, subscribeWithTestCard } from '../support/api.ts';
import { startApp } from '../support/app.ts';
import { launchBrowser, newPage, seriousA11yViolations } from '../support/browser.ts';

const { values } = parseArgs({
  // --no-full-page: the first screen only.
  allowNegative: true,
  options: {
    only: { type: 'string' },
    langs: { type: 'string', default: 'en,th' },
    widths: { type: 'string', default: '375,1280' },
    'full-page': { type: 'boolean', default: true },
  },
});
const only = values.only ? values.only.split(',').map((s) => s.trim()) : null;
const langs = values.langs.split(',').map((s) => s.trim().toLowerCase());
const widths = values.widths.split(',').map(Number);
const OUT = fileURLToPath(new URL('../screenshots/', import.meta.url));

type Who = 'visitor' | 'owner' | 'admin';
type Screen = {
  name: string;
  path: string | ((ids: Ids) => string);
  who?: Who;
  /** What a person does before the picture (open a menu, go to a step). */
  act?: (page: Page, lang: string) => Promise<void>;
};
type Ids = { listing: number; demoListing: number; project: string; conversation: number };

type Tree = { [key: string]: string | Tree };
/** A string of the web app's locale files, so a step is found by its label in any language. */
function text(lang: string, namespace: string, path: string): string {
  const dir = lang === 'tw' ? 'TW' : lang;
  const tree: Tree = JSON.parse(
    readFileSync(new URL(`../../apps/web/src/locales/${dir}/${namespace}.json`, import.meta.url), 'utf8'),
  );
  const value = path
    .split('.')
    .reduce<string | Tree | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`no string at ${namespace}:${path}`);
  return value;
}

/** The wizard's first step filled in (a condo for sale near Asok), then Next. */
async function wizardStepOne(page: Page, lang: string) {
  await page.getByRole('radio', { name: text(lang, 'property', 'define.owner') }).check();
  await page.getByRole('radio', { name: text(lang, 'property', 'define.residential') }).check();
  await page.getByRole('radio', { name: text(lang, 'property', 'define.sale') }).check();
  await page.getByRole('radio', { name: text(lang, 'listings', 'subTypes.condo') }).check();
  await page.getByRole('combobox', { name: text(lang, 'property', 'define.location') }).fill('Asok');
  await page
    .getByRole('option', { name: /Asok|อโศก/ })
    .first()
    .click();
  await page.getByRole('button', { name: text(lang, 'property', 'wizard.next') }).click();
  await page.getByRole('heading', { level: 2, name: text(lang, 'property', 'wizard.steps.media') }).waitFor();
}

const SCREENS: Screen[] = [
  { name: 'home', path: '/' },
  { name: 'quick', path: '/Quick' },
  { name: 'quick-search', path: '/Quick?q=Sukhumvit&type=rent' },
  // The search map (ADR 041): all of Thailand (the server's clusters as count bubbles), then a few streets of Bangkok
  // (single listings as price markers).
  { name: 'map-thailand', path: '/Quick?bbox=97.3,5.6,105.7,20.5' },
  { name: 'map-streets', path: '/Quick?bbox=100.555,13.725,100.575,13.74' },
  { name: 'buy-rent', path: '/Buy-rent' },
  { name: 'recommend', path: '/recommend' },
  { name: 'cost', path: '/cost' },
  { name: 'detail', path: (ids) => `/detail/${ids.demoListing}` },
  { name: 'compare', path: (ids) => `/compare?ids=${ids.demoListing},${ids.demoListing + 1}` },
  { name: 'favorites', path: '/favorites' },
  { name: 'contact', path: '/contact' },
  { name: 'privacy', path: '/privacy' },
  // The footer's newsletter after a subscription: "check your inbox to confirm" (double opt-in, ADR 055).
  {
    name: 'footer-newsletter',
    path: '/terms',
    act: async (page, lang) => {
      const footer = page.getByRole('contentinfo');
      await footer.getByLabel(text(lang, 'common', 'footer.newsletter.emailLabel')).fill('screens@example.com');
      await footer.locator('input[type="checkbox"]').check();
      await footer.getByRole('button', { name: text(lang, 'common', 'footer.newsletter.subscribe') }).click();
      await footer.getByRole('status').waitFor();
    },
  },
  // The confirmation mail's page (a well-formed token, so the button shows), then the same page after pressing it
  // with a token the server does not know.
  { name: 'newsletter-confirm', path: `/newsletter/confirm?token=${'x'.repeat(43)}` },
  {
    name: 'newsletter-confirm-refused',
    path: `/newsletter/confirm?token=${'x'.repeat(43)}`,
    act: async (page, lang) => {
      await page.getByRole('button', { name: text(lang, 'common', 'newsletterConfirm.button') }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  // The newsletter's unsubscribe page (ADR 058): the button and "lost the link?", then its done state. The demo data
  // has no footer subscriber whose token the run could sign, so the done state's answer is the API's 200 played back.
  { name: 'newsletter-unsubscribe', path: `/newsletter/unsubscribe?token=7.${'x'.repeat(43)}` },
  {
    name: 'newsletter-unsubscribe-done',
    path: `/newsletter/unsubscribe?token=7.${'x'.repeat(43)}`,
    act: async (page, lang) => {
      await page.route('**/api/newsletter/unsubscribe', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ success: true, message: 'ok', payload: { result: 'unsubscribed' } }),
        }),
      );
      await page
        .getByRole('button', { name: text(lang, 'common', 'newsletterUnsubscribe.button'), exact: true })
        .click();
      await page.getByRole('status').waitFor();
    },
  },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'login', path: '/login' },
  { name: 'signup', path: '/signup' },
  { name: 'select-package', path: '/select-package', who: 'owner' },
  { name: 'checkout', path: '/checkout?package=1', who: 'owner' },
  { name: 'dashboard', path: '/dashboard', who: 'owner' },
  { name: 'my-properties', path: '/dashboard/properties', who: 'owner' },
  { name: 'stats', path: (ids) => `/dashboard/properties/${ids.listing}/stats`, who: 'owner' },
  { name: 'inquiries', path: '/dashboard/inquiries', who: 'owner' },
  { name: 'saved-searches', path: '/dashboard/saved-searches', who: 'owner' },
  { name: 'viewings', path: '/dashboard/viewings', who: 'owner' },
  { name: 'conversations', path: '/dashboard/messages', who: 'owner' },
  { name: 'conversation-thread', path: (ids) => `/dashboard/messages/${ids.conversation}`, who: 'owner' },
  { name: 'imports', path: '/dashboard/imports', who: 'owner' },
  { name: 'settings', path: '/dashboard/settings', who: 'owner' },
  {
    name: 'settings-phone',
    path: '/dashboard/settings',
    who: 'owner',
    // A number saved, and a code asked for it by SMS (the demo provider writes it to the outbox).
    act: async (page) => {
      // A number of its own per picture: one number gets at most 3 codes an hour.
      await page.locator('input[type="tel"]').fill(`08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
      await page.locator('form button[type="submit"]').first().click();
      await page.locator('section').nth(1).locator('button').first().click();
      // The code sent, or (past the account's cap of codes an hour) the refusal in the page's language.
      await page.locator('section [role="status"], section [role="alert"]').first().waitFor();
    },
  },
  {
    name: 'settings-phone-budget',
    path: '/dashboard/settings',
    who: 'owner',
    // A UK number while the budget of SMS abroad is spent (this app runs with SMS_BUDGET_COUNTRY=0/0; ADR 056).
    act: async (page) => {
      await page.locator('input[type="tel"]').fill('+44 7700 900123');
      await page.locator('form button[type="submit"]').first().click();
      await page.locator('section').nth(1).locator('button').first().click();
      await page.locator('section [role="alert"]').first().waitFor();
    },
  },
  {
    name: 'detail-viewing-waiting',
    path: (ids) => `/detail/${ids.listing}`,
    // A visitor whose network already has 2 requests waiting on this listing asks for a third (ADR 057).
    act: async (page, lang) => {
      const form = page.locator('form', {
        has: page.getByRole('button', { name: text(lang, 'viewings', 'book.submit') }),
      });
      await form.getByRole('radio').first().check();
      await form.getByLabel(text(lang, 'viewings', 'book.name')).fill('Squatter Test');
      await form.getByLabel(text(lang, 'viewings', 'book.email')).fill('squatter.test@baan.example');
      await form.getByRole('button', { name: text(lang, 'viewings', 'book.submit') }).click();
      await form.locator('[role="alert"]').first().waitFor();
      await form.scrollIntoViewIfNeeded();
    },
  },
  // An agency's public page and the owner's Agency section in settings (ADR 037; the owner is its admin).
  { name: 'agency', path: '/agency/siam-screenshot-homes' },
  { name: 'agent', path: '/agent/somchai-screenshots' },
  { name: 'projects', path: '/projects' },
  { name: 'project-page', path: (ids) => `/project/${ids.project}` },
  // An area's market figures, with months of listings behind its trend charts.
  { name: 'market', path: '/market/bangkok' },
  { name: 'settings-agency', path: '/dashboard/settings', who: 'owner' },
  { name: 'add-property', path: '/add-property', who: 'owner' },
  { name: 'wizard-media', path: '/add-property', who: 'owner', act: wizardStepOne },
  {
    name: 'wizard-info',
    path: '/add-property',
    who: 'owner',
    // The third step after a submit with the description missing: the field errors in the page's language.
    act: async (page, lang) => {
      await wizardStepOne(page, lang);
      await page
        .getByLabel(text(lang, 'property', 'media.chooseCover'))
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: solidPng(900, 600, [200, 140, 60]) });
      await page.getByRole('img', { name: 'front.png' }).waitFor();
      await page.getByRole('button', { name: text(lang, 'property', 'wizard.next') }).click();
      await page.getByRole('heading', { level: 2, name: text(lang, 'property', 'wizard.steps.info') }).waitFor();
      await page.getByLabel(`${text(lang, 'property', 'info.price')} *`).pressSequentially('4500000');
      await page.getByRole('button', { name: text(lang, 'property', 'wizard.submit') }).click();
      await page.locator('[role="alert"]').first().waitFor();
    },
  },
  { name: 'edit-property', path: (ids) => `/edit-property/${ids.listing}`, who: 'owner' },
  { name: 'admin-payments', path: '/admin', who: 'admin' },
  { name: 'admin-listings', path: '/admin/listings', who: 'admin' },
  { name: 'admin-users', path: '/admin/users', who: 'admin' },
  { name: 'admin-packages', path: '/admin/packages', who: 'admin' },
  { name: 'admin-messages', path: '/admin/messages', who: 'admin' },
  { name: 'admin-jobs', path: '/admin/jobs', who: 'admin' },
  { name: 'admin-audit', path: '/admin/audit', who: 'admin' },
];

const DEMO_ADMIN = { email: 'admin@baan.example', password: 'BaanAdmin#2026' };

async function main() {
  const screens = SCREENS.filter((s) => !only || only.some((o) => s.name.includes(o)));
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  // No SMS abroad (ADR 056), for the settings-phone-budget picture; Thai numbers keep their budget.
  // Seeding the demo data from scratch takes over a minute on a loaded machine.
  const app = await startApp({ SEED_DEMO: '1', SMS_BUDGET_COUNTRY: '0/0' }, { readyWithinMs: 240_000 });
  const browser = await launchBrowser();
  let failures = 0;
  try {
    const owner = await signUpVerified(app, 'shots.owner@baan.example', 'Somchai Screenshots', '0812345678');
    await subscribeWithTestCard(app, owner);
    const listing = await createListing(app, owner, 'Corner condo near BTS Phrom Phong');
    // The owner's public page and an agency they run, with one invitation waiting.
    await api(app, 'PATCH', '/api/user/profile/public', { slug: 'somchai-screenshots', public: true }, owner);
    await api(
      app,
      'POST',
      '/api/agencies',
      { name: 'Siam Screenshot Homes', about: 'Condos and houses on Sukhumvit since 2012.' },
      owner,
    );
    await api(
      app,
      'POST',
      '/api/agencies/siam-screenshot-homes/invitations',
      { email: 'new.agent@baan.example', role: 'agent' },
      owner,
    );
    const admin = await api<{ token: string }>(app, 'POST', '/api/login', DEMO_ADMIN);
    const all = await api<{ items: { id: number }[] }>(app, 'GET', '/api/properties?per_page=1');
    // A guest's question (a conversation in the owner's inbox) and, in the owner's viewing hours, a viewing request.
    await api(app, 'POST', `/api/property/${listing}/inquiry`, {
      name: 'Nattaya Wongsa',
      email: 'nattaya.guest@baan.example',
      message: 'Is the unit still available next month? Can I bring a pet cat?',
    });
    const week = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '18:00' }));
    await api(app, 'PUT', '/api/user/viewing-slots', { slots: week }, owner);
    const free = await api<{ free: string[] }>(app, 'GET', `/api/property/${listing}/viewing-slots`);
    const startsAt = free.body.payload.free[3];
    if (startsAt) {
      await api(app, 'POST', `/api/property/${listing}/viewings`, {
        name: 'Kittipong Saelim',
        email: 'kittipong.guest@baan.example',
        starts_at: startsAt,
        mode: 'in_person',
      });
      // A second request from this network (the browser's too): its requests on this listing are at the cap (ADR 057).
      await api(app, 'POST', `/api/property/${listing}/viewings`, {
        name: 'Kittipong Saelim',
        email: 'kittipong.guest@baan.example',
        starts_at: free.body.payload.free[5] ?? startsAt,
        mode: 'video',
      });
    }
    const threads = await api<{ items: { id: number }[] }>(app, 'GET', '/api/user/conversations', undefined, owner);
    const projects = await api<{ items: { slug: string }[] }>(app, 'GET', '/api/projects?per_page=1');
    const ids: Ids = {
      listing,
      demoListing: all.body.payload.items[0]?.id ?? 1,
      project: projects.body.payload.items[0]?.slug ?? 'none',
      conversation: threads.body.payload.items[0]?.id ?? 0,
    };
    const tokens: Record<Who, string | null> = { visitor: null, owner, admin: admin.body.payload.token };

    for (const screen of screens) {
      for (const lang of langs) {
        for (const width of widths) {
          const { page, context, errors } = await newPage(browser, width, width < 768 ? 812 : 900);
          const token = tokens[screen.who ?? 'visitor'];
          if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
          const rawPath = typeof screen.path === 'function' ? screen.path(ids) : screen.path;
          const path = lang === 'en' ? rawPath : `/${lang}${rawPath === '/' ? '' : rawPath}`;
          const file = `${screen.name}-${lang}-${width}.png`;
          try {
            await page.goto(`${app.url}${path}`);
            // Signed-in screens keep a live connection open (the conversation events), so the network never rests
            // there: a few seconds are enough.
            await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
            await screen.act?.(page, lang);
            // Lazy pictures load only near the viewport: a walk down the page first, so the full-page picture shows them.
            await page.evaluate(async () => {
              for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
                window.scrollTo(0, y);
                await new Promise((resolve) => setTimeout(resolve, 60));
              }
              window.scrollTo(0, 0);
            });
            await page
              .waitForFunction(() => [...document.images].every((image) => image.complete), undefined, {
                timeout: 5000,
              })
              .catch(() => undefined);
            await page.screenshot({ path: `${OUT}${file}`, fullPage: values['full-page'] });
            const serious = await seriousA11yViolations(page);
            const wide = await page.evaluate(() => document.documentElement.scrollWidth);
            const notes = [
              ...serious.map((v) => `axe ${v.id}: ${v.help}`),
              ...(wide > width ? [`page is ${wide} px wide at ${width} px`] : []),
              ...errors.map((e) => `console: ${e.slice(0, 160)}`),
            ];
            console.log(`${notes.length ? '!' : ' '} ${file}${notes.map((n) => `\n    ${n}`).join('')}`);
            if (serious.length || wide > width) failures += 1;
          } catch (err) {
            failures += 1;
            console.log(`! ${file}: ${(err as Error).message.split('\n')[0]}`);
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  console.log(`\nscreenshots in ${OUT} (${failures} with a serious axe violation, an overflow or an error)`);
}

await main();
