import { maskPhone } from '@baan/contract';
import fp from 'fastify-plugin';
import { mailOutbox } from '../../db/schema.ts';
import { SMS_JOB, type SmsJobPayload } from '../../services/accounts/phone-verification.ts';
import { httpSmsProvider, type SmsProvider } from '../../services/sms/sms-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when phone verification is off (production without SMS_PROVIDER=http). */
    sms: SmsProvider | undefined;
  }
}

/**
 * The SMS provider chosen by config (ADR 036) and the durable job that sends through it. The demo provider
 * (never in production: config refuses it) stores the message in the demo outbox (mail_outbox, subject
 * "SMS to …") and logs it locally, so a person trying `npm start` sees the code.
 */
export default fp(
  async (app) => {
    const { sms: config, isProduction } = app.config;
    let provider: SmsProvider | undefined;
    if (config?.provider === 'http') provider = httpSmsProvider(config);
    else if (config?.provider === 'demo' && !isProduction)
      provider = {
        kind: 'demo',
        async send(sms) {
          await app.db.insert(mailOutbox).values({
            to: sms.to,
            subject: `[demo] SMS to ${sms.to}`,
            text: sms.text,
            html: `<pre>${sms.text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`,
          });
          // Never the text: it carries the code (the outbox holds it, as it holds the demo mails' codes).
          app.log.info({ to: maskPhone(sms.to) }, 'demo SMS: stored in the outbox (no SMS provider configured)');
        },
      };
    else app.log.warn('no SMS provider is configured: phone verification is off');
    app.decorate('sms', provider);

    app.jobs.register(SMS_JOB, async (payload, { log }) => {
      const sms = payload as SmsJobPayload;
      if (!provider) throw new Error('no SMS provider');
      await provider.send(sms);
      if (provider.kind === 'http') log.info({ to: maskPhone(sms.to) }, 'SMS handed to the provider');
    });
  },
  { name: 'sms', dependencies: ['config', 'db', 'jobs'] },
);
