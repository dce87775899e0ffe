import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { sweepOrphanPhotos } from '../services/properties/sweep-orphan-photos.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where multipart files are streamed before they are checked and converted. */
    uploadTmpDir: string;
  }
}

/**
 * The clean-up that makes a crash during an upload harmless: files half-received when the process
 * died are wiped at start, and photo files no listing refers to are swept once it is ready.
 */
export default fp(
  async (app) => {
    const tmp = path.join(app.config.dataDir, 'tmp', 'uploads');
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    app.decorate('uploadTmpDir', tmp);
    app.addHook('onReady', async () => {
      // In the background: a slow bucket listing must not delay start-up.
      sweepOrphanPhotos(app.db, app.storage).then(
        (removed) => removed > 0 && app.log.info({ removed }, 'removed orphan photo files'),
        (err: unknown) => app.log.warn({ err }, 'orphan photo sweep failed'),
      );
    });
  },
  { name: 'uploads', dependencies: ['config', 'db', 'storage'] },
);
