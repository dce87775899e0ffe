import path from 'node:path';
import fp from 'fastify-plugin';
import { persistentSecret } from '../../lib/secrets.ts';
import { atBangkokTime } from '../../services/jobs/runner.ts';
import { sweepExpiredNewsletterPending } from '../../services/newsletter/newsletter-confirmation.ts';
import { deriveNewsletterUnsubscribeKey } from '../../services/newsletter/unsubscribe-token.ts';
import { DELETE_FILES_JOB } from '../../services/privacy/delete-account.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the newsletter's unsubscribe tokens (ADR 058). */
    newsletterUnsubscribeKey: Buffer;
  }
}

/** The daily removal of newsletter subscriptions nobody confirmed in time (ADR 055). */
export const NEWSLETTER_SWEEP_JOB = 'newsletter.pending-sweep';

/**
 * Account deletion's file clean-up (ADR 023): the photos, avatar and receipts of a deleted account, removed by a
 * durable job queued in the deletion's transaction, so a crash or a storage failure only delays it (retried). And the
 * daily sweep of newsletter subscriptions that were never confirmed (ADR 055), and the key of the newsletter's
 * unsubscribe links (ADR 058).
 */
export default fp(
  async (app) => {
    // The same secret as the access tokens (plugins/app/auth.ts), with a key derived for this purpose only.
    const secret = app.config.jwtSecret ?? persistentSecret(path.join(app.config.dataDir, 'secrets'), 'jwt-secret');
    app.decorate('newsletterUnsubscribeKey', deriveNewsletterUnsubscribeKey(secret));
    app.jobs.register(DELETE_FILES_JOB, async (payload, { log }) => {
      const keys = Array.isArray(payload.keys) ? payload.keys.filter((k): k is string => typeof k === 'string') : [];
      await app.storage.delete(keys);
      log.info({ files: keys.length }, 'removed the files of a deleted account');
    });
    app.jobs.register(NEWSLETTER_SWEEP_JOB, async (_payload, { log }) => {
      const removed = await sweepExpiredNewsletterPending(app.db, app.clock.now());
      if (removed > 0) log.info({ removed }, 'expired newsletter confirmations removed');
    });
    app.jobs.schedule({ name: NEWSLETTER_SWEEP_JOB, kind: NEWSLETTER_SWEEP_JOB, next: atBangkokTime(3, 50) });
  },
  { name: 'privacy', dependencies: ['storage', 'jobs', 'clock', 'db'] },
);
