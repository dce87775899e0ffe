import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import { eventStream, files, json, message, ok, type Route, stubFetch, thread } from './helpers';

vi.setConfig({ testTimeout: 30_000 });

const SESSION = { login: signedIn() };

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const threadRoute =
  (answer: () => Response = () => ok(thread())): Route =>
  (request, url) =>
    request.method === 'GET' && url.pathname === '/api/user/conversations/5' ? answer() : undefined;

async function open(path = '/dashboard/messages/5') {
  const view = await renderApp(path, SESSION);
  await screen.findByRole('heading', { level: 1, name: 'Anong' }, { timeout: 15_000 });
  return view;
}

const posts = (requests: Request[], path: string) =>
  requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === path);

describe('Thread page', () => {
  it('shows the messages as text (never HTML), mine apart from theirs, beside the listing', async () => {
    const events = eventStream();
    stubFetch(threadRoute(), files, events.route);
    const { container } = await open();
    const theirs = screen.getByRole('article', { name: 'They wrote' });
    const mine = screen.getByRole('article', { name: 'You wrote' });
    expect(within(theirs).getByText('<img src=x onerror=alert(1)> Is it <b>free</b> in March?')).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(within(mine).getByText('Yes, from the 1st.')).toBeInTheDocument();
    const listing = screen.getByRole('complementary', { name: 'Listing' });
    expect(within(listing).getByRole('link', { name: 'Riverside condo' })).toHaveAttribute('href', '/detail/7');
    expect(screen.getByRole('link', { name: 'All messages' })).toHaveAttribute('href', '/dashboard/messages');
  });

  it("counts the sidebar's unread messages again once the thread is read (reading marks it read)", async () => {
    const events = eventStream();
    let unread = 2;
    const api = stubFetch(
      threadRoute(() => {
        unread = 0;
        return ok(thread());
      }),
      files,
      events.route,
      (_request, url) =>
        url.pathname === '/api/user/conversations'
          ? ok({ items: [], total: 0, page: 1, per_page: 20, unread: { inbox: unread, sent: 0 } })
          : undefined,
    );
    await open();
    const nav = within(screen.getByRole('complementary', { name: 'Dashboard' })).getByRole('link', {
      name: /^Messages/,
    });
    await waitFor(() => expect(nav).not.toHaveTextContent('unread'));
    const lists = api.requests.filter((r) => new URL(r.url).pathname === '/api/user/conversations');
    expect(lists.length).toBeGreaterThanOrEqual(2);
  });

  it('fetches the private files with the Bearer and shows them through blob: addresses', async () => {
    const events = eventStream();
    const api = stubFetch(threadRoute(), files, events.route);
    await open();
    const photo = await screen.findByRole('img', { name: 'Photo 1' });
    expect(photo.getAttribute('src')).toMatch(/^blob:/);
    const pdf = await screen.findByRole('link', { name: 'PDF document 2' });
    expect(pdf.getAttribute('href')).toMatch(/^blob:/);
    const fileRequests = api.requests.filter((r) => r.url.includes('/files/'));
    expect(fileRequests.map((r) => new URL(r.url).pathname).sort()).toEqual([
      '/api/user/conversations/5/messages/1/files/0',
      '/api/user/conversations/5/messages/1/files/1',
    ]);
    for (const r of fileRequests) expect(r.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('sends a message as JSON and shows it; with a file, as a multipart form', async () => {
    const events = eventStream();
    const api = stubFetch(threadRoute(), files, events.route, (request, url) =>
      request.method === 'POST' && url.pathname === '/api/user/conversations/5/messages'
        ? json(201, {
            success: true,
            message: 'Message sent.',
            payload: message(3, { sender: 'owner', mine: true, body: 'See you Sunday' }),
          })
        : undefined,
    );
    const user = userEvent.setup();
    await open();
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'See you Sunday');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('See you Sunday')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
    const [first] = posts(api.requests, '/api/user/conversations/5/messages');
    expect(await first?.clone().json()).toEqual({ body: 'See you Sunday' });

    const plan = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Attach photos or PDF'), plan);
    expect(screen.getByRole('list', { name: 'Files to send' })).toHaveTextContent('plan.pdf');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts(api.requests, '/api/user/conversations/5/messages')).toHaveLength(2));
    const second = posts(api.requests, '/api/user/conversations/5/messages')[1];
    expect(second?.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument());
  });

  it.each([
    [413, 'Each file can be at most 10 MB.', 'Each file may be at most 10 MB.'],
    [413, 'Too many files: at most 4 can be sent at once.', 'At most 4 files per message.'],
    [415, 'Some other words', 'Attach photos (JPEG, PNG or WebP) or PDF files only.'],
    [
      429,
      'Too many attempts. Please try again in 7 minutes.',
      'You have sent many messages in a short time. Please try again in 7 minutes.',
    ],
    [403, 'You can no longer write in this conversation.', 'You can no longer write in this conversation.'],
    [500, 'boom', 'Baan could not be reached. Check your connection and try again.'],
  ])('shows a %i refusal (%s) in words the person reads, and keeps the draft', async (status, sent, shown) => {
    const events = eventStream();
    stubFetch(threadRoute(), files, events.route, (request, url) =>
      request.method === 'POST' && url.pathname === '/api/user/conversations/5/messages'
        ? json(status, { success: false, message: sent })
        : undefined,
    );
    const user = userEvent.setup();
    await open();
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('Hello');
  });

  it('shows the refusal in Thai on the Thai page', async () => {
    const events = eventStream();
    stubFetch(threadRoute(), files, events.route, (request, url) =>
      request.method === 'POST' && url.pathname === '/api/user/conversations/5/messages'
        ? json(415, { success: false, message: 'Attach photos (JPEG, PNG or WebP) or PDF files only.' })
        : undefined,
    );
    const user = userEvent.setup();
    await renderApp('/th/dashboard/messages/5', SESSION);
    await user.type(await screen.findByRole('textbox', { name: 'ข้อความของคุณ' }, { timeout: 15_000 }), 'สวัสดี');
    await user.click(screen.getByRole('button', { name: 'ส่ง' }));
    expect(await screen.findByText('แนบได้เฉพาะรูปภาพ (JPEG, PNG หรือ WebP) หรือไฟล์ PDF')).toBeInTheDocument();
  });

  it('refuses a file over 10 MB, a fifth file and an empty message before sending anything', async () => {
    const events = eventStream();
    const api = stubFetch(threadRoute(), files, events.route);
    const user = userEvent.setup({ applyAccept: false });
    await open();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please write a message or attach a file.')).toBeInTheDocument();

    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Attach photos or PDF'), big);
    expect(await screen.findByText('huge.jpg is larger than 10 MB.')).toBeInTheDocument();

    const exact = new File(['x'], 'exact.jpg', { type: 'image/jpeg' });
    Object.defineProperty(exact, 'size', { value: 10 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Attach photos or PDF'), exact);
    expect(screen.getByRole('list', { name: 'Files to send' })).toHaveTextContent('exact.jpg');

    const zip = new File(['x'], 'a.zip', { type: 'application/zip' });
    await user.upload(screen.getByLabelText('Attach photos or PDF'), zip);
    expect(await screen.findByText('Attach photos (JPEG, PNG or WebP) or PDF files only.')).toBeInTheDocument();

    const more = [1, 2, 3].map((i) => new File(['x'], `p${i}.png`, { type: 'image/png' }));
    await user.upload(screen.getByLabelText('Attach photos or PDF'), more);
    expect(within(screen.getByRole('list', { name: 'Files to send' })).getAllByRole('listitem')).toHaveLength(4);
    await user.upload(screen.getByLabelText('Attach photos or PDF'), new File(['x'], 'p5.png', { type: 'image/png' }));
    expect(await screen.findByText('At most 4 files per message.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Files to send' })).getAllByRole('listitem')).toHaveLength(4);
    expect(posts(api.requests, '/api/user/conversations/5/messages')).toHaveLength(0);
  });

  it('blocks the sender after confirmation; the thread becomes read-only', async () => {
    const events = eventStream();
    const api = stubFetch(threadRoute(), files, events.route, (request, url) =>
      request.method === 'POST' && url.pathname === '/api/user/conversations/5/block'
        ? ok(thread({ can_write: false, blocked_by_me: true }), 'Sender blocked.')
        : undefined,
    );
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Block sender' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Anong?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts(api.requests, '/api/user/conversations/5/block')).toHaveLength(0);

    const leadReads = () => api.requests.filter((r) => new URL(r.url).pathname === '/api/user/inquiries').length;
    const before = leadReads();
    await user.click(screen.getByRole('button', { name: 'Block sender' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Block' }));
    expect(
      await screen.findByText('You blocked this sender. Neither of you can write here any more.'),
    ).toBeInTheDocument();
    expect(posts(api.requests, '/api/user/conversations/5/block')).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block sender' })).not.toBeInTheDocument();
    // The lead is spam now: the lead inbox's counts (the sidebar's Inquiries badge) are read again.
    await waitFor(() => expect(leadReads()).toBeGreaterThan(before));
  });

  it('offers no Block to the visitor, and is read-only when the owner blocked them', async () => {
    const events = eventStream();
    stubFetch(
      threadRoute(() => ok(thread({ role: 'visitor', can_write: false }))),
      files,
      events.route,
    );
    await open();
    expect(screen.queryByRole('button', { name: 'Block sender' })).not.toBeInTheDocument();
    expect(screen.getByText('You can no longer write in this conversation.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  });

  it('shows a new message for this thread as it arrives on the event stream, and ignores other threads', async () => {
    const events = eventStream();
    const live = message(21, { body: 'Live: is parking included?' });
    let stored = thread();
    const api = stubFetch(
      threadRoute(() => ok(stored)),
      files,
      events.route,
    );
    await open();
    await waitFor(() => expect(events.connections()).toBe(1));
    stored = thread({ messages: [...thread().messages, live] });
    const reads = () =>
      api.requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/user/conversations/5').length;
    const before = reads();
    events.send({ conversation_id: 6, message: message(20, { conversation_id: 6, body: 'Elsewhere' }) });
    events.send({ conversation_id: 5, message: live });
    expect(await screen.findByText('Live: is parking included?')).toBeInTheDocument();
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
    // Read again, which marks it read on the server.
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('says so when the thread is not there (a stranger gets the same 404)', async () => {
    const events = eventStream();
    stubFetch(
      threadRoute(() => json(404, { success: false, message: 'Conversation not found.' })),
      events.route,
    );
    await renderApp('/dashboard/messages/5', SESSION);
    expect(
      await screen.findByText('This conversation does not exist or is not yours.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});
