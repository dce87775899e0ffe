import path from 'node:path';
import fp from 'fastify-plugin';
import { persistentSecret } from '../../lib/secrets.ts';
import { matchListing, matchListings } from '../../services/alerts/match-listing.ts';
import { sendPriceDropAlerts } from '../../services/alerts/price-drop.ts';
import { indexSavedSearches } from '../../services/alerts/search-box.ts';
import { enqueueDueAlerts, sendSavedSearchAlert } from '../../services/alerts/send-alert.ts';
import { deriveAlertUnsubscribeKey } from '../../services/alerts/unsubscribe-token.ts';
import {
  ALERT_DAILY_JOB,
  ALERT_INDEX_JOB,
  ALERT_MATCH_BATCH,
  ALERT_MATCH_JOB,
  ALERT_SEND_JOB,
  ALERT_WEEKLY_JOB,
} from '../../services/jobs/alert-jobs.ts';
import { atBangkokTime } from '../../services/jobs/runner.ts';
import { PRICE_DROP_JOB } from '../../services/properties/price-history.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the saved-search alerts' one-click unsubscribe tokens. */
    alertUnsubscribeKey: Buffer;
  }
}

/**
 * Saved-search alerts (docs/api.md "Buyers"): a listing that goes live is matched against the saved searches
 * (`alerts.match`, queued by the change that made it live); an instant search is mailed at once, daily ones at
 * 08:00 Bangkok (`alerts.daily`) and weekly ones on Monday 08:00 Bangkok (`alerts.weekly`), one `alerts.send`
 * job per saved search.
 */
export default fp(
  async (app) => {
    // The same secret as the access tokens (plugins/app/auth.ts), with a key derived for this purpose only.
    const secret = app.config.jwtSecret ?? persistentSecret(path.join(app.config.dataDir, 'secrets'), 'jwt-secret');
    const unsubscribeKey = deriveAlertUnsubscribeKey(secret);
    app.decorate('alertUnsubscribeKey', unsubscribeKey);
    const deps = {
      db: app.db,
      mailer: app.mailer,
      storage: app.storage,
      publicUrl: app.config.publicUrl,
      unsubscribeKey,
    };

    app.jobs.register(ALERT_MATCH_JOB, async (payload, { log }) => {
      const liveAt = typeof payload.liveAt === 'string' ? new Date(payload.liveAt) : undefined;
      // An import's batch of listings (queueListingsAlerts), matched together.
      if (Array.isArray(payload.listingIds)) {
        const ids = payload.listingIds.slice(0, ALERT_MATCH_BATCH).map(Number).filter(Number.isInteger);
        const { matched, added } = await matchListings(app.db, ids, { liveAt, now: app.clock.now() });
        if (added > 0) app.jobs.nudge();
        log.info({ listings: ids.length, matched, added }, 'listings matched against saved searches');
        return;
      }
      const listingId = Number(payload.listingId);
      const { matched, added } = await matchListing(app.db, listingId, { liveAt, now: app.clock.now() });
      if (added.length > 0) app.jobs.nudge();
      log.info({ listingId, matched: matched.length, added: added.length }, 'listing matched against saved searches');
    });
    app.jobs.register(ALERT_SEND_JOB, async (payload, { log }) => {
      const savedSearchId = Number(payload.savedSearchId);
      const sent = await sendSavedSearchAlert(deps, savedSearchId, app.clock.now());
      if (sent) {
        app.jobs.nudge();
        log.info({ savedSearchId }, 'saved search alert queued for mailing');
      }
    });
    // A price cut (ADR 028), queued by the edit that made it: mailed at once to the searches asking for price drops.
    app.jobs.register(PRICE_DROP_JOB, async (payload, { log }) => {
      const listingPriceId = Number(payload.listingPriceId);
      const queued = await sendPriceDropAlerts(deps, listingPriceId, app.clock.now());
      if (queued > 0) app.jobs.nudge();
      log.info({ listingPriceId, mails: queued }, 'price drop matched against saved searches');
    });
    // Saved searches stored before their constraints were (migration 0037, ADR 042): indexed at start and every hour
    // (a no-op once none is left); until then each is a candidate for every listing, so none is ever missed.
    app.jobs.register(ALERT_INDEX_JOB, async (_payload, { log }) => {
      const indexed = await indexSavedSearches(app.db);
      if (indexed > 0) log.info({ searches: indexed }, 'saved searches indexed for alert matching');
    });
    app.jobs.schedule({
      name: ALERT_INDEX_JOB,
      kind: ALERT_INDEX_JOB,
      next: (from) => new Date(from.getTime() + 3_600_000),
      runAtStart: true,
    });
    for (const [name, frequency, next] of [
      [ALERT_DAILY_JOB, 'daily', atBangkokTime(8, 0)],
      [ALERT_WEEKLY_JOB, 'weekly', atBangkokTime(8, 0, 1)],
    ] as const) {
      app.jobs.register(name, async (_payload, { log }) => {
        const queued = await enqueueDueAlerts(app.db, frequency, app.clock.now());
        if (queued > 0) app.jobs.nudge();
        log.info({ frequency, searches: queued }, 'saved search alerts queued');
      });
      app.jobs.schedule({ name, kind: name, next });
    }
  },
  { name: 'alerts', dependencies: ['config', 'db', 'clock', 'jobs', 'mail', 'storage'] },
);
