import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../db/schema.ts';
import type { Mail, Mailer } from '../services/mail/mailer.ts';

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
