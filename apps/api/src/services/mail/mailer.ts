import type { Db, Tx } from '../../db/client.ts';

export type MailAttachment = { filename: string; contentType: string; content: string };

/** What a service sends mail through (plugins/infra/mail.ts makes it: SMTP, or the development outbox). */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes instead of the sender address (a visitor writing to support or to an owner). */
  replyTo?: { name: string; address: string };
  /**
   * Extra header fields the service sets itself (e.g. `List-Unsubscribe`), ASCII values it built from
   * its own data. Sent over SMTP; the development outbox does not keep them.
   */
  headers?: Record<string, string>;
  /** Small text files sent with the mail (a viewing's .ics invite); kept in the job's payload, so keep them small. */
  attachments?: MailAttachment[];
  /**
   * Shown in the server log only when there is no SMTP server (the development outbox) outside
   * production, so a local user can finish sign-up: e.g. `{ code }`. Never logged when mail really
   * goes out, nor in production.
   */
  devNote?: Record<string, string>;
};

export type Mailer = {
  readonly kind: 'smtp' | 'outbox';
  /** Sends now; rejects when the mail could not be handed over (the mail job's handler uses it). */
  send: (mail: Mail, messageId?: string) => Promise<void>;
  /**
   * Queues the mail as a durable job in the given transaction (or database), so it is sent once
   * the change that caused it is committed, survives a crash, and is retried while SMTP is down.
   * A response never waits for the SMTP server.
   */
  queue: (db: Db | Tx, mail: Mail) => Promise<void>;
  /** Resolves once every mail due now has been handed over or has failed this attempt (tests). */
  drain: () => Promise<void>;
};
