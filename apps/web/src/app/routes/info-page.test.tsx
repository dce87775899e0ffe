import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });

describe('info pages: the "last updated" month is a date in the reader’s calendar', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it.each([
    ['/terms', 'Last updated: January 2026'],
    // Thai dates are in the Buddhist era everywhere else on the site (2026 is 2569).
    ['/th/terms', 'ปรับปรุงล่าสุด: มกราคม 2569'],
    // The privacy notice names its version and the day it took effect, in the Buddhist year too.
    ['/th/privacy', 'ฉบับ 2026-11-27 มีผลตั้งแต่วันที่ 27 พฤศจิกายน 2569'],
    ['/tw/privacy', '版本 2026-11-27，自 2026年11月27日 起生效。'],
    ['/tw/faq', '最後更新：2026年1月'],
    ['/ru/services', 'Последнее обновление: январь 2026 г.'],
  ])('%s shows “%s”', async (path, updated) => {
    await renderApp(path);
    expect(await screen.findByText(updated)).toBeInTheDocument();
  });

  it('shows no Gregorian year on the Thai page', async () => {
    await renderApp('/th/terms');
    await screen.findByText(/ปรับปรุงล่าสุด/);
    expect(screen.getByText(/ปรับปรุงล่าสุด/).textContent).not.toMatch(/2026/);
  });
});
