import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as guestRoute from '../../../app/routes/messages';
import { renderApp } from '../../../test/render-app';
import { eventStream, json, message, ok, stubFetch, thread } from './helpers';

vi.setConfig({ testTimeout: 30_000 });

const TOKEN = 'a1b2+c3/d4=';
const guestThread = (extra = {}) =>
  thread({
    role: 'visitor',
    other_party: { name: 'Somsak' },
    messages: [
      message(1, {
        sender: 'visitor',
        mine: true,
        body: 'Is it free in March?',
        attachments: [
          {
            kind: 'image',
            url: `/api/conversations/5/messages/1/files/0?token=${encodeURIComponent(TOKEN)}`,
          },
        ],
      }),
      message(2, { sender: 'owner', mine: false, body: 'Yes, from the 1st.' }),
    ],
    ...extra,
  });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/guest');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const guestRead = (request: Request, url: URL) => request.method === 'GET' && url.pathname === '/api/conversations/5';
const path = `/messages/5?token=${encodeURIComponent(TOKEN)}`;

describe('Guest thread page (the mailed link)', () => {
  it('reads the thread with the token and no login; no Block; files through the token, no Bearer', async () => {
    const api = stubFetch((request, url) => {
      if (guestRead(request, url)) return ok(guestThread());
      if (url.pathname.startsWith('/api/conversations/5/messages/1/files/')) {
        return new Response(new Blob(['RIFF'], { type: 'image/webp' }));
      }
      return undefined;
    });
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Somsak' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Is it free in March?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block sender' })).not.toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', 'blob:http://localhost/guest');
    const read = api.requests.find((r) => guestRead(r, new URL(r.url)));
    expect(new URL(read?.url ?? '').searchParams.get('token')).toBe(TOKEN);
    expect(read?.headers.get('Authorization')).toBeNull();
    const file = api.requests.find((r) => r.url.includes('/files/0'));
    expect(new URL(file?.url ?? '').searchParams.get('token')).toBe(TOKEN);
    expect(file?.headers.get('Authorization')).toBeNull();
    // The guest's own stream: this thread's, with the token, no Bearer.
    await waitFor(() => expect(api.requests.some((r) => r.url.includes('/events'))).toBe(true));
    const stream = api.requests.find((r) => r.url.includes('/events'));
    expect(new URL(stream?.url ?? '').pathname).toBe('/api/conversations/5/events');
    expect(new URL(stream?.url ?? '').searchParams.get('token')).toBe(TOKEN);
    expect(stream?.headers.get('Authorization')).toBeNull();
  });

  it('writes through the guest route with the token', async () => {
    const api = stubFetch((request, url) => {
      if (guestRead(request, url)) return ok(guestThread({ messages: [] }));
      if (request.method === 'POST' && url.pathname === '/api/conversations/5/messages') {
        return json(201, { success: true, payload: message(3, { sender: 'visitor', mine: true, body: 'Thanks!' }) });
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderApp(path);
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }, { timeout: 15_000 }), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thanks!')).toBeInTheDocument();
    const post = api.posts()[0];
    expect(new URL(post?.url ?? '').searchParams.get('token')).toBe(TOKEN);
    expect(post?.headers.get('Authorization')).toBeNull();
  });

  it('says the link is not valid for a wrong token (404) and for a missing one, without asking the API', async () => {
    stubFetch((request, url) =>
      guestRead(request, url) ? json(404, { success: false, message: 'Conversation not found.' }) : undefined,
    );
    const first = await renderApp(path);
    expect(
      await screen.findByText('This link is not valid. Please use the link from your e-mail.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    first.unmount();

    const api = stubFetch();
    await renderApp('/th/messages/5');
    expect(await screen.findByText('ลิงก์นี้ไม่ถูกต้อง กรุณาใช้ลิงก์จากอีเมลของคุณ')).toBeInTheDocument();
    expect(api.requests.some((r) => r.url.includes('/api/conversations/'))).toBe(false);
  });

  it('shows the owner’s answer from the stream without a reload, ignores other threads, and catches up after a loss', async () => {
    let reads = 0;
    let stored = guestThread();
    const events = eventStream('/api/conversations/5/events');
    stubFetch(events.route, (request, url) => {
      if (!guestRead(request, url)) return undefined;
      reads += 1;
      return ok(stored);
    });
    const page = await renderApp(path);
    await screen.findByText('Yes, from the 1st.', {}, { timeout: 15_000 });
    await waitFor(() => expect(events.connections()).toBe(1));
    expect(reads).toBe(1);

    events.send({ conversation_id: 9, message: message(7, { conversation_id: 9, body: 'Another thread' }) });
    const answer = message(3, { sender: 'owner', mine: false, body: 'Viewing on Sunday?' });
    stored = guestThread({ messages: [...guestThread().messages, answer] });
    events.send({ conversation_id: 5, message: answer });
    expect(await screen.findByText('Viewing on Sunday?')).toBeInTheDocument();
    // The thread is read again (that read marks it read on the server).
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.queryByText('Another thread')).not.toBeInTheDocument();

    // The stream is lost and comes back: what came meanwhile is read.
    const missed = message(4, { sender: 'owner', mine: false, body: 'Or Monday?' });
    stored = guestThread({ messages: [...guestThread().messages, answer, missed] });
    events.drop();
    await waitFor(() => expect(events.connections()).toBe(2), { timeout: 5_000 });
    expect(await screen.findByText('Or Monday?')).toBeInTheDocument();
    expect(reads).toBe(3);

    page.unmount();
    await waitFor(() => expect(events.closed()).toBe(1));
  });

  it('stops asking for the stream when the link is refused (404)', async () => {
    let streams = 0;
    stubFetch((request, url) => {
      if (url.pathname === '/api/conversations/5/events') {
        streams += 1;
        return json(404, { success: false, message: 'Conversation not found.' });
      }
      return guestRead(request, url) ? ok(guestThread()) : undefined;
    });
    await renderApp(path);
    await screen.findByText('Yes, from the 1st.', {}, { timeout: 15_000 });
    await waitFor(() => expect(streams).toBe(1));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(streams).toBe(1);
  });

  it('is never indexed and never sends its address (with the token) as a referrer', () => {
    const seo = guestRoute.loader({
      request: new Request(`http://localhost${path}`),
      context: { publicUrl: 'https://baan.test' },
      params: { id: '5' },
    } as unknown as LoaderFunctionArgs);
    const meta = guestRoute.meta({ data: seo } as Parameters<typeof guestRoute.meta>[0]);
    expect(meta).toContainEqual({ name: 'referrer', content: 'no-referrer' });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex, nofollow' });
    expect(JSON.stringify(meta)).not.toContain('a1b2');
    const headers = guestRoute.headers({} as Parameters<typeof guestRoute.headers>[0]) as Record<string, string>;
    expect(headers['Referrer-Policy']).toBe('no-referrer');
    expect(headers['Cache-Control']).toBe('private, no-store');
  });
});
