import { codeMailsCappedMessage, triesLimitedMessage } from '@baan/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { emptyCatalogue, jsonResponse } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { makeUser, signedIn } from '../../test/users';

// The API is not running in unit tests: fetch is replaced per test with the answers the server gives
// (the real server is exercised by the API tests and the e2e journeys).
type Handler = (url: string, body: unknown) => Response | Promise<Response>;

function dashboardReads(input: Request): Response | undefined {
  if (input.method !== 'GET') return undefined;
  const path = new URL(input.url).pathname;
  // The account's favourites, read at every login (session/favorites.ts): none.
  if (path === '/api/user/favorites') return jsonResponse(200, { success: true, payload: [] });
  // The settings' public profile (ADR 029): not published.
  if (path === '/api/user/profile/public')
    return jsonResponse(200, {
      success: true,
      payload: {
        slug: null,
        public: 0,
        company_name: null,
        languages: [],
        areas: [],
        licence_number: null,
        licence_verified: 0,
        about: null,
      },
    });
  // The settings' agency section (ADR 037): in no agency.
  if (path === '/api/user/agency')
    return jsonResponse(200, { success: true, payload: { agency: null, members: [], invitations: [] } });
  // The settings' consents (PDPA): none recorded.
  if (path === '/api/user/consents')
    return jsonResponse(200, { success: true, payload: { newsletter: false, items: [] } });
  if (path === '/api/user/inquiries')
    return jsonResponse(200, {
      success: true,
      payload: {
        items: [],
        total: 0,
        page: 1,
        per_page: 1,
        counts: { new: 0, contacted: 0, closed: 0 },
        median_response_minutes: null,
      },
    });
  // The sidebar's unread messages (features/conversations): none.
  if (path === '/api/user/conversations')
    return jsonResponse(200, {
      success: true,
      payload: { items: [], total: 0, page: 1, per_page: 20, unread: { inbox: 0, sent: 0 } },
    });
  // The live stream of new messages: refused, so the page reads nothing more from it.
  if (path === '/api/user/events') return new Response(null, { status: 401 });
  if (path === '/api/user/stats') {
    const zero = { views: 0, visitors: 0, contact_clicks: 0, inquiries: 0, favorites: 0 };
    return jsonResponse(200, {
      success: true,
      payload: { totals: { ...zero, clicks: { phone: 0, email: 0, line: 0 } }, days: [], listings: [] },
    });
  }
  return undefined;
}

function stubApi(handler: Handler) {
  const calls: { url: string; body: unknown; auth: string | null }[] = [];
  const fetchMock = vi.fn(async (input: Request) => {
    // Home's listings (its loader reads them when a screen goes home): none, and not one of the screens' calls.
    const catalogue = await emptyCatalogue(input, new URL(input.url));
    if (catalogue) return catalogue;
    // The dashboard's own reads (the sidebar's new-inquiry count, the overview's statistics): empty, not counted.
    const dashboardRead = dashboardReads(input);
    if (dashboardRead) return dashboardRead;
    const text = input.method === 'GET' ? '' : await input.clone().text();
    const body = text ? JSON.parse(text) : undefined;
    const url = new URL(input.url).pathname;
    calls.push({ url, body, auth: input.headers.get('authorization') });
    return handler(url, body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const NOT_VERIFIED =
  'Please verify your e-mail address before logging in. Enter the code we sent you, or ask for a new one.';

// These tests walk whole screens through the real router; a shared 2-core machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/login', () => {
  it('asks for both fields before calling the server', async () => {
    const calls = stubApi(() => jsonResponse(500, {}));
    const user = userEvent.setup();
    await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Please enter both email and password.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('logs in, keeps the token in sessionStorage without remember-me, and goes to /select-package', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const calls = stubApi(async (url) => {
      // The package list the login leads to (its answer may land before the test ends).
      if (url === '/api/packages') return jsonResponse(200, { success: true, payload: [] });
      await gate;
      return jsonResponse(200, {
        success: true,
        message: 'Login successful!',
        payload: { user: makeUser(), token: 'jwt-1' },
      });
    });
    const user = userEvent.setup();
    const { router, store } = await renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), 'somchai@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#Pass1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('button', { name: 'Logging In...' })).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-package'));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/api/login',
      body: { email: 'somchai@example.com', password: 'Secret#Pass1', remember: false },
    });
    expect(sessionStorage.getItem('token')).toBe('jwt-1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().login.isAuthenticated).toBe(true);
  });

  it('takes an admin to the console, not to "Choose your package" (in Thai too)', async () => {
    stubApi((url) =>
      url === '/api/login'
        ? jsonResponse(200, { success: true, payload: { user: makeUser({ role: 'admin' }), token: 'jwt-admin' } })
        : jsonResponse(200, { success: true, payload: [] }),
    );
    const user = userEvent.setup();
    const { router } = await renderApp('/th/login');
    await user.type(await screen.findByLabelText('อีเมล'), 'admin@baan.example');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'BaanAdmin#2026');
    await user.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/th/admin'));
  });

  it('takes an admin sent to log in from a page back to that page', async () => {
    stubApi((url) =>
      url === '/api/login'
        ? jsonResponse(200, { success: true, payload: { user: makeUser({ role: 'admin' }), token: 'jwt-admin' } })
        : jsonResponse(200, { success: true, payload: [] }),
    );
    const user = userEvent.setup();
    const headed = await renderApp({ pathname: '/login', state: { redirectFrom: '/favorites' } });
    await user.type(await screen.findByLabelText('E-mail'), 'admin@baan.example');
    await user.type(screen.getByLabelText('Password'), 'BaanAdmin#2026');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(headed.router.state.location.pathname).toBe('/favorites'));
  });

  it('with remember-me keeps the token in localStorage, and an active package goes home', async () => {
    stubApi(() =>
      jsonResponse(200, {
        success: true,
        payload: {
          user: makeUser({ subscription: { is_active: 1, package_id: 2, ends_at: '2026-12-21T00:00:00.000Z' } }),
          token: 'jwt-2',
        },
      }),
    );
    const user = userEvent.setup();
    const { router } = await renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBe('jwt-2');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it("shows the spec's message for wrong credentials, translated from the server's", async () => {
    stubApi(() => jsonResponse(401, { success: false, message: 'Invalid credentials. Please try again.' }));
    const user = userEvent.setup();
    await renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Invalid credentials. Please try again.')).toBeInTheDocument();
  });

  it('takes an unverified account to the code screen with the e-mail filled in and a new code sent', async () => {
    const calls = stubApi((url) => {
      if (url === '/api/login') {
        return jsonResponse(403, {
          success: false,
          message: NOT_VERIFIED,
          errors: { email: [NOT_VERIFIED] },
          code: 'email_not_verified',
        });
      }
      if (url === '/api/resendOtp') return jsonResponse(200, { success: true, payload: null });
      return jsonResponse(200, { success: true, message: 'ok', payload: null });
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), ' pending@example.com ');
    await user.type(screen.getByLabelText('Password'), 'Secret#Pass1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp'));
    expect(
      await screen.findByText(
        'Your e-mail address is not verified yet. We have sent a new code to pending@example.com.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText(/We sent a 4-digit code to pending@example.com/)).toBeInTheDocument();
    // The address is known: no e-mail field to fill in again.
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/login', { email: 'pending@example.com', password: 'Secret#Pass1', remember: false }],
      ['/api/resendOtp', { email: 'pending@example.com', type: 'register' }],
    ]);

    // The code entered there verifies that address.
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 4' }));
    await user.keyboard('4821');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[2]).toMatchObject({
      url: '/api/verifyOtp',
      body: { email: 'pending@example.com', otp: '4821', type: 'register' },
    });
  });

  it('still opens the code screen when no new code can be sent, and says why', async () => {
    stubApi((url) =>
      url === '/api/login'
        ? jsonResponse(403, { success: false, message: NOT_VERIFIED, code: 'email_not_verified' })
        : jsonResponse(429, {
            success: false,
            message:
              'We have sent several codes to this address lately. Please use the newest one in your inbox, or ask again in 23 hours.',
            code: 'code_mails_capped',
          }),
    );
    const user = userEvent.setup();
    const { router } = await renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), 'pending@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#Pass1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp'));
    expect(
      await screen.findByText(
        'We have sent several codes to this e-mail address lately. Please use the newest one in your inbox, or ask again in 23 h.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a 403 without the unverified code (a disabled account) as a message, staying on /login', async () => {
    const calls = stubApi(() =>
      jsonResponse(403, { success: false, message: 'This account has been disabled. Please contact support.' }),
    );
    const user = userEvent.setup();
    const { router } = await renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), 'gone@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#Pass1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('This account has been disabled. Please contact support.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.map((c) => c.url)).toEqual(['/api/login']);
  });

  it('shows the limits of ADR 019 in the person’s language: an account being tried, and spent code mails', async () => {
    stubApi((url) =>
      url === '/api/login'
        ? jsonResponse(429, { success: false, message: triesLimitedMessage(5), code: 'tries_limited' })
        : jsonResponse(429, { success: false, message: codeMailsCappedMessage(42 * 60), code: 'code_mails_capped' }),
    );
    const user = userEvent.setup();
    await renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#Pass1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(
      await screen.findByText(
        'Someone has been trying to get into this account, so new networks get only a few tries a day. Please try again in 5 h, or from a network where you have logged in before.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await act(() => changeLanguage('th'));
    try {
      await user.click(screen.getByRole('button', { name: 'ส่งรหัส OTP' }));
      expect(
        await screen.findByText('เราส่งรหัสไปยังอีเมลนี้หลายครั้งแล้วในช่วงนี้ โปรดใช้รหัสล่าสุดในกล่องอีเมลของคุณ หรือขอใหม่ในอีก 42 นาที'),
      ).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('walks forgot password: send code, enter it, set a new password, back to login', async () => {
    const calls = stubApi((url) => {
      if (url === '/api/resendOtp') return jsonResponse(200, { success: true, payload: null });
      if (url === '/api/verifyOtp') return jsonResponse(200, { success: true, payload: 'reset-token' });
      return jsonResponse(200, { success: true, message: 'Password reset successfully!', payload: null });
    });
    const user = userEvent.setup();
    await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('E-mail'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const verify = await screen.findByRole('button', { name: 'Verify Code' });
    expect(verify).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 4' }));
    await user.paste('4821');
    expect(verify).toBeEnabled();
    await user.click(verify);
    await user.type(await screen.findByLabelText('New password'), 'Brand#New2');
    await user.type(screen.getByLabelText('Confirm password'), 'Brand#New2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'a@b.co', type: 'forgot_password' },
      { email: 'a@b.co', otp: '4821', type: 'forgot_password' },
      {
        email: 'a@b.co',
        password: 'Brand#New2',
        password_confirmation: 'Brand#New2',
        verification_token: 'reset-token',
      },
    ]);
  });
});

describe('/signup and /otp', () => {
  const terms = () => screen.getByRole('checkbox', { name: 'I agree to the Terms of Use and the Privacy Policy.' });

  it('marks every invalid field at once with its message, focuses the first, and sends nothing', async () => {
    const calls = stubApi(() => jsonResponse(500, {}));
    const user = userEvent.setup();
    await renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    const expected: [string, string][] = [
      ['First name', 'Please enter your first name.'],
      ['Last name', 'Please enter your last name.'],
      ['E-mail', 'E-mail is required.'],
      ['Password', 'Password is required.'],
      ['Confirm password', 'Please confirm your password.'],
    ];
    for (const [label, message] of expected) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(terms()).toHaveAttribute('aria-invalid', 'true');
    expect(terms()).toHaveAccessibleDescription(
      'Please agree to the Terms of Use and the Privacy Policy to create an account.',
    );
    // The mobile number is optional: not marked while empty.
    expect(screen.getByLabelText('Mobile number')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('First name')).toHaveFocus();

    // The walk's sign-up: the password "password" and the mobile number "abc".
    await user.type(screen.getByLabelText('First name'), 'Nok');
    await user.type(screen.getByLabelText('Last name'), 'Dee');
    await user.type(screen.getByLabelText('E-mail'), 'nok@example.com');
    await user.type(screen.getByLabelText('Mobile number'), 'abc');
    await user.type(screen.getByLabelText('Password'), 'password');
    await user.type(screen.getByLabelText('Confirm password'), 'password');
    await user.click(terms());
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a phone number such as 081 234 5678 or +66 81 234 5678.'),
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Use a lowercase and an uppercase letter, a number and a special character (such as ! # $ @).',
    );
    for (const label of ['First name', 'Last name', 'E-mail', 'Confirm password']) {
      expect(screen.getByLabelText(label), label).not.toHaveAttribute('aria-invalid');
    }
    expect(terms()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Mobile number')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('checks the fields, then registers first + last name with the consents and moves to /otp', async () => {
    const calls = stubApi((url) =>
      url === '/api/register'
        ? jsonResponse(201, { success: true, payload: makeUser({ email: 'nok@example.com', name: 'Nok Dee' }) })
        : jsonResponse(200, { success: true, payload: null }),
    );
    const user = userEvent.setup();
    const { router } = await renderApp('/signup');
    await user.type(await screen.findByLabelText('First name'), 'Nok');
    await user.type(screen.getByLabelText('Last name'), 'Dee');
    await user.type(screen.getByLabelText('E-mail'), 'nok@example.com');
    await user.type(screen.getByLabelText('Mobile number'), '081 234 5678');
    await user.type(screen.getByLabelText('Password'), 'Secret#Pass1');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#Pass2');
    await user.click(terms());
    await user.click(screen.getByRole('checkbox', { name: 'Send me the Baan newsletter (optional).' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match.');
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#Pass1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp'));
    expect(calls[0]?.body).toEqual({
      name: 'Nok Dee',
      email: 'nok@example.com',
      password: 'Secret#Pass1',
      password_confirmation: 'Secret#Pass1',
      phone_number: '081 234 5678',
      accept_terms: true,
      newsletter: true,
    });
    expect(await screen.findByText(/We sent a 4-digit code to nok@example.com/)).toBeInTheDocument();

    // Resend really calls the server.
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls[1]?.body).toEqual({ email: 'nok@example.com', type: 'register' }));
  });

  it('shows the password rules, ticked as they are met', async () => {
    stubApi(() => jsonResponse(500, {}));
    const user = userEvent.setup();
    await renderApp('/signup');
    await user.type(await screen.findByLabelText('Password'), 'abcdefgH');
    const rules = screen.getByText('Your password needs:').parentElement as HTMLElement;
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.className.includes('teal')),
    ).toEqual([true, true, true, false, false]);
  });

  it("puts the server's field errors on their fields, with its message above the form", async () => {
    stubApi(() =>
      jsonResponse(409, {
        success: false,
        message: 'An account with this e-mail already exists. Please log in.',
        errors: { email: ['An account with this e-mail already exists. Please log in.'] },
      }),
    );
    const user = userEvent.setup();
    await renderApp('/signup');
    await user.type(await screen.findByLabelText('First name'), 'A');
    await user.type(screen.getByLabelText('Last name'), 'B');
    await user.type(screen.getByLabelText('E-mail'), 'taken@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#Pass1');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#Pass1');
    await user.click(terms());
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findAllByText(/already exists/)).length).toBe(2); // the summary and the field
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
  });

  it('says everything in Thai, a name with hidden control characters included', async () => {
    const calls = stubApi(() => jsonResponse(500, {}));
    const user = userEvent.setup();
    await renderApp('/signup');
    await act(() => changeLanguage('th'));
    await user.type(await screen.findByLabelText('ชื่อ'), 'Nok\u202E');
    await user.type(screen.getByLabelText('หมายเลขโทรศัพท์มือถือ'), '123456');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'password');
    await user.click(screen.getByRole('button', { name: 'สมัครสมาชิก' }));
    expect(screen.getByLabelText('ชื่อ')).toHaveAccessibleDescription('ชื่อมีอักขระควบคุมที่มองไม่เห็น โปรดพิมพ์ใหม่อีกครั้ง');
    expect(screen.getByLabelText('นามสกุล')).toHaveAccessibleDescription('โปรดกรอกนามสกุล');
    expect(screen.getByLabelText('หมายเลขโทรศัพท์มือถือ')).toHaveAccessibleDescription(
      expect.stringContaining('โปรดกรอกเบอร์โทรศัพท์ เช่น 081 234 5678'),
    );
    expect(screen.getByLabelText('รหัสผ่าน')).toHaveAccessibleDescription(
      'โปรดใช้ตัวพิมพ์เล็ก ตัวพิมพ์ใหญ่ ตัวเลข และอักขระพิเศษ (เช่น ! # $ @) อย่างละอย่างน้อย 1 ตัว',
    );
    expect(
      screen.getByRole('checkbox', { name: 'ฉันยอมรับข้อกำหนดการใช้งานและนโยบายความเป็นส่วนตัว' }),
    ).toHaveAccessibleDescription('โปรดยอมรับข้อกำหนดการใช้งานและนโยบายความเป็นส่วนตัวเพื่อสร้างบัญชี');
    expect(calls).toEqual([]);
    await act(() => changeLanguage('en'));
  });

  it('verifies the code with the Verifying... label, then goes to /login', async () => {
    sessionStorage.setItem('pendingVerificationEmail', 'nok@example.com');
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const calls = stubApi(async () => {
      await gate;
      return jsonResponse(200, { success: true, message: 'ok', payload: null });
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/otp');
    const verify = await screen.findByRole('button', { name: 'Verify Code' });
    expect(verify).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/signup');
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 4' }));
    await user.keyboard('1234');
    await user.click(verify);
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[0]?.body).toEqual({ email: 'nok@example.com', otp: '1234', type: 'register' });
  });

  it('shows the server message for a wrong code and empties the boxes', async () => {
    sessionStorage.setItem('pendingVerificationEmail', 'nok@example.com');
    stubApi(() => jsonResponse(400, { success: false, message: 'Invalid OTP. Please try again.' }));
    const user = userEvent.setup();
    await renderApp('/otp');
    await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 4' }));
    await user.keyboard('9999');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Invalid OTP. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 4' })).toHaveValue('');
  });
});

describe('/setpassword', () => {
  it('applies the rules of spec 5 and says when the token is missing', async () => {
    const calls = stubApi(() => jsonResponse(500, {}));
    const user = userEvent.setup();
    await renderApp('/setpassword');
    expect((await screen.findAllByText(/Verification token is missing/)).length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'alllowercase');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('The password does not meet every rule below.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('session and dashboard', () => {
  it('sends a visitor to /login with the way back', async () => {
    const { router } = await renderApp('/dashboard/settings', {
      login: { user: null, token: null, isAuthenticated: false, isRestoring: false },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ redirectFrom: '/dashboard/settings' });
  });

  it('restores the session from the stored token with GET /api/user after a reload', async () => {
    localStorage.setItem('token', 'stored-jwt');
    const calls = stubApi(() => jsonResponse(200, { success: true, payload: makeUser({ name: 'Malee Sukjai' }) }));
    const { store } = await renderApp('/dashboard', {
      login: { user: null, token: 'stored-jwt', isAuthenticated: false, isRestoring: true },
    });
    expect(await screen.findByRole('heading', { name: 'Hello, Malee Sukjai' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/user', auth: 'Bearer stored-jwt' });
    expect(store.getState().login.isAuthenticated).toBe(true);
    expect(screen.getByRole('link', { name: 'My Property' })).toHaveAttribute('href', '/dashboard/properties');
    const sidebar = screen.getByRole('complementary', { name: 'Dashboard' });
    expect(sidebar).toHaveStyle({ width: '258px' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar).toHaveStyle({ width: '80px' });
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/settings');
  });

  it('forgets a token the server refuses', async () => {
    localStorage.setItem('token', 'old-jwt');
    const calls = stubApi(() =>
      jsonResponse(401, { success: false, message: 'Your session has expired. Please log in again.' }),
    );
    const { router } = await renderApp('/dashboard', {
      login: { user: null, token: 'old-jwt', isAuthenticated: false, isRestoring: true },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    // Nothing to end on the server: it already refuses the token.
    expect(calls.map((c) => c.url)).toEqual(['/api/user']);
  });

  it('settings: needs a name, checks the password confirmation, and saves', async () => {
    const calls = stubApi((_url, body) =>
      jsonResponse(200, { success: true, payload: makeUser({ name: (body as { name: string }).name }) }),
    );
    const user = userEvent.setup();
    await renderApp('/dashboard/settings', { login: signedIn() });
    const name = await screen.findByLabelText('Full name');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findAllByText('Please enter your full name.')).length).toBeGreaterThan(0);
    await user.type(name, 'Pim Dee');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ name: 'Pim Dee', phone_number: '', line_id: '' });

    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Please fill in all password fields.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'Old#Pass1');
    await user.type(screen.getByLabelText('New password'), 'New#Pass22');
    await user.type(screen.getByLabelText('Confirm new password'), 'New#Pass23');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect((await screen.findAllByText('Passwords do not match.')).length).toBeGreaterThan(0);
    expect(calls).toHaveLength(1);
    // Show/hide toggles (the password change's three; the account deletion has its own).
    const passwordSection = screen.getByRole('region', { name: 'Change password' });
    const toggles = within(passwordSection).getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(3);
    await user.click(toggles[0] as HTMLElement);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'text');
  });
});

describe('logout from the dashboard', () => {
  it('the header menu logout goes home and ends the session', async () => {
    const calls = stubApi(() =>
      jsonResponse(200, { success: true, message: 'You have been logged out.', payload: null }),
    );
    const user = userEvent.setup();
    localStorage.setItem('token', 'test-token');
    const { router, store } = await renderApp('/dashboard', { login: signedIn({ name: 'Nok Dee' }) });
    await screen.findByRole('heading', { name: 'Hello, Nok Dee' });
    await user.click(screen.getByRole('button', { name: /Nok Dee/ }));
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().login.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    // It stays home (the dashboard does not send the visitor on to /login).
    await screen.findByRole('link', { name: 'Login / Register' });
    expect(router.state.location.pathname).toBe('/');
    // The server was asked to end that token, so a copy of it stops working too.
    expect(calls.filter((c) => c.url === '/api/logout')).toEqual([
      { url: '/api/logout', body: undefined, auth: 'Bearer test-token' },
    ]);
  });

  it('logs out here even when the server cannot be reached', async () => {
    const fetchMock = vi.fn(async (input: Request) => {
      if (new URL(input.url).pathname === '/api/logout') throw new TypeError('Failed to fetch');
      return jsonResponse(200, { success: true, payload: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', 'test-token');
    const user = userEvent.setup();
    const { router, store } = await renderApp('/dashboard', { login: signedIn({ name: 'Nok Dee' }) });
    const sidebar = await screen.findByRole('complementary', { name: 'Dashboard' });
    await user.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().login).toMatchObject({ user: null, token: null, isAuthenticated: false });
    expect(localStorage.getItem('token')).toBeNull();
    expect(fetchMock.mock.calls.some(([r]) => new URL(r.url).pathname === '/api/logout')).toBe(true);
  });

  it('the sidebar logout goes to /login', async () => {
    stubApi(() => jsonResponse(200, { success: true, payload: null }));
    const user = userEvent.setup();
    const { router, store } = await renderApp('/dashboard', { login: signedIn({ name: 'Nok Dee' }) });
    const sidebar = await screen.findByRole('complementary', { name: 'Dashboard' });
    await user.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().login.user).toBeNull();
  });
});
