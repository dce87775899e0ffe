import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  type ReceivedMail,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../apps/api/test/support/smtp-receiver.ts';
import { type RunningApp, startApp } from '../support/app.ts';
import { launchBrowser, newPage, SCREEN_SIZES, screenshot, seriousA11yViolations } from '../support/browser.ts';

const PASSWORD = 'Secret#Pass1';

describe('accounts', () => {
  let app: RunningApp;
  let browser: Browser;
  let smtp: SmtpReceiver;
  let counter = 0;
  const newEmail = (prefix: string) => `${prefix}${++counter}.${Date.now()}@example.com`;

  beforeAll(async () => {
    // A real SMTP server on 127.0.0.1: the app sends its mail there, the test reads the codes.
    smtp = await startSmtpReceiver();
    app = await startApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Baan <no-reply@baan.test>' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.close();
  });

  /** The next mail to this address, received after `after` mails had arrived. */
  const mailTo = (email: string, after: number): Promise<ReceivedMail> =>
    smtp.waitFor((m) => m.to.includes(email) && smtp.mails.indexOf(m) >= after, 15_000);

  async function enterCode(page: Page, code: string) {
    await page.getByRole('textbox', { name: 'Digit 1 of 4' }).click();
    await page.keyboard.type(code);
  }

  async function expectPath(page: Page, path: string) {
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(path);
  }

  it('signs up, verifies the mailed code, logs in, survives a reload and logs out', async () => {
    const { page, context, errors } = await newPage(browser);
    const email = newEmail('signup');
    await page.goto(`${app.url}/signup`);
    await page.getByLabel('First name').fill('Nok');
    await page.getByLabel('Last name').fill('Dee');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Mobile number').fill('0812345678');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check();
    const before = smtp.mails.length;
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectPath(page, '/otp');
    await expect
      .poll(() => page.getByText('Signup successful! Please verify your email.').isVisible(), { timeout: 15_000 })
      .toBe(true);

    const mail = await mailTo(email, before);
    expect(mail.subject).toBe('Verify your e-mail for Baan');
    const verify = page.getByRole('button', { name: 'Verify Code' });
    expect(await verify.isDisabled()).toBe(true);
    await enterCode(page, codeIn(mail));
    await verify.click();
    await expectPath(page, '/login');

    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('button', { name: 'Log In' }).click();
    // No package yet: the app sends the new user to choose one.
    await expectPath(page, '/select-package');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);

    await page.reload();
    const menu = page.getByRole('button', { name: /Nok Dee/ });
    await expect.poll(() => menu.isVisible(), { timeout: 15_000 }).toBe(true);
    await page.goto(`${app.url}/dashboard`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Hello, Nok Dee' }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    // Settings: a real PNG through the upload pipeline, shown once stored.
    await page.goto(`${app.url}/dashboard/settings`);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    await page.getByLabel('Upload a new image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const avatar = page.getByRole('img', { name: 'Profile image' });
    await expect.poll(() => avatar.getAttribute('src'), { timeout: 15_000 }).toMatch(/\/uploads\/avatars\/.+\.webp$/);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 })
      .toBe(256);

    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    await menu.click();
    await expect.poll(() => page.getByText(/^Signed in as .+@/).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/');
    await expect
      .poll(() => page.getByRole('link', { name: 'Login / Register' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([
      null,
      null,
    ]);
    // The server ended that token: a copy of it no longer works.
    await expect
      .poll(
        async () => (await fetch(`${app.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status,
        { timeout: 15_000 },
      )
      .toBe(401);
    // Logged out, the dashboard sends the visitor to log in.
    await page.goto(`${app.url}/dashboard/settings`);
    await expectPath(page, '/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes a user who left the code screen back to it from login and from a repeat sign-up', async () => {
    const { page, context, errors } = await newPage(browser, 375, 800);
    const email = newEmail('stranded');
    async function signUp() {
      await page.goto(`${app.url}/signup`);
      await page.getByLabel('First name').fill('Lek');
      await page.getByLabel('Last name').fill('Dee');
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check();
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expectPath(page, '/otp');
    }
    let before = smtp.mails.length;
    await signUp();
    await mailTo(email, before);

    // Leaves the code screen; logging in says what is missing and leads back to it with a new code.
    await page.goto(`${app.url}/login`);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    before = smtp.mails.length;
    await page.getByRole('button', { name: 'Log In' }).click();
    await expectPath(page, '/otp');
    await expect
      .poll(
        () =>
          page.getByText(`Your e-mail address is not verified yet. We have sent a new code to ${email}.`).isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    // The toast shows before the code screen's chunk has loaded on a busy machine: wait for the screen itself.
    await page.getByText(`We sent a 4-digit code to ${email}`).waitFor({ timeout: 15_000 });
    expect((await mailTo(email, before)).subject).toBe('Verify your e-mail for Baan');
    await screenshot(page, 'accounts-otp-from-login-en-375');

    // Leaves again and signs up once more: the same account gets a new code and the code screen.
    before = smtp.mails.length;
    await signUp();
    const fromSignup = await mailTo(email, before);
    expect(fromSignup.subject).toBe('Verify your e-mail for Baan');
    await enterCode(page, codeIn(fromSignup));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expectPath(page, '/login');

    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expectPath(page, '/select-package');
    // The browser reports the refused first login (403) on its console; nothing else may appear there.
    expect(errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
    await context.close();
  });

  it('walks forgot password to a new password and logs in with it', async () => {
    const email = await verifiedAccount('forgot');
    const { page, context, errors } = await newPage(browser, 375, 800);
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    const before = smtp.mails.length;
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const mail = await mailTo(email, before);
    expect(mail.subject).toBe('Your Baan password reset code');
    await enterCode(page, codeIn(mail));
    await page.getByRole('button', { name: 'Verify Code' }).click();

    const NEW = 'Brand#New2pass';
    await page.getByLabel('New password').fill(NEW);
    await page.getByLabel('Confirm password').fill(NEW);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.getByText('Password reset successfully!').isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect
      .poll(() => page.getByText('Invalid credentials. Please try again.').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(NEW);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expectPath(page, '/select-package');
    // The browser reports the refused first login (401) on its console; nothing else may appear there.
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
    // Without remember-me the token lives only as long as the tab.
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token') !== null]),
    ).toEqual([null, true]);
    await context.close();
  });

  it('passes axe in English at 1280 px and in Thai at 375 px', async () => {
    const email = await verifiedAccount('shots');
    const token = await loginToken(email);
    const screens: [string, string][] = [
      ['login', '/login'],
      ['signup', '/signup'],
      ['otp', '/otp'],
      ['setpassword', '/setpassword'],
      ['dashboard', '/dashboard'],
      ['settings', '/dashboard/settings'],
    ];
    for (const [language, width] of SCREEN_SIZES) {
      {
        const { page, context, errors } = await newPage(browser, width, 900);
        await context.addInitScript(
          ([lang, jwt]) => {
            localStorage.setItem('selectedLanguage', lang);
            if (location.pathname.startsWith('/dashboard')) localStorage.setItem('token', jwt);
            else localStorage.removeItem('token');
          },
          [language, token] as const,
        );
        for (const [name, path] of screens) {
          await page.goto(`${app.url}${path}`);
          await expect.poll(() => page.locator('h1').first().isVisible(), { timeout: 15_000 }).toBe(true);
          await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
          if (name !== 'dashboard') {
            expect(await seriousA11yViolations(page), `${name} axe`).toEqual([]);
          }
          await screenshot(page, `accounts-${name}-${language}-${width}`);
        }
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  }, 180_000); // 12 screens, each with axe: more than one test's usual minute on a busy machine.

  async function verifiedAccount(prefix: string): Promise<string> {
    const email = newEmail(prefix);
    const before = smtp.mails.length;
    const res = await fetch(`${app.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Malee Sukjai',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        accept_terms: true,
      }),
    });
    expect(res.status).toBe(201);
    const code = codeIn(await mailTo(email, before));
    const verified = await fetch(`${app.url}/api/verifyOtp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, otp: code, type: 'register' }),
    });
    expect(verified.status).toBe(200);
    return email;
  }

  async function loginToken(email: string): Promise<string> {
    const res = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, remember: true }),
    });
    const body = (await res.json()) as { payload: { token: string } };
    return body.payload.token;
  }
});
