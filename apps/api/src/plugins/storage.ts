import path from 'node:path';
import fp from 'fastify-plugin';
import { createLocalStorage } from '../storage/local-storage.ts';
import type { Storage } from '../storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Decorates the app with file storage: local disk under DATA_DIR/uploads. */
export default fp<{ storage?: Storage }>(
  async (app, opts) => {
    app.decorate('storage', opts.storage ?? createLocalStorage(path.join(app.config.dataDir, 'uploads')));
  },
  { name: 'storage', dependencies: ['config'] },
);
