import {
  CONVERSATION_LIMITS,
  ConversationFileParams,
  ConversationIdParams,
  ConversationListQuery,
  ConversationMessageResponse,
  ConversationPageResponse,
  ConversationResponse,
  GuestTokenQuery,
  CONVERSATION_MESSAGES as M,
  SendMessageFields,
  SendMessageRequest,
} from '@baan/contract';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import { eventStreamHolder } from '../../lib/event-stream-response.ts';
import { tooManyAttempts } from '../../lib/rate-limit.ts';
import { type RoutesPlugin, readInHandler } from '../../lib/route-schemas.ts';
import { parse } from '../../lib/validate.ts';
import {
  type Access,
  accessConversation,
  attachmentKey,
  blockConversation,
  guestFileUrl,
  listConversations,
  type Party,
  postMessage,
  readConversation,
  toWireMessage,
  userFileUrl,
} from '../../services/conversations/conversations.ts';
import type { ConversationEvent } from '../../services/conversations/event-bus.ts';
import { receiveMultipart } from '../../services/uploads/receive-multipart.ts';
import { sniffDocument } from '../../services/verifications/sniff-document.ts';

function currentUser(request: FastifyRequest) {
  if (!request.user) throw new Error('route used without app.authenticate');
  return request.user;
}

const THREAD = { input: { notFound: M.notFound } };
const FILE = { input: { notFound: M.fileNotFound } };
const SEND_BODY = readInHandler({ json: SendMessageRequest, form: SendMessageFields });
const FILE_ANSWER = {
  200: {
    description: 'The attachment as stored: an image re-encoded as WebP, or the PDF.',
    content: { 'image/webp': { schema: z.file() }, 'application/pdf': { schema: z.file() } } as Record<
      string,
      { schema: z.ZodType }
    >,
  },
};
/** The form's error is its first field's own message (the composer shows it). */
const firstError = (errors: Record<string, string[]>) => Object.values(errors)[0]?.[0] ?? M.bodyRequired;

/**
 * Conversations (docs/api.md "Renters and conversations", ADR 034): the inbox, a thread, writing (text and private
 * files), blocking, the guest's signed way in, and the server-sent events of new messages.
 */
const conversationRoutes: RoutesPlugin = async (app) => {
  await app.register(multipart);
  const deps = () => ({
    db: app.db,
    mailer: app.mailer,
    storage: app.storage,
    publicUrl: app.config.publicUrl,
    secret: app.conversationKey,
  });
  const access = (id: number, party: Party) => accessConversation(app.db, app.conversationKey, id, party);

  /** Per sender across their threads (an account, or a guest's thread), counted before the body is read. */
  async function limitSender(request: FastifyRequest, sender: string) {
    const { count, resetAt } = await app.rateLimit
      .counters(request)
      .hit(`conversation-message:${sender}`, CONVERSATION_LIMITS.windowMinutes * 60_000);
    if (count > CONVERSATION_LIMITS.perSender) {
      throw tooManyAttempts(Math.max(1, Math.ceil((resetAt - app.clock.now().getTime()) / 1000)));
    }
  }

  /** A message from JSON {body} or a multipart form with `body` and `files[]`. */
  async function send(request: FastifyRequest, reply: FastifyReply, a: Access, fileUrl = userFileUrl(a.row.id)) {
    if (a.row.blockedBy !== null) throw new HttpError(403, M.blocked);
    await limitSender(request, a.guest ? `guest:${a.row.id}` : `user:${request.user?.id}`);
    let body: string;
    let files: Awaited<ReturnType<typeof receiveMultipart>> | null = null;
    if (request.isMultipart()) {
      files = await receiveMultipart(request, {
        tmpDir: app.uploadTmpDir,
        budget: app.uploadBudget,
        account: request.user?.id ?? -a.row.id,
        maxFileBytes: CONVERSATION_LIMITS.fileBytes,
        maxFiles: CONVERSATION_LIMITS.files,
        maxFields: 5,
        allowed: ['jpeg', 'png', 'webp', 'pdf'],
        sniff: sniffDocument,
        allowedLabel: 'JPEG, PNG, WebP or PDF',
        fileFields: ['files[]', 'files'],
        messages: { wrongType: () => M.fileType, tooLarge: () => M.fileTooLarge },
      });
    }
    try {
      if (files) {
        body = parse(SendMessageFields, files.fields, firstError).body;
        if (!body && files.files.length === 0) throw badRequest(M.bodyRequired, { body: [M.bodyRequired] });
      } else {
        body = parse(SendMessageRequest, request.body ?? {}, firstError).body;
      }
      const { message, event } = await postMessage(deps(), a, { body, files: files?.files ?? [] }, app.clock.now());
      request.log.info({ conversationId: a.row.id, messageId: message.id }, 'conversation message stored');
      await app.conversationEvents.publish(event);
      return reply.code(201).send(ok(toWireMessage(message, a.side, fileUrl), M.sent));
    } finally {
      await files?.cleanup();
    }
  }

  async function serveFile(reply: FastifyReply, a: Access, messageId: number, n: number) {
    const file = await app.storage.get(await attachmentKey(app.db, a, messageId, n));
    if (!file) throw notFound(M.fileNotFound);
    return reply
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', 'inline')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Length', file.size)
      .type(file.contentType)
      .send(file.body);
  }

  app.get(
    '/user/conversations',
    {
      preHandler: app.authenticate,
      schema: { querystring: ConversationListQuery, response: { 200: ConversationPageResponse } },
      config: { input: { message: 'Please correct the filters.' } },
    },
    async (request) =>
      ok(await listConversations(deps(), currentUser(request).id, request.query.box, request.query.page)),
  );

  app.get(
    '/user/conversations/:id',
    {
      preHandler: app.authenticate,
      schema: { params: ConversationIdParams, response: { 200: ConversationResponse } },
      config: THREAD,
    },
    async (request) => {
      const a = await access(request.params.id, { userId: currentUser(request).id });
      return ok(await readConversation(deps(), a, userFileUrl(a.row.id), app.clock.now()));
    },
  );

  app.post(
    '/user/conversations/:id/messages',
    {
      preHandler: app.authenticate,
      schema: { params: ConversationIdParams, body: SEND_BODY, response: { 201: ConversationMessageResponse } },
      config: THREAD,
    },
    async (request, reply) =>
      send(request, reply, await access(request.params.id, { userId: currentUser(request).id })),
  );

  app.post(
    '/user/conversations/:id/block',
    {
      preHandler: app.authenticate,
      schema: { params: ConversationIdParams, response: { 200: ConversationResponse } },
      config: THREAD,
    },
    async (request) => {
      const a = await access(request.params.id, { userId: currentUser(request).id });
      await blockConversation(app.db, a);
      request.log.info({ conversationId: a.row.id, side: a.side }, 'conversation blocked');
      const fresh = await access(a.row.id, { userId: currentUser(request).id });
      return ok(await readConversation(deps(), fresh, userFileUrl(a.row.id), app.clock.now()), M.blockedDone);
    },
  );

  app.get(
    '/user/conversations/:id/messages/:messageId/files/:n',
    { preHandler: app.authenticate, schema: { params: ConversationFileParams, response: FILE_ANSWER }, config: FILE },
    async (request, reply) => {
      const a = await access(request.params.id, { userId: currentUser(request).id });
      return serveFile(reply, a, request.params.messageId, request.params.n);
    },
  );

  // The guest's way in: the signed per-thread token from their mail (?token=).
  app.get(
    '/conversations/:id',
    {
      schema: { params: ConversationIdParams, querystring: GuestTokenQuery, response: { 200: ConversationResponse } },
      config: THREAD,
    },
    async (request, reply) => {
      const a = await access(request.params.id, { guestToken: request.query.token });
      reply.header('Cache-Control', 'private, no-store').header('Referrer-Policy', 'no-referrer');
      return ok(await readConversation(deps(), a, guestFileUrl(a.row.id, request.query.token), app.clock.now()));
    },
  );

  app.post(
    '/conversations/:id/messages',
    {
      schema: {
        params: ConversationIdParams,
        querystring: GuestTokenQuery,
        body: SEND_BODY,
        response: { 201: ConversationMessageResponse },
      },
      config: THREAD,
    },
    async (request, reply) => {
      const a = await access(request.params.id, { guestToken: request.query.token });
      return send(request, reply, a, guestFileUrl(a.row.id, request.query.token));
    },
  );

  app.get(
    '/conversations/:id/messages/:messageId/files/:n',
    { schema: { params: ConversationFileParams, querystring: GuestTokenQuery, response: FILE_ANSWER }, config: FILE },
    async (request, reply) => {
      const a = await access(request.params.id, { guestToken: request.query.token });
      return serveFile(reply, a, request.params.messageId, request.params.n);
    },
  );

  // Server-sent events: a `message` for each new message, from any node — an account's for all its threads, a
  // guest's (signed token) for their one thread.
  const streams = eventStreamHolder();
  app.addHook('preClose', async () => streams.closeAll());
  const tooManyStreams = () => new HttpError(429, M.tooManyStreams, undefined, { 'Retry-After': '30' });
  const EVENTS_ANSWER = {
    200: {
      description: 'text/event-stream: `event: message` with the MessageEvent as data; comments keep it alive.',
      content: { 'text/event-stream': { schema: z.string() } } as Record<string, { schema: z.ZodType }>,
    },
  };

  /** The event's message as one side sees it (`mine`), with file addresses of that side's way in. */
  const asSeenBy = (
    event: ConversationEvent,
    side: 'owner' | 'visitor',
    fileUrl?: (m: number, n: number) => string,
  ) => {
    const data = event.data as { message?: { id: number; sender?: string; attachments?: { kind: string }[] } };
    const m = data.message;
    if (!m) return data;
    const attachments = fileUrl ? m.attachments?.map((a, n) => ({ ...a, url: fileUrl(m.id, n) })) : m.attachments;
    return { ...data, message: { ...m, mine: m.sender === side, attachments } };
  };

  app.get(
    '/user/events',
    { preHandler: app.authenticate, schema: { response: EVENTS_ANSWER } },
    async (request, reply) => {
      const user = currentUser(request);
      streams.open<ConversationEvent>(
        request,
        reply,
        (listener) => app.conversationEvents.bus.subscribe(user.id, listener, CONVERSATION_LIMITS.streamsPerUser),
        (event) => asSeenBy(event, user.id === event.ownerId ? 'owner' : 'visitor'),
        tooManyStreams,
        // A stream ends with its session (logged out, password changed, disabled, expired): checked per event.
        () => app.sessionAlive(request),
      );
    },
  );

  // The guest's stream: their one thread, opened with its signed token (a wrong token answers 404 like the thread).
  app.get(
    '/conversations/:id/events',
    { schema: { params: ConversationIdParams, querystring: GuestTokenQuery, response: EVENTS_ANSWER }, config: THREAD },
    async (request, reply) => {
      const { token } = request.query;
      const a = await access(request.params.id, { guestToken: token });
      const fileUrl = guestFileUrl(a.row.id, token);
      streams.open<ConversationEvent>(
        request,
        reply,
        (listener) =>
          app.conversationEvents.bus.subscribeThread(a.row.id, listener, CONVERSATION_LIMITS.streamsPerUser),
        // A guest stream hears its own thread only: the bus delivers by thread, and this is checked again here.
        (event) => (event.conversationId === a.row.id ? asSeenBy(event, 'visitor', fileUrl) : null),
        tooManyStreams,
      );
    },
  );
};

export default conversationRoutes;
