import fp from 'fastify-plugin';
import { atBangkokTime, every } from '../../services/jobs/runner.ts';
import { sendEndReminders } from '../../services/perks/end-reminders.ts';
import { ownersWithRecentBoundary, PERKS_INVALIDATE_JOB, syncPerks } from '../../services/perks/sync-owner-perks.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';

const DAILY_JOB = 'perks.daily';
const HOURLY_JOB = 'perks.hourly';
const HOUR_MS = 60 * 60_000;

/**
 * Keeps what packages sell on listings in step with subscriptions (ADR 017, "Package end"), as durable jobs:
 * - `perks.daily` (00:05 Bangkok): every owner's premium flag, featured listings and quota, then the reminders;
 * - `perks.hourly`: the owners a period started or ended for in the last two hours (a package that ended at 14:20
 *   loses its featured listings by about 15:00, not the next midnight), then the reminders;
 * - `perks.invalidate`: queued by a payment or grant whose transaction changed listings, to clear the read cache.
 * Payments and grants apply the rules themselves in their own transaction (services/perks/sync-owner-perks.ts).
 */
export default fp(
  async (app) => {
    const notice = () => ({ mailer: app.mailer, publicUrl: app.config.publicUrl });

    app.jobs.register(DAILY_JOB, async (_payload, { log }) => {
      const now = app.clock.now();
      const changed = await app.db.transaction((tx) => syncPerks(tx, now));
      if (changed.length > 0) {
        await invalidateListings(app, 'package perks changed');
        log.info({ listings: changed.length }, 'package perks brought in step');
      }
      const reminded = await sendEndReminders(app.db, notice(), now);
      if (reminded > 0) log.info({ reminded }, 'package end reminders queued');
    });
    app.jobs.schedule({ name: DAILY_JOB, kind: DAILY_JOB, next: atBangkokTime(0, 5) });

    app.jobs.register(HOURLY_JOB, async (_payload, { log }) => {
      const now = app.clock.now();
      const owners = await ownersWithRecentBoundary(app.db, now, 2 * HOUR_MS);
      const changed = owners.length > 0 ? await app.db.transaction((tx) => syncPerks(tx, now, owners)) : [];
      if (changed.length > 0) {
        await invalidateListings(app, 'package perks changed');
        log.info({ owners: owners.length, listings: changed.length }, 'package perks brought in step');
      }
      const reminded = await sendEndReminders(app.db, notice(), now);
      if (reminded > 0) log.info({ reminded }, 'package end reminders queued');
    });
    app.jobs.schedule({ name: HOURLY_JOB, kind: HOURLY_JOB, next: every(HOUR_MS) });

    app.jobs.register(PERKS_INVALIDATE_JOB, async () => {
      await invalidateListings(app, 'package perks changed by a subscription');
    });
  },
  { name: 'owner-perks', dependencies: ['config', 'db', 'clock', 'jobs', 'mail', 'listing-cache'] },
);
