/** What a service sends mail through (plugins/mail.ts makes it: SMTP, or the development outbox). */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes instead of the sender address (a visitor writing to support or to an owner). */
  replyTo?: { name: string; address: string };
  /**
   * Shown in the server log only when there is no SMTP server (the development outbox) outside
   * production, so a local user can finish sign-up: e.g. `{ code }`. Never logged when mail really
   * goes out, nor in production.
   */
  devNote?: Record<string, string>;
};

export type Mailer = {
  readonly kind: 'smtp' | 'outbox';
  /** Sends now; rejects when the mail could not be handed over. */
  send: (mail: Mail) => Promise<void>;
  /**
   * Sends in the background (failures are logged), so a response does not wait for the SMTP
   * server, and answers take the same time whether or not a mail was sent.
   */
  queue: (mail: Mail) => void;
  /** Resolves once every queued mail has been handed over (tests, shutdown). */
  drain: () => Promise<void>;
};
