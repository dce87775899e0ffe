import { existsSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/api.ts';
import { type RunningApp, startApp } from '../support/app.ts';
import { launchBrowser, newPage, SCREEN_SIZES, screenshot } from '../support/browser.ts';

const MiB = 1024 * 1024;
const until = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 100 });

describe('profile photo limits in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let token: string;
  const files = mkdtempSync(path.join(tmpdir(), 'baan-e2e-uploads-'));
  const huge = path.join(files, 'holiday.jpg');
  const bomb = path.join(files, 'panorama.png');

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    token = await signUpVerified(app, 'uploads@baan.example');
    // A JPEG header, then zeros to 51 MiB (a sparse file: nothing that size is written or held).
    writeFileSync(huge, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]));
    truncateSync(huge, 51 * MiB);
    // A few hundred kB of PNG that decodes to 50,010,000 pixels.
    writeFileSync(
      bomb,
      await sharp({ create: { width: 10_002, height: 5_000, channels: 3, background: '#0f766e' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  async function settings(language: 'en' | 'th', width: number) {
    const opened = await newPage(browser, width, 900);
    await opened.context.addInitScript(
      ([lang, jwt]) => {
        localStorage.setItem('selectedLanguage', lang);
        localStorage.setItem('token', jwt);
      },
      [language, token] as const,
    );
    const uploads: string[] = [];
    opened.page.on('request', (r) => {
      if (r.url().endsWith('/api/update/profile')) uploads.push(r.method());
    });
    await opened.page.goto(`${app.url}/dashboard/settings`);
    await until(() => opened.page.locator('html').getAttribute('lang')).toBe(language);
    return { ...opened, uploads };
  }

  it('says a photo over 50 MB is too large, with the limit, in English and Thai, and sends nothing', async () => {
    const texts = {
      en: {
        label: 'Upload a new image',
        message: 'This photo is 51 MB: too large. A profile photo can be at most 50 MB.',
      },
      th: { label: 'อัปโหลดรูปใหม่', message: 'รูปภาพนี้มีขนาด 51 MB ซึ่งใหญ่เกินไป รูปโปรไฟล์ต้องมีขนาดไม่เกิน 50 MB' },
    };
    for (const [language, width] of SCREEN_SIZES) {
      {
        const { page, context, errors, uploads } = await settings(language, width);
        await page.getByLabel(texts[language].label).setInputFiles(huge);
        await until(() => page.getByText(texts[language].message).isVisible()).toBe(true);
        await screenshot(page, `uploads-settings-too-large-${language}-${width}`);
        expect(uploads).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('a small PNG of more than 50 megapixels is refused by the server with a clear message, and nothing is stored', async () => {
    const { page, context, errors, uploads } = await settings('en', 1280);
    await page.getByLabel('Upload a new image').setInputFiles(bomb);
    await until(() =>
      page
        .getByText(
          'This photo has too many pixels: a profile photo can have at most 50 megapixels. Resize it and try again.',
        )
        .isVisible(),
    ).toBe(true);
    await page.waitForTimeout(1000); // the toast's slide-in, for the picture
    await screenshot(page, 'uploads-settings-too-many-pixels-en-1280');
    expect(uploads).toEqual(['POST']);
    const avatars = path.join(app.dataDir, 'uploads', 'avatars');
    expect(existsSync(avatars) ? readdirSync(avatars) : []).toEqual([]);
    expect(readdirSync(path.join(app.dataDir, 'tmp', 'uploads'))).toEqual([]);
    // The browser logs the refused request as a failed resource load; nothing else went wrong.
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await context.close();
  });
});
