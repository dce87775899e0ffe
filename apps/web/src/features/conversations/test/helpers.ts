import type { Conversation, ConversationMessage, ConversationSummary } from '@baan/contract';
import { jsonResponse as json, type Route, stubFetch } from '../../../test/http';

export { json, type Route, stubFetch };

export function message(id: number, extra: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id,
    conversation_id: 5,
    sender: 'visitor',
    mine: false,
    body: `Message ${id}`,
    attachments: [],
    created_at: '2026-11-20T09:30:00.000Z',
    ...extra,
  };
}

export function thread(extra: Partial<Conversation> = {}): Conversation {
  return {
    id: 5,
    listing: { id: 7, title: 'Riverside condo', cover_image: '/uploads/cover.webp' },
    other_party: { name: 'Anong' },
    role: 'owner',
    can_write: true,
    blocked_by_me: false,
    messages: [
      message(1, {
        body: '<img src=x onerror=alert(1)> Is it <b>free</b> in March?',
        attachments: [
          { kind: 'image', url: '/api/user/conversations/5/messages/1/files/0' },
          { kind: 'pdf', url: '/api/user/conversations/5/messages/1/files/1' },
        ],
      }),
      message(2, { sender: 'owner', mine: true, body: 'Yes, from the 1st.' }),
    ],
    ...extra,
  };
}

export function summary(id: number, extra: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id,
    listing: { id: 7, title: `Listing ${id}`, cover_image: `/uploads/${id}.webp` },
    other_party: { name: `Person ${id}` },
    last_message_at: '2026-11-20T09:30:00.000Z',
    unread: 0,
    last_message: { excerpt: `Hello from ${id}`, mine: false, files: 0 },
    ...extra,
  };
}

export const ok = (payload: unknown, message?: string) => json(200, { success: true, payload, message });

/**
 * GET /api/user/events as an open stream the test writes to (`send`); every connection is kept (`connections`).
 */
export function eventStream(pathname = '/api/user/events') {
  const encoder = new TextEncoder();
  const open: ReadableStreamDefaultController<Uint8Array>[] = [];
  let connections = 0;
  let closed = 0;
  const route: Route = (request, url) => {
    if (url.pathname !== pathname) return undefined;
    connections += 1;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        open.push(controller);
        controller.enqueue(encoder.encode('retry: 5000\n: connected\n\n'));
      },
      cancel() {
        closed += 1;
      },
    });
    request.signal?.addEventListener('abort', () => body.cancel().catch(() => undefined));
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  };
  return {
    route,
    connections: () => connections,
    /** Streams the page stopped reading (it left). */
    closed: () => closed,
    /** Ends every open stream from the server's side (a lost connection). */
    drop() {
      for (const controller of open.splice(0)) {
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      }
    },
    /** Writes one `message` event, split in two chunks mid-line as a network may. */
    send(data: unknown) {
      const text = `event: message\ndata: ${JSON.stringify(data)}\n\n`;
      const cut = Math.floor(text.length / 2);
      for (const controller of open) {
        try {
          controller.enqueue(encoder.encode(text.slice(0, cut)));
          controller.enqueue(encoder.encode(text.slice(cut)));
        } catch {
          // A stream the page already left.
        }
      }
    },
  };
}

/** Private files: any GET under …/files/ answers a small blob (an image or a PDF by its number). */
export const files: Route = (request, url) => {
  if (!/\/messages\/\d+\/files\/\d+$/.test(url.pathname) || request.method !== 'GET') return undefined;
  const pdf = url.pathname.endsWith('/1');
  return new Response(new Blob([pdf ? '%PDF-1.4' : 'RIFF'], { type: pdf ? 'application/pdf' : 'image/webp' }), {
    status: 200,
  });
};
