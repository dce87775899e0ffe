import { type Consents, DELETION_LINK_HOURS, PRIVACY_MESSAGES, PRIVACY_NOTICE_VERSION } from '@baan/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { emptyCatalogue, jsonResponse, type Route, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';

vi.setConfig({ testTimeout: 30_000 });

const TOKEN = 'Abc123_-'.repeat(5).slice(0, 43);

const consents = (newsletter: boolean): Consents => ({
  newsletter,
  items: [
    ...(newsletter
      ? []
      : [
          {
            purpose: 'newsletter' as const,
            notice_version: PRIVACY_NOTICE_VERSION,
            source: 'signup' as const,
            granted_at: '2026-11-27T03:00:00.000Z',
            withdrawn_at: '2026-11-28T03:00:00.000Z',
          },
        ]),
    {
      purpose: 'terms_privacy',
      notice_version: PRIVACY_NOTICE_VERSION,
      source: 'signup',
      granted_at: '2026-11-27T03:00:00.000Z',
      withdrawn_at: null,
    },
  ],
});

/** The dashboard's own reads (the sidebar's badge): nothing new. */
const dashboardReads: Route = (request, url) =>
  request.method === 'GET' && url.pathname === '/api/user/inquiries'
    ? jsonResponse(200, {
        success: true,
        payload: {
          items: [],
          total: 0,
          page: 1,
          per_page: 1,
          counts: { new: 0, contacted: 0, closed: 0 },
          median_response_minutes: null,
        },
      })
    : undefined;

/** GET /api/user/consents and the newsletter's PUT and DELETE, on one newsletter flag. */
function consentRoutes(initially: boolean): Route {
  let newsletter = initially;
  return (request, url) => {
    if (url.pathname === '/api/user/consents' && request.method === 'GET') {
      return jsonResponse(200, { success: true, payload: consents(newsletter) });
    }
    if (url.pathname === '/api/user/consents/newsletter') {
      newsletter = request.method === 'PUT';
      return jsonResponse(200, { success: true, payload: consents(newsletter) });
    }
    return undefined;
  };
}

/** A Blob's text (jsdom's Blob has no text()). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => changeLanguage('en'));
});

describe('/privacy: the PDPA notice', () => {
  beforeEach(() => stubFetch());

  it('names the controller, purposes with their legal bases, retention, rights and contact, with its version', async () => {
    await renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(
      screen.getByText(`Version ${PRIVACY_NOTICE_VERSION}, in effect from November 27, 2026.`),
    ).toBeInTheDocument();
    const article = screen.getByRole('article');
    const headings = within(article)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toEqual([
      'On this page',
      '1. Who is responsible',
      '2. What we collect',
      '3. Why we use it, and on what legal basis',
      '4. Who receives it',
      '5. How long we keep it',
      '6. Your rights',
      '7. How we protect it',
      '8. Changes to this policy',
      '9. Contact',
    ]);
    expect(screen.getByText(/section 24\(3\)/)).toBeInTheDocument();
    expect(screen.getByText(/Accounting Act B\.E\. 2543 \(section 14\)/)).toBeInTheDocument();
    expect(screen.getByText(/support@baan\.example/, { selector: 'section#privacy-controller p' })).toBeInTheDocument();
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(contents).getByRole('link', { name: 'Your rights' })).toHaveAttribute('href', '#privacy-rights');
    expect(screen.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
  });

  it('is in Thai at /th/privacy, the date in the Buddhist year', async () => {
    await renderApp('/th/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'นโยบายความเป็นส่วนตัว' })).toBeInTheDocument();
    expect(screen.getByText(/2569/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '6. สิทธิของคุณ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'หน้าติดต่อเรา' })).toHaveAttribute('href', '/th/contact');
  });
});

describe('/dashboard/settings: data and privacy', () => {
  it('lists the consents, stops the newsletter and subscribes again', async () => {
    const { requests } = stubFetch(consentRoutes(true), dashboardReads);
    const user = userEvent.setup();
    await renderApp('/dashboard/settings', { login: signedIn() });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Your data and privacy' }))
      .parentElement as HTMLElement;
    expect(await within(section).findByText('Terms of Use and Privacy Policy')).toBeInTheDocument();
    expect(within(section).getByText(`Agreed on Nov 27, 2026 (version ${PRIVACY_NOTICE_VERSION})`)).toBeInTheDocument();
    expect(within(section).getByText('You receive the Baan newsletter.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Stop the newsletter' }));
    expect(await within(section).findByText('You do not receive the Baan newsletter.')).toBeInTheDocument();
    expect(within(section).getByText('Withdrawn on Nov 28, 2026')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/api/user/consents/newsletter'))).toBe(true);

    await user.click(within(section).getByRole('button', { name: 'Subscribe to the newsletter' }));
    expect(await within(section).findByText('You receive the Baan newsletter.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT' && r.url.endsWith('/api/user/consents/newsletter'))).toBe(true);
  });

  it('downloads the data as a JSON file with the token', async () => {
    const exported = { format: 'baan-personal-data', version: 1, generated_at: '2026-11-27T03:00:00.000Z' };
    const { requests } = stubFetch(consentRoutes(false), dashboardReads, (_request, url) =>
      url.pathname === '/api/user/data-export'
        ? jsonResponse(200, { success: true, message: PRIVACY_MESSAGES.exported, payload: exported })
        : undefined,
    );
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:http://localhost/export';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    await renderApp('/dashboard/settings', { login: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toEqual(['baan-my-data-2026-11-27.json']));
    expect(JSON.parse(await textOf(created[0] as Blob))).toEqual(exported);
    const call = requests.find((r) => r.url.endsWith('/api/user/data-export'));
    expect(call?.headers.get('authorization')).toBe('Bearer test-token');
    expect(await screen.findByText('Here is a copy of your data.')).toBeInTheDocument();
    click.mockRestore();
  });

  it('asks for the password before sending the deletion link, and says where it went', async () => {
    let answer = jsonResponse(400, {
      success: false,
      message: PRIVACY_MESSAGES.wrongPassword,
      errors: { password: [PRIVACY_MESSAGES.wrongPassword] },
    });
    const { bodies } = stubFetch(consentRoutes(false), dashboardReads, (request, url) =>
      url.pathname === '/api/user/account/deletion' && request.method === 'POST' ? answer : undefined,
    );
    const user = userEvent.setup();
    await renderApp('/dashboard/settings', { login: signedIn({ email: 'nok@example.com' }) });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Delete your account' }))
      .parentElement as HTMLElement;
    const submit = within(section).getByRole('button', { name: 'E-mail me the link' });
    const password = within(section).getByLabelText('Your password');

    await user.click(submit);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Please enter your password to continue.');
    expect(password).toHaveFocus();
    expect(bodies).toEqual([]);

    await user.type(password, 'Wrong#Pass1');
    await user.click(submit);
    expect(await within(section).findByText('The password is incorrect.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([{ password: 'Wrong#Pass1' }]);

    answer = jsonResponse(202, {
      success: true,
      message: PRIVACY_MESSAGES.deletionRequested,
      payload: {
        id: 4,
        type: 'deletion',
        status: 'awaiting_confirmation',
        requested_at: '2026-11-27T03:00:00.000Z',
        expires_at: '2026-11-28T03:00:00.000Z',
        completed_at: null,
        email: 'nok@example.com',
      },
    });
    await user.clear(password);
    await user.type(password, 'Secret#Pass1');
    await user.click(submit);
    expect(await within(section).findByRole('status')).toHaveTextContent(
      `We have sent a link to nok@example.com. Open it within ${DELETION_LINK_HOURS} hours and confirm to delete your account.`,
    );
    expect(within(section).queryByLabelText('Your password')).not.toBeInTheDocument();
  });

  it('offers no deletion to an administrator', async () => {
    stubFetch(consentRoutes(false), dashboardReads);
    await renderApp('/dashboard/settings', { login: signedIn({ role: 'admin' }) });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Delete your account' }))
      .parentElement as HTMLElement;
    expect(
      within(section).getByText('An administrator account cannot be deleted from the settings.'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is in Thai', async () => {
    stubFetch(consentRoutes(true), dashboardReads);
    await renderApp('/th/dashboard/settings', { login: signedIn() });
    expect(await screen.findByRole('heading', { level: 2, name: 'ข้อมูลและความเป็นส่วนตัวของคุณ' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'ยกเลิกรับจดหมายข่าว' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ดาวน์โหลดข้อมูลของฉัน' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'ลบบัญชีของคุณ' })).toBeInTheDocument();
  });
});

describe('/dashboard/settings/delete-account: the e-mailed link', () => {
  it('asks once more, deletes, forgets the session and goes home; the token leaves the address', async () => {
    sessionStorage.setItem('token', 'test-token');
    const { bodies } = stubFetch(emptyCatalogue, dashboardReads, (_request, url) =>
      url.pathname === '/api/user/account/deletion/confirm'
        ? jsonResponse(200, {
            success: true,
            message: PRIVACY_MESSAGES.deleted,
            payload: {
              id: 4,
              type: 'deletion',
              status: 'completed',
              requested_at: '2026-11-27T03:00:00.000Z',
              expires_at: '2026-11-28T03:00:00.000Z',
              completed_at: '2026-11-27T04:00:00.000Z',
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    const { router, store } = await renderApp(`/dashboard/settings/delete-account#token=${TOKEN}`, {
      login: signedIn(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Delete your account for good?' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(bodies).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodies).toEqual([{ token: TOKEN }]);
    expect(store.getState().login).toMatchObject({ isAuthenticated: false, token: null, user: null });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
  });

  it('says when the link has expired (410) and leads back to the settings, deleting nothing', async () => {
    stubFetch(dashboardReads, (_request, url) =>
      url.pathname === '/api/user/account/deletion/confirm'
        ? jsonResponse(410, { success: false, message: PRIVACY_MESSAGES.linkExpired })
        : undefined,
    );
    const user = userEvent.setup();
    const { store } = await renderApp(`/th/dashboard/settings/delete-account#token=${TOKEN}`, { login: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'ลบบัญชีของฉัน' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ลิงก์ยืนยันนี้หมดอายุแล้ว โปรดเริ่มใหม่จากหน้าการตั้งค่า');
    expect(screen.getByRole('link', { name: 'กลับไปหน้าการตั้งค่า' })).toHaveAttribute('href', '/th/dashboard/settings');
    expect(screen.queryByRole('button', { name: 'ลบบัญชีของฉัน' })).not.toBeInTheDocument();
    expect(store.getState().login.isAuthenticated).toBe(true);
  });

  it('without a token says the link is incomplete and offers no deletion', async () => {
    const { bodies } = stubFetch(dashboardReads);
    await renderApp('/dashboard/settings/delete-account', { login: signedIn() });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('sends a visitor to log in and back to the same link, token included', async () => {
    stubFetch();
    const { router } = await renderApp(`/dashboard/settings/delete-account#token=${TOKEN}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({
      redirectFrom: `/dashboard/settings/delete-account#token=${TOKEN}`,
    });
  });
});
