import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { sweepOrphanAvatars } from '../../services/accounts/sweep-orphan-avatars.ts';
import { every } from '../../services/jobs/runner.ts';
import { sweepOrphanReceipts } from '../../services/payments/sweep-orphan-receipts.ts';
import { sweepOrphanPhotos } from '../../services/properties/sweep-orphan-photos.ts';
import { UploadBudget } from '../../services/uploads/upload-budget.ts';

const PHOTO_SWEEP_JOB = 'photos.sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where multipart files are streamed before they are checked and converted. */
    uploadTmpDir: string;
    /** This node's limits on uploads in progress (per account, temporary bytes in all; config.uploads). */
    uploadBudget: UploadBudget;
  }
}

/**
 * The clean-up that makes a crash during an upload harmless: files half-received when the process
 * died are wiped at start, and stored files nothing refers to (listing photos, profile pictures,
 * PromptPay receipts) are swept by a scheduled job once they are an hour old.
 */
export default fp(
  async (app) => {
    const tmp = path.join(app.config.dataDir, 'tmp', 'uploads');
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    app.decorate('uploadTmpDir', tmp);
    app.decorate('uploadBudget', new UploadBudget(app.config.uploads));
    // A durable job on a schedule (once across nodes): at start, then every 6 hours.
    app.jobs.register(
      PHOTO_SWEEP_JOB,
      async (_payload, { log }) => {
        const now = app.clock.now();
        const removed = {
          photos: await sweepOrphanPhotos(app.db, app.storage, now),
          avatars: await sweepOrphanAvatars(app.db, app.storage, now),
          receipts: await sweepOrphanReceipts(app.db, app.storage, now),
        };
        if (removed.photos + removed.avatars + removed.receipts > 0) log.info({ removed }, 'removed orphan files');
      },
      { leaseMs: 30 * 60_000 },
    );
    app.jobs.schedule({ name: PHOTO_SWEEP_JOB, kind: PHOTO_SWEEP_JOB, next: every(6 * 60 * 60_000), runAtStart: true });
  },
  { name: 'uploads', dependencies: ['config', 'db', 'storage', 'clock', 'jobs'] },
);
