import { VIEWING_ERROR_CODES, VIEWING_MESSAGES } from '@baan/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, loadNamespaces } from '../../../i18n';
import { makeStore } from '../../../session/store';
import { BookViewingForm } from './BookViewingForm';

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['viewings']);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const TAKEN = { success: false, message: VIEWING_MESSAGES.taken, errors: { starts_at: [VIEWING_MESSAGES.taken] } };
const envelope = (payload: unknown, status = 200, failure: unknown = TAKEN) =>
  new Response(JSON.stringify(status < 400 ? { success: true, payload } : failure), {
    status,
    headers: { 'content-type': 'application/json' },
  });

// Tuesday 8 January 2030, 09:00 and 10:00 Bangkok (02:00 and 03:00 UTC).
const FREE = ['2030-01-08T02:00:00.000Z', '2030-01-08T03:00:00.000Z'];

function stubApi(answer = 201, free = FREE, failure: unknown = TAKEN) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      if (input.method === 'POST') {
        posts.push(await input.json());
        return envelope({ id: 1 }, answer, failure);
      }
      return envelope({ timezone: 'Asia/Bangkok', free });
    }),
  );
  return posts;
}

const show = (user?: { name: string; email: string }) =>
  render(
    <Provider store={makeStore()}>
      <BookViewingForm listingId={42} user={user ?? null} />
    </Provider>,
  );

describe('BookViewingForm', () => {
  it('shows nothing when the owner offers no hours', async () => {
    stubApi(201, []);
    show();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(screen.queryByRole('heading', { name: 'Book a viewing' })).toBeNull();
  });

  it('checks the form and sends nothing until a time, a name and an e-mail are given', async () => {
    const posts = stubApi();
    show();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Request this viewing' }));
    expect(screen.getByText('Choose a time.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveAccessibleDescription('Enter your name.');
    expect(posts).toEqual([]);
  });

  it('sends the chosen hour (Bangkok time shown, UTC sent), the mode and the prefilled details', async () => {
    const posts = stubApi();
    show({ name: 'Mali', email: 'mali@example.com' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('radio', { name: '10:00' }));
    await user.click(screen.getByRole('radio', { name: 'Video call' }));
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Mali');
    await user.click(screen.getByRole('button', { name: 'Request this viewing' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your request was sent.');
    expect(posts).toEqual([
      { starts_at: '2030-01-08T03:00:00.000Z', mode: 'video', name: 'Mali', email: 'mali@example.com' },
    ]);
  });

  it('says in Thai when someone else took the hour first (409)', async () => {
    await i18n.changeLanguage('th');
    stubApi(409);
    show({ name: 'Mali', email: 'mali@example.com' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'ขอนัดชม' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('มีผู้จองเวลานี้ไปแล้ว');
  });

  it('says in Thai when the requester already has requests waiting (409 viewing_requests_waiting), keeping the hour', async () => {
    await i18n.changeLanguage('th');
    stubApi(409, FREE, {
      success: false,
      message: VIEWING_MESSAGES.waitingOnListing,
      code: VIEWING_ERROR_CODES.requestsWaiting,
    });
    show({ name: 'Mali', email: 'mali@example.com' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'ขอนัดชม' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('คุณมีคำขอนัดชม 2 รายการที่รอเจ้าของประกาศนี้ตอบอยู่แล้ว');
    expect(screen.getByRole('radio', { name: '09:00' })).toBeChecked();
  });

  it('says in English when the requester has too many requests waiting on all listings', async () => {
    stubApi(409, FREE, {
      success: false,
      message: VIEWING_MESSAGES.waitingTotal,
      code: VIEWING_ERROR_CODES.requestsWaiting,
    });
    show({ name: 'Mali', email: 'mali@example.com' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'Request this viewing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have 5 viewing requests waiting for an answer.',
    );
  });

  it("says in Thai when a guest's network has too many requests waiting, and to sign in", async () => {
    await i18n.changeLanguage('th');
    stubApi(409, FREE, {
      success: false,
      message: VIEWING_MESSAGES.waitingFromNetwork,
      code: VIEWING_ERROR_CODES.requestsWaiting,
    });
    show({ name: 'Mali', email: 'mali@example.com' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'ขอนัดชม' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('โปรดเข้าสู่ระบบเพื่อขอนัดชม');
  });
});
