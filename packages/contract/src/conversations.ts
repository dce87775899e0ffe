import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { MAX_DB_INT, multiLineText } from './input.ts';

/**
 * Conversations (docs/api.md "Renters and conversations", ADR 034): an inquiry opens a thread between the visitor
 * and the listing's owner; both write in Baan, a guest through a signed per-thread link. Wire names are binding.
 */
export const CONVERSATION_LIMITS = {
  /** A message's text, in characters (checked before anything parses it). */
  body: 5000,
  /** Files on one message, and bytes each (images or PDF, sniffed by their content). */
  files: 4,
  fileBytes: 10 * 1024 * 1024,
  /** Messages one sender may write in `windowMinutes` across all their threads. */
  perSender: 20,
  windowMinutes: 10,
  /** How long after a mail about a thread its reader is mailed again at the earliest. */
  mailEveryMinutes: 10,
  /** Open event streams per account. */
  streamsPerUser: 5,
  /** A guest token's length bound (characters). */
  token: 200,
  /** Characters of the newest message the inbox shows under each thread. */
  preview: 120,
} as const;

export const CONVERSATION_MESSAGES = {
  notFound: 'Conversation not found.',
  notYours: 'You are not part of this conversation.',
  fileNotFound: 'File not found.',
  bodyRequired: 'Please write a message or attach a file.',
  bodyTooLong: `The message is too long (at most ${CONVERSATION_LIMITS.body} characters).`,
  invisibleCharacters: 'The message contains invisible control characters. Please type it again.',
  fileType: 'Attach photos (JPEG, PNG or WebP) or PDF files only.',
  fileTooLarge: `Each file may be at most ${CONVERSATION_LIMITS.fileBytes / 1024 / 1024} MB.`,
  tooManyFiles: `At most ${CONVERSATION_LIMITS.files} files per message.`,
  blocked: 'You can no longer write in this conversation.',
  sent: 'Message sent.',
  blockedDone: 'Sender blocked. They can no longer write to you here.',
  badToken: 'This link is not valid. Please use the link from your e-mail.',
  tooManyStreams: 'Too many open connections. Close another tab and try again.',
} as const;

const M = CONVERSATION_MESSAGES;

export const ConversationIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_DB_INT) });
export const ConversationFileParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_DB_INT),
  messageId: z.coerce.number().int().positive().max(MAX_DB_INT),
  n: z.coerce
    .number()
    .int()
    .min(0)
    .max(CONVERSATION_LIMITS.files - 1),
});

/** The guest's per-thread token (query `token`), bounded before it is checked. */
export const GuestTokenQuery = z.object({
  token: z.string({ error: M.badToken }).min(1, M.badToken).max(CONVERSATION_LIMITS.token, M.badToken),
});

export const ConversationListQuery = z.object({
  box: z.enum(['inbox', 'sent'], { error: 'box must be one of: inbox, sent' }).default('inbox'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuery>;

/**
 * A message's text: 0..5000 characters after trimming (0 only with files, checked by the server), line breaks
 * kept, no control or bidi characters. The length is bounded first.
 */
export const MessageBody = z
  .string({ error: M.bodyRequired })
  .max(CONVERSATION_LIMITS.body * 2, M.bodyTooLong)
  .pipe(
    multiLineText(M.invisibleCharacters, { error: M.bodyRequired }).trim().max(CONVERSATION_LIMITS.body, M.bodyTooLong),
  );

export const SendMessageRequest = z.object({ body: MessageBody.refine((b) => b.length > 0, M.bodyRequired) });
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;
/** The multipart form's text field (files may stand without text). */
export const SendMessageFields = z.object({ body: MessageBody.optional().default('') });

export const ConversationListing = z.object({
  id: z.number().int().nullable(),
  title: z.string(),
  cover_image: z.string().nullable(),
});

export const MessageAttachment = z.object({
  kind: z.enum(['image', 'pdf']),
  url: z.string(),
});

export const ConversationMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  /** Who wrote it: the listing's owner or the visitor who asked. */
  sender: z.enum(['owner', 'visitor']),
  mine: z.boolean(),
  body: z.string(),
  attachments: z.array(MessageAttachment),
  created_at: z.string(),
});
export type ConversationMessage = z.infer<typeof ConversationMessage>;
export const ConversationMessageResponse = successEnvelope(ConversationMessage);

export const ConversationSummary = z.object({
  id: z.number().int(),
  listing: ConversationListing,
  other_party: z.object({ name: z.string() }),
  last_message_at: z.string(),
  unread: z.number().int(),
  /**
   * The newest message as the inbox previews it: its first characters on one line (`preview` long at most), whether
   * the reader wrote it, and how many files it carries. Null for a thread without a message.
   */
  last_message: z.object({ excerpt: z.string(), mine: z.boolean(), files: z.number().int() }).nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationPage = z.object({
  items: z.array(ConversationSummary),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Unread messages across the caller's threads in each box (the dashboard navigation's badge). */
  unread: z.object({ inbox: z.number().int(), sent: z.number().int() }),
});
export type ConversationPage = z.infer<typeof ConversationPage>;
export const ConversationPageResponse = successEnvelope(ConversationPage);

export const Conversation = z.object({
  id: z.number().int(),
  listing: ConversationListing,
  other_party: z.object({ name: z.string() }),
  /** The caller's side of the thread. */
  role: z.enum(['owner', 'visitor']),
  /** Whether the caller may write (false once either side blocked the other). */
  can_write: z.boolean(),
  /** Whether the caller blocked the other party. */
  blocked_by_me: z.boolean(),
  messages: z.array(ConversationMessage),
});
export type Conversation = z.infer<typeof Conversation>;
export const ConversationResponse = successEnvelope(Conversation);

/** One server-sent `message` event's data (GET /api/user/events). */
export const MessageEvent = z.object({ conversation_id: z.number().int(), message: ConversationMessage });
export type MessageEvent = z.infer<typeof MessageEvent>;
