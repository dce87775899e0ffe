import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../support/app.ts';
import { launchBrowser, newPage, screenshot, seriousA11yViolations } from '../support/browser.ts';

const THAI = /[\u0E00-\u0E7F]/;

describe('the home shell', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('renders in English, switches to Thai, remembers it, and passes axe', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(app.url);
    const nav = page.getByRole('navigation', { name: /main/i });
    await expect.poll(() => nav.getByRole('link', { name: 'Quick Search' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome to Our Website');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'shell-home-en-1280');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('th');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('th');
    await expect
      .poll(async () => THAI.test((await page.getByRole('heading', { level: 1 }).textContent()) ?? ''))
      .toBe(true);
    expect(await nav.getByRole('link', { name: 'Quick Search' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('th');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'shell-home-th-1280');

    // The choice survives a reload, and a client-side route reloads into the app.
    await page.goto(`${app.url}/terms`);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('th');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the not-found screen for an unknown route, with a way home', async () => {
    const { page, context } = await newPage(browser, 375, 800);
    await page.goto(`${app.url}/no/such/page`);
    await expect.poll(() => page.getByText("We can't find that page").isVisible()).toBe(true);
    expect(await page.getByRole('search').isVisible()).toBe(true);
    await screenshot(page, 'shell-404-en-375');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
