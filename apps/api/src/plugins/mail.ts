import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../db/schema.ts';

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

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** `Name <address>` with the name quoted when it holds characters an address header treats specially. */
export function formatAddress({ name, address }: { name: string; address: string }): string {
  const plain = /^[\p{L}\p{M}\p{N} .'-]*$/u.test(name);
  const shown = plain ? name : `"${name.replace(/["\\]/g, '\\$&')}"`;
  return `${shown} <${address}>`;
}

/** Mail through nodemailer: SMTP when SMTP_URL is set, else the mail_outbox table plus a log line. */
export default fp(
  async (app) => {
    const { smtpUrl, mailFrom, isProduction } = app.config;
    const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
    if (!transport && isProduction)
      app.log.warn('SMTP_URL is not set: no e-mail is delivered (codes and messages stay in the mail_outbox table)');
    const pending = new Set<Promise<void>>();

    const send = async (mail: Mail) => {
      if (transport) {
        await transport.sendMail({
          from: mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        });
        app.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      await app.db.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo ? formatAddress(mail.replyTo) : null,
      });
      // The code in the log is how a local run finishes sign-up; in production it would hand
      // anyone who reads the logs a way into every account, so it stays in the table only.
      app.log.info(
        { to: mail.to, subject: mail.subject, ...(isProduction ? {} : mail.devNote) },
        'dev outbox: mail stored (SMTP_URL is not set)',
      );
    };

    const mailer: Mailer = {
      kind: transport ? 'smtp' : 'outbox',
      send,
      queue(mail) {
        const p = send(mail)
          .catch((err: unknown) => {
            // The error text of nodemailer names the server, never the message body.
            app.log.error({ err, to: mail.to }, 'mail could not be sent');
          })
          .finally(() => pending.delete(p));
        pending.add(p);
      },
      async drain() {
        while (pending.size > 0) await Promise.all([...pending]);
      },
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.drain();
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['config', 'db'] },
);
