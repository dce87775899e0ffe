import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { solidPng } from './api.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * The Chromium the tests drive: CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell: the same
 * Chromium build without the browser's window layer, about half the CPU per page; ADR 031), else Debian's Chromium.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';
}

/** Debian's Chromium, headless, with nothing reaching out to the network on its own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not block.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // Colours measured mid-transition (the home header turning solid as the page scrolls, 300 ms) are neither the
    // before nor the after a visitor reads: let running transitions finish first (infinite animations excepted).
    // One ending may start another (a toast's 5 s progress bar, then its exit), so wait until a frame starts none.
    for (let round = 0; round < 5; round++) {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
      if (running.length === 0) break;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** True in `npm run screenshots` (E2E_SCREENSHOTS=1): a page opened only to be pictured is opened only then. */
export const TAKING_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * With E2E_SCREENSHOTS=1, saves a screenshot to e2e/screenshots/<name>.png (ignored by git) for people to look at:
 * the full page, or with `fullPage: false` only the first screen, as a visitor sees it on arrival. Otherwise it does
 * nothing: a picture asserts nothing, and `npm run screenshots` takes every screen in its own run.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage });
}

/**
 * Pages arrive rendered by the server and come alive when React hydrates them; a click before that does nothing.
 * Loading a document (goto, reload, back, forward) therefore waits until the app marks it hydrated.
 */
function waitForHydration(page: Page): void {
  const hydrated = () => page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 30_000 });
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = (await original(...args)) as { status(): number } | null;
      // A refused page (the render limit, ADR 021) has no script and never hydrates: say so instead of timing out.
      if (response?.status() === 429) throw new Error(`${method} ${page.url()} was answered 429 (too many renders)`);
      await hydrated();
      return response;
    };
  }
}

/**
 * The (language, width) pairs a screen test walks: each language once and each width once — English at 1280 px and
 * Thai at 375 px, the two that differ most (and Thai's longer words on the narrow screen). `E2E_EVERY_SIZE=1` walks
 * all four. How every screen looks in every pair is `npm run screenshots`' job (e2e/shots), not every CI run's.
 */
export const SCREEN_SIZES: readonly (readonly ['en' | 'th', 375 | 1280])[] =
  process.env.E2E_EVERY_SIZE === '1'
    ? [
        ['en', 375],
        ['en', 1280],
        ['th', 375],
        ['th', 1280],
      ]
    : [
        ['en', 1280],
        ['th', 375],
      ];

/** Map tiles (MAP_TILE_URL's default, OpenStreetMap) live on the internet: every page gets this one instead. */
export const TILE_PATTERN = 'https://tile.openstreetmap.org/**';
const TILE = solidPng(256, 256, [226, 232, 240]);

/**
 * A fresh page whose browser-side console errors are collected, so a test can assert none happened. Map tile
 * requests are answered with a plain tile (the one thing on the internet the pages load).
 */
export async function newPage(browser: Browser, width = 1280, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.route(TILE_PATTERN, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE }));
  const page = await context.newPage();
  waitForHydration(page);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return { page, context, errors };
}

/** Fails the test with each serious or critical axe violation on the page (rule, help, elements); `where` names the screen. */
export async function expectNoSeriousA11y(page: Page, where = page.url()): Promise<void> {
  const violations = await seriousA11yViolations(page);
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    where,
  ).toEqual([]);
}
