import path from 'node:path';
import fp from 'fastify-plugin';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createS3Storage } from '../../storage/s3-storage.ts';
import type { Storage } from '../../storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Decorates the app with file storage: S3-compatible when S3_BUCKET is set, else local disk under DATA_DIR/uploads. */
export default fp<{ storage?: Storage }>(
  async (app, opts) => {
    const { s3, dataDir } = app.config;
    const storage = opts.storage ?? (s3 ? createS3Storage(s3) : createLocalStorage(path.join(dataDir, 'uploads')));
    app.log.info({ kind: storage.kind }, 'storage ready');
    app.decorate('storage', storage);
  },
  { name: 'storage', dependencies: ['config'] },
);
