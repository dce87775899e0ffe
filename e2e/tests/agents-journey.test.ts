import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../apps/web/src/locales/en/admin.json' with { type: 'json' };
import enDashboard from '../../apps/web/src/locales/en/dashboard.json' with { type: 'json' };
import enListings from '../../apps/web/src/locales/en/listings.json' with { type: 'json' };
import thAgents from '../../apps/web/src/locales/th/agents.json' with { type: 'json' };
import thDashboard from '../../apps/web/src/locales/th/dashboard.json' with { type: 'json' };
import thListings from '../../apps/web/src/locales/th/listings.json' with { type: 'json' };
import { api, multipart, signUpVerified, solidPng, subscribeWithTestCard } from '../support/api.ts';
import { type RunningApp, startApp } from '../support/app.ts';
import { expectNoSeriousA11y, launchBrowser, newPage, screenshot } from '../support/browser.ts';

/**
 * Issue 25 end to end in Chromium, lean (one server, one browser): an agent (English, 1280 px) uploads a CSV of 20
 * listings, sees the import run and finish, and reads a report with one refused row; fixes it and imports again in Thai
 * at 375 px (1 created, 19 unchanged); a buyer (Thai, 375 px) opens the agent's page from a listing; an admin
 * (English, 1280 px) verifies a listing in the console and the badge shows in search with "verified only".
 */
const ADMIN = { email: 'agents-admin@baan.test', password: 'Admin#Pass2026' };
const AGENT = { email: 'agents-pim@baan.example', name: 'Pim Srisuk', slug: 'pim-srisuk-ari' };
const BAD_ROW = 7;
const DEED = '12345';

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);
const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const ref = (n: number) => `PIM-${String(n).padStart(2, '0')}`;
const titleOf = (n: number) => `Ari one-bed condo ${ref(n)} near BTS`;

/** Twenty condos for sale in Ari in the template's columns; row `broken` has a price that is not a number. */
function csv(columns: string[], broken: number | null): string {
  const rows = Array.from({ length: 20 }, (_, i) => {
    const n = i + 1;
    const row: Record<string, string> = {
      external_ref: ref(n),
      type: 'sale',
      user_type: 'agent',
      property_type: 'residential',
      property_sub_type: 'condo',
      title: titleOf(n),
      description: `One bedroom on floor ${n + 3}, five minutes' walk to BTS Ari, furnished, city view.`,
      location: 'Ari, Phaya Thai, Bangkok',
      price: n === broken ? 'three million' : String(3_200_000 + n * 25_000),
      area: String(32 + (n % 5)),
      level: String(n + 3),
      bed_rooms: '1',
      bath_rooms: '1',
      kitchen: '1',
      floors: '1',
      language: 'en',
      is_featured: '0',
    };
    return columns.map((c) => cell(row[c] ?? '')).join(',');
  });
  return `${[columns.join(','), ...rows].join('\n')}\n`;
}

async function signedIn(browser: Browser, token: string, width: number) {
  const opened = await newPage(browser, width, width < 400 ? 812 : 900);
  await opened.context.addInitScript((t) => localStorage.setItem('token', t), token);
  return opened;
}

async function login(app: RunningApp, email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>(app, 'POST', '/api/login', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload.token;
}

describe('agents: a CSV import with its report, the agent’s page, a verified listing in search', () => {
  let app: RunningApp;
  let browser: Browser;
  let agent: string;
  let columns: string[];
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    agent = await signUpVerified(app, AGENT.email, AGENT.name);
    await subscribeWithTestCard(app, agent);
    const profile = await api(app, 'PATCH', '/api/user/profile/public', { slug: AGENT.slug, public: true }, agent);
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const template = await fetch(`${app.url}/api/user/imports/template.csv`, {
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(template.status).toBe(200);
    columns =
      (await template.text())
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0]

        ?.split(',')
        .map((c) => c.replace(/^"|"$/g, '')) ?? [];
    expect(columns[0]).toBe('external_ref');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of opened) await context.close();
    await browser?.close();
    await app?.stop();
  });

  /** The agent's own listings (GET /api/user/properties). */
  async function own() {
    const res = await api<{ id: number; title: string }[]>(app, 'GET', '/api/user/properties', undefined, agent);
    expect(res.status).toBe(200);
    return res.body.payload;
  }

  /** Chooses the file, sends it and waits for this import's finished line. */
  async function importFile(page: Page, strings: typeof enDashboard.imports, text: string, imports: number) {
    await page.getByLabel(strings.fileLabel).setInputFiles({
      name: 'pim-listings.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(text),
    });
    await page.getByRole('button', { name: strings.uploadSubmit }).click();
    const lines = page.getByRole('listitem').filter({ hasText: strings.format.csv });
    await expect.poll(() => lines.count()).toBe(imports);
    await lines.first().getByText(strings.status.done, { exact: true }).waitFor({ timeout: 30_000 });
    return lines.first();
  }

  it('the agent imports 20 rows; the report names the refused row and why (English, 1280 px)', async () => {
    const { page, context, errors } = await signedIn(browser, agent, 1280);
    opened.push(context);
    await page.goto(`${app.url}/dashboard/imports`);
    await page.getByRole('heading', { name: enDashboard.imports.title }).waitFor();
    const line = await importFile(page, enDashboard.imports, csv(columns, BAD_ROW), 1);
    expect(await line.textContent()).toContain(
      fill(enDashboard.imports.counts, { created: 19, updated: 0, unchanged: 0, paused: 0, failed: 1 }),
    );
    // The newest import's report shows the refused row first, with the field and the reason.
    const report = page.getByRole('table', { name: enDashboard.imports.reportCaption });
    const refused = report.getByRole('row').filter({ hasText: ref(BAD_ROW) });
    await refused.waitFor();
    expect(await refused.getByText(enDashboard.imports.outcomes.failed, { exact: true }).isVisible()).toBe(true);
    expect(await refused.getByText('price', { exact: true }).isVisible()).toBe(true);
    expect(await refused.textContent()).toMatch(/number/i);
    await expectNoSeriousA11y(page);
    await screenshot(page, 'imports-report-en-1280');
    expect(errors).toEqual([]);
    const mine = await own();
    expect(mine).toHaveLength(19);
    expect(mine.map((p) => p.title)).not.toContain(titleOf(BAD_ROW));
  });

  it('after fixing the row, the same file imports again: 1 created, 19 unchanged (Thai, 375 px)', async () => {
    const { page, context, errors } = await signedIn(browser, agent, 375);
    opened.push(context);
    await page.goto(`${app.url}/th/dashboard/imports`);
    await page.getByRole('heading', { name: thDashboard.imports.title }).waitFor();
    const line = await importFile(page, thDashboard.imports, csv(columns, null), 2);
    expect(await line.textContent()).toContain(
      fill(thDashboard.imports.counts, { created: 1, updated: 0, unchanged: 19, paused: 0, failed: 0 }),
    );
    await screenshot(page, 'imports-again-th-375');
    expect(errors).toEqual([]);
  });

  it('a buyer opens the agent’s page from a listing (Thai, 375 px)', async () => {
    const listing = (await own()).find((p) => p.title === titleOf(1));
    expect(listing).toBeDefined();
    const { page, context, errors } = await newPage(browser, 375, 812);
    opened.push(context);
    await page.goto(`${app.url}/th/detail/${listing?.id}`);
    await page.getByRole('link', { name: fill(thListings.detail.agentProfile, { name: AGENT.name }) }).click();
    await page.waitForURL(new RegExp(`/th/agent/${AGENT.slug}$`));
    await page.getByRole('heading', { level: 1, name: AGENT.name }).waitFor();
    expect(await page.getByText(thAgents.page.kicker).first().isVisible()).toBe(true);
    expect(await page.locator('main').textContent()).toContain(thAgents.figures.active);
    await page
      .getByRole('link', { name: titleOf(20) })
      .first()
      .waitFor();
    await screenshot(page, 'agent-from-listing-th-375');
    expect(errors).toEqual([]);
  });

  it('an admin verifies a listing in the console and it shows as verified in search (English, 1280 px)', async () => {
    const id = (await own()).find((p) => p.title === titleOf(3))?.id;
    expect(id).toBeDefined();
    const asked = await multipart(
      app,
      `/api/property/${id}/verification`,
      agent,
      { title_deed_number: DEED },
      { document: solidPng(600, 800, [250, 250, 245]) },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);

    const admin = await login(app, ADMIN.email, ADMIN.password);
    const { page, context, errors } = await signedIn(browser, admin, 1280);
    opened.push(context);
    await page.goto(`${app.url}/admin/verifications`);
    const approve = page.getByRole('button', { name: fill(enAdmin.verifications.approveLabel, { number: DEED }) });
    await approve.click();
    await page
      .getByRole('dialog', { name: enAdmin.verifications.approveTitle })
      .getByRole('button', { name: enAdmin.verifications.approve, exact: true })
      .click();
    await expect.poll(() => approve.count()).toBe(0);

    await page.goto(`${app.url}/Quick?verified=1`);
    const card = page.getByRole('article').filter({ hasText: titleOf(3) });
    await card.getByText(enListings.card.verified, { exact: true }).waitFor();
    // Only the verified listing is in the verified-only results.
    expect(await page.getByRole('link', { name: titleOf(4) }).count()).toBe(0);
    await screenshot(page, 'verified-in-search-en-1280');
    expect(errors).toEqual([]);
  });
});
