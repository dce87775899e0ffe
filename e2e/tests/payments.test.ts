import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, PASSWORD, signUpVerified } from '../support/api.ts';
import { type RunningApp, startApp } from '../support/app.ts';
import { launchBrowser, newPage, screenshot, seriousA11yViolations } from '../support/browser.ts';

const ADMIN = { email: 'payments-admin@baan.test', password: 'Admin#Pass2026' };
/** Waits for a condition the way a person would: up to 20 s (logins hash passwords; CI is slow). */
const until = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 100 });

/** A verified account, made through the API (the sign-up screens have their own e2e test). */
async function verified(app: RunningApp, email: string, name: string) {
  await signUpVerified(app, email, name);
  return { email };
}

async function logInOnScreen(page: Page, email: string) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** A receipt photo drawn by the browser itself, as a PNG file. */
async function receiptPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 360;
    canvas.height = 640;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = '#f0fdfa';
    ctx.fillRect(0, 0, 360, 640);
    ctx.fillStyle = '#134e4a';
    ctx.font = '28px sans-serif';
    ctx.fillText('Transfer OK', 40, 120);
    ctx.fillText('2,990.00 THB', 40, 180);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

describe('buying a package', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp({ PROMPTPAY_ID: '0812345678', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('by test card: package, login, billing, checkout, success; Add Property then opens the wizard route', async () => {
    const { email } = await verified(app, 'card.buyer@baan.test', 'Card Buyer');
    const { page, context, errors } = await newPage(browser, 1280);

    // Not signed in, Add Property goes to the login screen.
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Add Property' }).click();
    await until(() => new URL(page.url()).pathname).toBe('/login');

    await page.goto(`${app.url}/select-package`);
    await until(() => page.getByRole('heading', { name: 'Professional' }).isVisible()).toBe(true);
    expect(await page.getByText('Valid for 30 days').count()).toBe(3);
    expect(await page.getByText('Unlimited property listings').count()).toBe(3);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payments-select-package-en-1280');

    // Choosing while logged out asks for a login, then comes back to the packages.
    await page.getByRole('button', { name: /Choose package.*Starter/ }).click();
    await until(() => new URL(page.url()).pathname).toBe('/login');
    await logInOnScreen(page, email);
    await until(() => new URL(page.url()).pathname).toBe('/select-package');

    await page.getByRole('button', { name: /Choose package.*Starter/ }).click();
    await until(() => new URL(page.url()).pathname).toBe('/billing-information');
    await page.getByLabel('Full name').fill('Card Buyer');
    await page.getByLabel('Company name').fill('Baan Test Co., Ltd.');
    await page.getByLabel('Tax ID').fill('0105561012346');
    await page.getByLabel('Branch').fill('Head office');
    await page.getByLabel('Billing address').fill('1 Sukhumvit Road, Khlong Toei, Bangkok 10110');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payments-billing-en-1280');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await until(() => new URL(page.url()).pathname).toBe('/checkout');
    await until(() => page.getByText('Test mode').isVisible()).toBe(true);
    expect(await page.getByText(email).isVisible()).toBe(true);
    await page.getByLabel('Name on card').fill('Card Buyer');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry date').fill('1230');
    await page.getByLabel('CVC').fill('123');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payments-checkout-card-en-1280');

    // A declined card: the toast, the reason, and still on checkout.
    await page.getByRole('button', { name: 'Pay ฿490' }).click();
    await until(() => page.getByText('Payment failed. Please try again.').isVisible()).toBe(true);
    expect(await page.getByText('Your card was declined.').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/checkout');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay ฿490' }).click();
    await until(() => new URL(page.url()).pathname).toBe('/payment-success');
    await until(() => page.getByRole('heading', { name: 'Payment successful' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(await page.getByRole('link', { name: 'View Property' }).getAttribute('href')).toBe('/');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payments-success-en-1280');

    await page.getByRole('button', { name: 'Add Property' }).click();
    await until(() => new URL(page.url()).pathname).toBe('/add-property');

    await page.goto(`${app.url}/dashboard`);
    await until(() => page.getByText('Starter package active').isVisible()).toBe(true);
    expect(await page.getByText('Days left: 30').isVisible()).toBe(true);
    await screenshot(page, 'payments-dashboard-en-1280');
    expect(errors.filter((e) => !e.includes('402'))).toEqual([]);
    await context.close();
  });

  it('by PromptPay QR in Thai on a phone: receipt upload, admin approval through the API, then active', async () => {
    const { email } = await verified(app, 'qr.buyer@baan.test', 'QR Buyer');
    const { page, context } = await newPage(browser, 375, 800);
    await page.goto(`${app.url}/login`);
    await logInOnScreen(page, email);
    await until(() => new URL(page.url()).pathname).toBe('/select-package');
    await until(() => page.getByRole('heading', { name: 'Choose your package' }).isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('th');
    await until(() => page.locator('html').getAttribute('lang')).toBe('th');
    await until(() => page.getByText('กำลังโหลดแพ็กเกจ...').count()).toBe(0);
    await screenshot(page, 'payments-select-package-th-375');

    await page.getByRole('button', { name: /เลือกแพ็กเกจ.*Premium/ }).click();
    // Thai pages live under /th.
    await until(() => new URL(page.url()).pathname).toBe('/th/billing-information');
    await page.getByLabel('ชื่อ-นามสกุล').fill('คิวอาร์ ผู้ซื้อ');
    await page.getByLabel('ที่อยู่สำหรับออกใบกำกับภาษี').fill('99 ถนนพระราม 9 ห้วยขวาง กรุงเทพฯ 10310');
    await screenshot(page, 'payments-billing-th-375');
    await page.getByRole('button', { name: 'ไปที่การชำระเงิน' }).click();

    await until(() => new URL(page.url()).pathname).toBe('/th/checkout');
    await page.getByRole('tab', { name: 'QR พร้อมเพย์' }).click();
    const qr = page.getByRole('img', { name: /QR โค้ดพร้อมเพย์/ });
    await until(() => qr.isVisible()).toBe(true);
    expect(await page.getByText('฿2,990').first().isVisible()).toBe(true);
    const reference = await page.locator('code').textContent();
    expect(reference).toMatch(/^BAAN\d+P\d+$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payments-checkout-qr-th-375');

    await page.getByRole('button', { name: 'ถัดไป' }).click();
    // Submitting without an image is refused with the spec's message.
    await page.getByLabel('เลขที่รายการ (Transaction ID)').fill('TX-E2E-0001');
    await page.getByRole('button', { name: 'ส่ง', exact: true }).click();
    await until(() => page.getByText('โปรดแนบรูปสลิป').isVisible()).toBe(true);
    // Back returns to the QR, Next comes back to the form.
    await page.getByRole('button', { name: 'ย้อนกลับ' }).click();
    await until(() => qr.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await page.getByLabel('เลขที่รายการ (Transaction ID)').fill('TX-E2E-0001');
    await page
      .getByLabel('รูปสลิปการโอน')
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: await receiptPng(page) });
    await screenshot(page, 'payments-checkout-receipt-th-375');
    await page.getByRole('button', { name: 'ส่ง', exact: true }).click();
    await until(() => page.getByText('ส่งข้อมูลการโอนเรียบร้อยแล้ว!').isVisible()).toBe(true);
    await until(() => new URL(page.url()).pathname).toBe('/th/order-success');
    await until(() => page.getByRole('heading', { name: 'ส่งคำสั่งซื้อเรียบร้อยแล้ว' }).isVisible()).toBe(true);
    await screenshot(page, 'payments-order-success-th-375');

    // Under review: not active yet, and the dashboard says so.
    await page.goto(`${app.url}/dashboard`);
    await until(() => page.getByText('การชำระเงิน ฿2,990 กำลังรอการตรวจสอบ').isVisible()).toBe(true);
    await screenshot(page, 'payments-dashboard-review-th-375');

    // The admin approves through the admin API.
    const login = await api(app, 'POST', '/api/login', { email: ADMIN.email, password: ADMIN.password });
    expect(login.status).toBe(200);
    const adminToken = (login.body.payload as { token: string }).token;
    const queue = await api(app, 'GET', '/api/admin/payments?status=pending', undefined, adminToken);
    const payment = (queue.body.payload as { id: number; user: { email: string }; transaction_id: string }[]).find(
      (p) => p.user.email === email,
    );
    expect(payment?.transaction_id).toBe('TX-E2E-0001');
    const approved = await api(app, 'POST', `/api/admin/payments/${payment?.id}/approve`, undefined, adminToken);
    expect(approved.status).toBe(200);

    await page.reload();
    await until(() => page.getByText('แพ็กเกจ Premium ใช้งานอยู่').isVisible()).toBe(true);
    expect(await page.getByText('เหลืออีก 30 วัน').isVisible()).toBe(true);
    await screenshot(page, 'payments-dashboard-active-th-375');
    // On a phone the header buttons sit behind the menu.
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'เปิดเมนู' }).click();
    await header.getByRole('button', { name: 'ลงประกาศ' }).click();
    await until(() => new URL(page.url()).pathname).toBe('/th/add-property');
    await context.close();
  });
});

/** Picks Starter, logs in when asked, fills the billing form, and ends on /checkout. */
async function toCheckout(app: RunningApp, page: Page, account: { email: string; password: string }) {
  await page.goto(`${app.url}/select-package`);
  await page.getByRole('button', { name: /Choose package.*Starter/ }).click();
  await until(() => new URL(page.url()).pathname).toBe('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await until(() => new URL(page.url()).pathname).toBe('/select-package');
  await page.getByRole('button', { name: /Choose package.*Starter/ }).click();
  await until(() => new URL(page.url()).pathname).toBe('/billing-information');
  await page.getByLabel('Full name').fill('Checkout Visitor');
  await page.getByLabel('Billing address').fill('1 Sukhumvit Road, Khlong Toei, Bangkok 10110');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await until(() => new URL(page.url()).pathname).toBe('/checkout');
}

describe('checkout on a production start with no payment provider configured', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp({ NODE_ENV: 'production', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('offers no test card and no demo QR, and says why (English 1280 px, Thai 375 px)', async () => {
    const { page, context } = await newPage(browser, 1280);
    await toCheckout(app, page, ADMIN);
    await until(() =>
      page.getByText('Card payments are not available here yet. Please pay with PromptPay QR.').isVisible(),
    ).toBe(true);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    expect(await page.getByText('Test mode').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payments-checkout-production-en-1280');
    await page.getByRole('tab', { name: 'PromptPay QR' }).click();
    await until(() => page.getByText(/PromptPay QR payments are not available here yet/).isVisible()).toBe(true);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('th');
    await page.getByRole('tab', { name: 'บัตร' }).click();
    await until(() => page.getByText('ยังไม่เปิดให้ชำระด้วยบัตรที่นี่ โปรดชำระผ่าน QR พร้อมเพย์').isVisible()).toBe(true);
    await screenshot(page, 'payments-checkout-production-th-375');
    await context.close();
  });
});

describe('checkout in the demo (npm start): the demo PromptPay ID is labelled', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows "Demo" over the QR (English 375 px, Thai 1280 px)', async () => {
    const { page, context } = await newPage(browser, 375, 800);
    await toCheckout(app, page, ADMIN);
    await page.getByRole('tab', { name: 'PromptPay QR' }).click();
    await until(() => page.getByText(/belongs to no bank account: no money moves/).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payments-checkout-qr-demo-en-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('th');
    await until(() => page.getByText('โหมดสาธิต').isVisible()).toBe(true);
    await screenshot(page, 'payments-checkout-qr-demo-th-1280');
    await context.close();
  });
});
