import { AUTH_ERROR_CODES, PHONE_MESSAGES } from '@baan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../../i18n';
import { jsonResponse } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

type Answer = { status: number; body: unknown };
const ok: Answer = { status: 200, body: { success: true, payload: null } };

/** The two phone calls of ADR 036, answering what each test queues (the real server: apps/api/test/phone-verification.test.ts). */
function stubPhone(answers: { send?: Answer[]; verify?: Answer[] }) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const queue =
        path === '/api/user/phone/send-code'
          ? answers.send
          : path === '/api/user/phone/verify'
            ? answers.verify
            : undefined;
      if (!queue) return jsonResponse(404, { success: false, message: 'Not found.' });
      calls.push({ path, body: await request.json() });
      const answer = queue.shift() ?? ok;
      return jsonResponse(answer.status, answer.body);
    }),
  );
  return calls;
}

const section = async () => within(await screen.findByRole('region', { name: 'Phone verification' }));

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(screen.getByLabelText('Digit 1 of 6'));
  await user.keyboard(code);
}

describe('settings: verify the phone number by SMS', () => {
  it('sends a code to the saved number, verifies it, and shows the number as verified', async () => {
    const calls = stubPhone({ send: [ok], verify: [ok] });
    const user = userEvent.setup();
    await renderApp('/dashboard/settings', { login: signedIn({ phone_number: '081 234 5678' }) });
    const box = await section();
    await user.click(box.getByRole('button', { name: 'Send code by SMS' }));
    expect(await box.findByRole('status')).toHaveTextContent('We sent a 6-digit code to 081 234 5678');
    await typeCode(user, '123456');
    await user.click(box.getByRole('button', { name: 'Verify Code' }));
    expect(await box.findByText('Verified')).toBeVisible();
    expect(calls).toEqual([
      { path: '/api/user/phone/send-code', body: { phone_number: '081 234 5678' } },
      { path: '/api/user/phone/verify', body: { code: '123456' } },
    ]);
    expect(box.queryByRole('button', { name: 'Send code by SMS' })).toBeNull();
  });

  it('shows a wrong code in Thai, clears the boxes and keeps the number unverified', async () => {
    stubPhone({
      send: [ok],
      verify: [
        {
          status: 400,
          body: { success: false, message: PHONE_MESSAGES.wrongCode, errors: { code: [PHONE_MESSAGES.wrongCode] } },
        },
      ],
    });
    const user = userEvent.setup();
    await changeLanguage('th');
    await renderApp('/th/dashboard/settings', { login: signedIn({ phone_number: '0812345678' }) });
    const box = within(await screen.findByRole('region', { name: 'ยืนยันเบอร์โทรศัพท์' }));
    await user.click(box.getByRole('button', { name: 'ส่งรหัสทาง SMS' }));
    await box.findByRole('status');
    await user.click(screen.getByLabelText(/^หลักที่ 1/));
    await user.keyboard('999999');
    await user.click(box.getByRole('button', { name: 'ยืนยันรหัส' }));
    expect(await box.findByRole('alert')).toHaveTextContent('รหัสไม่ถูกต้อง กรุณาตรวจสอบ SMS แล้วลองอีกครั้ง');
    expect(box.queryByText('ยืนยันแล้ว')).toBeNull();
    for (const digit of box.getAllByRole('textbox')) expect(digit).toHaveValue('');
  });

  it('checks the code is complete before sending it', async () => {
    const calls = stubPhone({ send: [ok] });
    const user = userEvent.setup();
    await renderApp('/dashboard/settings', { login: signedIn({ phone_number: '081 234 5678' }) });
    const box = await section();
    await user.click(box.getByRole('button', { name: 'Send code by SMS' }));
    await box.findByRole('status');
    await typeCode(user, '12345');
    await user.click(box.getByRole('button', { name: 'Verify Code' }));
    expect(await box.findByRole('alert')).toHaveTextContent('Please enter the full 6-digit code from the SMS.');
    expect(calls.map((c) => c.path)).toEqual(['/api/user/phone/send-code']);
  });

  it('says so when SMS is not available (503) or too many codes were asked (429), and shows no code boxes', async () => {
    stubPhone({
      send: [
        { status: 503, body: { success: false, message: PHONE_MESSAGES.smsOff } },
        { status: 429, body: { success: false, message: 'Too many attempts. Please try again in 12 minutes.' } },
      ],
    });
    const user = userEvent.setup();
    await renderApp('/dashboard/settings', { login: signedIn({ phone_number: '081 234 5678' }) });
    const box = await section();
    await user.click(box.getByRole('button', { name: 'Send code by SMS' }));
    expect(await box.findByRole('alert')).toHaveTextContent('Phone verification is not available right now.');
    expect(box.queryByLabelText('Digit 1 of 6')).toBeNull();
    await user.click(box.getByRole('button', { name: 'Send code by SMS' }));
    await waitFor(() => expect(box.getByRole('alert')).toHaveTextContent('Please wait 12 min'));
  });

  it("says in the person's language when the country's SMS budget is spent (429 sms_budget_spent, ADR 056)", async () => {
    const spent = {
      status: 429,
      body: { success: false, message: PHONE_MESSAGES.budgetSpent, code: AUTH_ERROR_CODES.smsBudgetSpent },
    };
    stubPhone({ send: [spent] });
    const user = userEvent.setup();
    await renderApp('/dashboard/settings', { login: signedIn({ phone_number: '+44 7700 900001' }) });
    const box = await section();
    await user.click(box.getByRole('button', { name: 'Send code by SMS' }));
    expect(await box.findByRole('alert')).toHaveTextContent(
      'We cannot send more codes to numbers in this country right now. If you already have a code, you can still enter it',
    );
    expect(box.queryByLabelText('Digit 1 of 6')).toBeNull();
  });

  it('says the same in Thai', async () => {
    stubPhone({
      send: [
        {
          status: 429,
          body: { success: false, message: PHONE_MESSAGES.budgetSpent, code: AUTH_ERROR_CODES.smsBudgetSpent },
        },
      ],
    });
    const user = userEvent.setup();
    await changeLanguage('th');
    await renderApp('/th/dashboard/settings', { login: signedIn({ phone_number: '+44 7700 900001' }) });
    const box = within(await screen.findByRole('region', { name: 'ยืนยันเบอร์โทรศัพท์' }));
    await user.click(box.getByRole('button', { name: 'ส่งรหัสทาง SMS' }));
    expect(await box.findByRole('alert')).toHaveTextContent('ขณะนี้เราส่งรหัสไปยังเบอร์โทรศัพท์ของประเทศนี้เพิ่มไม่ได้');
  });

  it('asks for a saved number first, and shows a verified number without a button', async () => {
    stubPhone({});
    await renderApp('/dashboard/settings', { login: signedIn({ phone_number: null }) });
    const box = await section();
    expect(box.getByText(/Add your mobile number above and save it/)).toBeVisible();
    expect(box.queryByRole('button')).toBeNull();
  });

  it('shows an already verified number as verified', async () => {
    stubPhone({});
    await renderApp('/dashboard/settings', { login: signedIn({ phone_number: '081 234 5678', phone_verified: 1 }) });
    const box = await section();
    expect(box.getByText('Verified')).toBeVisible();
    expect(box.queryByRole('button')).toBeNull();
  });
});
