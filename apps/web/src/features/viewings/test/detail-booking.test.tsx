import { VIEWING_MESSAGES as M } from '@baan/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { jsonResponse as json, stubFetch } from '../../../test/http';
import { makeProperty } from '../../../test/properties';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';

vi.setConfig({ testTimeout: 30_000 });

// The listing's map is not what these tests are about: Leaflet's lazy chunk and its tile timer settle on their own
// time, and under load they did so after a short test's last step, outside act (a console error fails the test).
vi.mock('../../../components/map/use-leaflet-map', () => ({
  useLeafletMap: () => ({ container: { current: null }, handle: { current: null }, state: 'ready' }),
}));

afterEach(async () => {
  // Unmounted before the language goes back, so the switch updates nothing on screen.
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const OWNER = {
  id: 4242,
  name: 'Siam Prime',
  phone_number: null,
  phone_verified: 0 as const,
  line_id: null,
  email: 'owner@siamprime.example',
};
// Tuesday 8 January 2030 09:00 and 10:00, Wednesday 9 January 14:00 (Bangkok; UTC is 7 hours behind).
const FREE = ['2030-01-08T02:00:00.000Z', '2030-01-08T03:00:00.000Z', '2030-01-09T07:00:00.000Z'];

/** The detail page's API: the listing, its free hours and the booking answer (`book`). */
function stubDetail({
  property = makeProperty(7, { owner: OWNER }),
  free = FREE,
  book = () => json(201, { success: true, message: M.requested, payload: { id: 1 } }),
}: {
  property?: ReturnType<typeof makeProperty>;
  free?: string[];
  book?: () => Response;
} = {}) {
  return stubFetch((request, url) => {
    if (request.method === 'GET' && url.pathname === '/api/property/7')
      return json(200, { success: true, payload: property });
    if (request.method === 'GET' && url.pathname === '/api/property/7/viewing-slots') {
      return json(200, { success: true, payload: { timezone: 'Asia/Bangkok', free } });
    }
    if (request.method === 'POST' && url.pathname === '/api/property/7/viewings') return book();
    if (request.method === 'POST' && /^\/api\/property\/7\/(view|contact-click)$/.test(url.pathname)) {
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

async function openDetail(path = '/detail/7', session?: Parameters<typeof renderApp>[1]) {
  const view = await renderApp(path, session);
  await screen.findByRole('heading', { level: 1, name: 'Listing 7' }, { timeout: 15_000 });
  return view;
}

/** The booking form is a lazy chunk that shows itself once the free hours are in. */
const bookingForm = async (title = 'Book a viewing') =>
  within(
    (await screen.findByRole('heading', { level: 2, name: title }, { timeout: 15_000 })).closest(
      'section',
    ) as HTMLElement,
  );

const viewingPosts = (api: ReturnType<typeof stubFetch>) =>
  api.requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/property/7/viewings');

describe('Book a viewing on the listing page', () => {
  it('lets a guest pick a day and a free hour (Bangkok time), by video call, and sends it as UTC', async () => {
    const api = stubDetail();
    const user = userEvent.setup({ delay: null });
    await openDetail();
    const form = await bookingForm();
    // The first day's hours; another day shows its own.
    expect(form.getAllByRole('radio', { name: /^\d\d:00$/ }).map((r) => r.closest('label')?.textContent)).toEqual([
      '09:00',
      '10:00',
    ]);
    const days = form.getAllByRole('button', { pressed: false });
    await user.click(days[0] as HTMLElement);
    expect(form.getAllByRole('radio', { name: /^\d\d:00$/ }).map((r) => r.closest('label')?.textContent)).toEqual([
      '14:00',
    ]);
    await user.click(form.getByRole('radio', { name: '14:00' }));
    await user.click(form.getByRole('radio', { name: 'Video call' }));
    await user.type(form.getByRole('textbox', { name: 'Your name' }), 'Nok');
    await user.type(form.getByRole('textbox', { name: 'E-mail' }), 'nok@example.com');
    await user.click(form.getByRole('button', { name: 'Request this viewing' }));
    expect(await form.findByRole('status')).toHaveTextContent('Your request was sent.');
    const posts = viewingPosts(api);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers.get('Authorization')).toBeNull();
    expect(await posts[0]?.clone().json()).toEqual({
      starts_at: '2030-01-09T07:00:00.000Z',
      mode: 'video',
      name: 'Nok',
      email: 'nok@example.com',
    });
  });

  it('checks the details with the contract’s rules and sends nothing while one is wrong', async () => {
    const api = stubDetail();
    const user = userEvent.setup({ delay: null });
    await openDetail();
    const form = await bookingForm();
    await user.click(form.getByRole('radio', { name: '09:00' }));
    await user.type(form.getByRole('textbox', { name: 'Your name' }), 'Nok');
    // One letter after the last dot is no address by the contract's pattern.
    await user.type(form.getByRole('textbox', { name: 'E-mail' }), 'nok@example.c');
    await user.type(form.getByRole('textbox', { name: 'Phone (optional)' }), 'call me');
    await user.click(form.getByRole('button', { name: 'Request this viewing' }));
    expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(form.getByRole('textbox', { name: 'Phone (optional)' })).toHaveAccessibleDescription(
      'Enter a valid phone number.',
    );
    expect(viewingPosts(api)).toHaveLength(0);
  });

  it('fills in a signed-in visitor, sends their token, and says in Thai why the API refused', async () => {
    let answer = json(400, { success: false, message: M.tooSoon, errors: { starts_at: [M.tooSoon] } });
    const api = stubDetail({ book: () => answer });
    const user = userEvent.setup({ delay: null });
    await openDetail('/th/detail/7', {
      login: signedIn({ id: 9, name: 'Mali', email: 'mali@example.com', phone_number: '+66 81 234 5678' }),
    });
    const form = await bookingForm('นัดชมทรัพย์');
    expect(form.getByRole('textbox', { name: 'ชื่อของคุณ' })).toHaveValue('Mali');
    expect(form.getByRole('textbox', { name: 'โทรศัพท์ (ไม่บังคับ)' })).toHaveValue('+66 81 234 5678');
    await user.click(form.getByRole('radio', { name: '09:00' }));
    await user.click(form.getByRole('button', { name: 'ขอนัดชม' }));
    expect(await form.findByRole('alert')).toHaveTextContent('ต้องนัดชมล่วงหน้าอย่างน้อย 2 ชั่วโมง');
    expect(viewingPosts(api)[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(await viewingPosts(api)[0]?.clone().json()).toMatchObject({
      name: 'Mali',
      email: 'mali@example.com',
      phone: '+66 81 234 5678',
    });
    // Someone else took the hour first: the hour is to be picked again, and the free hours are read again.
    answer = json(409, { success: false, message: M.taken, errors: { starts_at: [M.taken] } });
    const reads = () => api.requests.filter((r) => new URL(r.url).pathname === '/api/property/7/viewing-slots').length;
    const readsBefore = reads();
    await user.click(form.getByRole('radio', { name: '10:00' }));
    await user.click(form.getByRole('button', { name: 'ขอนัดชม' }));
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent('มีผู้จองเวลานี้ไปแล้ว'));
    expect(form.getByRole('radio', { name: '10:00' })).not.toBeChecked();
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
    answer = json(429, { success: false, message: 'Too many attempts. Please try again in 12 minutes.' });
    await user.click(form.getByRole('radio', { name: '09:00' }));
    await user.click(form.getByRole('button', { name: 'ขอนัดชม' }));
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent('ส่งคำขอบ่อยเกินไป'));
    answer = json(400, { success: false, message: M.noHours });
    await user.click(form.getByRole('button', { name: 'ขอนัดชม' }));
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent('เจ้าของประกาศนี้ไม่ได้เปิดให้นัดชม'));
  });

  it('is not offered to the owner on their own listing (no free hours are even asked for)', async () => {
    const api = stubDetail();
    await openDetail('/detail/7', { login: signedIn({ id: OWNER.id, email: OWNER.email }) });
    expect(screen.getByRole('heading', { level: 2, name: 'Description' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('heading', { name: 'Book a viewing' })).toBeNull();
    expect(api.requests.some((r) => new URL(r.url).pathname.endsWith('/viewing-slots'))).toBe(false);
  });

  it('is not offered on a rented listing', async () => {
    const api = stubDetail({ property: makeProperty(7, { owner: OWNER, status: 'rented' }) });
    await openDetail();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('heading', { name: 'Book a viewing' })).toBeNull();
    expect(api.requests.some((r) => new URL(r.url).pathname.endsWith('/viewing-slots'))).toBe(false);
  });

  it('shows nothing when the owner offers no free hours', async () => {
    const api = stubDetail({ free: [] });
    await openDetail();
    await waitFor(() =>
      expect(api.requests.some((r) => new URL(r.url).pathname === '/api/property/7/viewing-slots')).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('heading', { name: 'Book a viewing' })).toBeNull();
  });
});
