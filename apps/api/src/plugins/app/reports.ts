import path from 'node:path';
import fp from 'fastify-plugin';
import { persistentSecret } from '../../lib/secrets.ts';
import { deleteOldVisits } from '../../services/jobs/cleanup.ts';
import { atBangkokTime } from '../../services/jobs/runner.ts';
import {
  enqueueWeeklyReports,
  OWNER_REPORT_JOB,
  sendOwnerReport,
  WEEKLY_REPORTS_JOB,
} from '../../services/reports/weekly-report.ts';
import { deleteOldSmsBudgetCounts } from '../../services/sms/sms-budget.ts';
import { bangkokMonday } from '../../services/stats/bangkok-day.ts';
import { deriveStatsKeys, type StatsKeys } from '../../services/stats/visitor.ts';

const VISITS_CLEANUP_JOB = 'stats.visits-cleanup';

declare module 'fastify' {
  interface FastifyInstance {
    /** Keys of the listing statistics: the visitor hash and the weekly report's unsubscribe links. */
    statsKeys: StatsKeys;
  }
}

/**
 * Listing statistics' background work (ADR 017): the weekly owner report (a schedule on Monday 08:00
 * Bangkok queues one job per owner; each mails once per owner and week) and the daily removal of
 * listing_visits rows that no longer count anything.
 */
export default fp(
  async (app) => {
    // The same secret as the access tokens (plugins/app/auth.ts), one derived key per purpose.
    const secret = app.config.jwtSecret ?? persistentSecret(path.join(app.config.dataDir, 'secrets'), 'jwt-secret');
    const keys = deriveStatsKeys(secret);
    app.decorate('statsKeys', keys);

    app.jobs.register(WEEKLY_REPORTS_JOB, async (_payload, { log }) => {
      const now = app.clock.now();
      const queued = await enqueueWeeklyReports(app.db, bangkokMonday(now), now);
      app.jobs.nudge();
      log.info({ owners: queued }, 'weekly reports queued');
    });
    app.jobs.register(OWNER_REPORT_JOB, async (payload, { log }) => {
      const userId = Number(payload.userId);
      const week = String(payload.week);
      const sent = await sendOwnerReport(
        { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, unsubscribeKey: keys.unsubscribe },
        userId,
        week,
      );
      if (sent) log.info({ userId, week }, 'weekly report queued for mailing');
    });
    app.jobs.schedule({ name: WEEKLY_REPORTS_JOB, kind: WEEKLY_REPORTS_JOB, next: atBangkokTime(8, 0, 1) });

    app.jobs.register(VISITS_CLEANUP_JOB, async (_payload, { log }) => {
      const removed = await deleteOldVisits(app.db, app.clock.now());
      if (removed > 0) log.info({ removed }, 'old listing visits removed');
      const counts = await deleteOldSmsBudgetCounts(app.db, app.clock.now());
      if (counts > 0) log.info({ removed: counts }, 'old SMS budget counts removed');
    });
    app.jobs.schedule({ name: VISITS_CLEANUP_JOB, kind: VISITS_CLEANUP_JOB, next: atBangkokTime(3, 40) });
  },
  { name: 'reports', dependencies: ['config', 'db', 'clock', 'jobs', 'mail'] },
);
