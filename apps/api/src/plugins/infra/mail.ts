import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../../db/schema.ts';
import { enqueueJob } from '../../services/jobs/queue.ts';
import type { JobLog } from '../../services/jobs/runner.ts';
import type { Mail, Mailer } from '../../services/mail/mailer.ts';

/** The job kind that carries one e-mail. */
export const MAIL_JOB = 'mail.send';

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
    // Pooled: a queue of mails reuses a few connections instead of opening one per mail.
    const transport = smtpUrl
      ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 4 } as never)
      : null;
    if (!transport && isProduction)
      app.log.warn('SMTP_URL is not set: no e-mail is delivered (codes and messages stay in the mail_outbox table)');

    // The job's logger when a job sends, so the line carries the job and the request that queued it.
    const deliver = async (mail: Mail, messageId: string | undefined, log: JobLog) => {
      if (transport) {
        await transport.sendMail({
          from: mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(messageId ? { messageId } : {}),
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
          ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
        });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      await app.db.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo ? formatAddress(mail.replyTo) : null,
        attachments: mail.attachments?.length ? mail.attachments : null,
      });
      // The code in the log is how a local run finishes sign-up; in production it would hand
      // anyone who reads the logs a way into every account, so it stays in the table only.
      log.info(
        { to: mail.to, subject: mail.subject, ...(isProduction ? {} : mail.devNote) },
        'dev outbox: mail stored (SMTP_URL is not set)',
      );
    };

    const send = (mail: Mail, messageId?: string) => deliver(mail, messageId, app.log);

    // One job per mail. Its Message-ID is the job's, so in the rare case a worker dies after the
    // SMTP server took the mail and before the job was marked done, the repeat is recognisable.
    const host = new URL(app.config.publicUrl).hostname || 'baan.local';
    app.jobs.register(MAIL_JOB, async (payload, { job, log }) => {
      await deliver(payload as Mail, `<job-${job.id}@${host}>`, log);
    });

    const mailer: Mailer = {
      kind: transport ? 'smtp' : 'outbox',
      send,
      async queue(db, mail) {
        await enqueueJob(db, MAIL_JOB, mail, { runAt: app.clock.now() });
        app.jobs.nudge();
      },
      async drain() {
        await app.jobs.drain();
      },
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['config', 'db', 'clock', 'jobs'] },
);
