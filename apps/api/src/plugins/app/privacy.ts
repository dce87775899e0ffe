import fp from 'fastify-plugin';
import { DELETE_FILES_JOB } from '../../services/privacy/delete-account.ts';

/**
 * Account deletion's file clean-up (ADR 023): the photos, avatar and receipts of a deleted account, removed by a
 * durable job queued in the deletion's transaction, so a crash or a storage failure only delays it (retried).
 */
export default fp(
  async (app) => {
    app.jobs.register(DELETE_FILES_JOB, async (payload, { log }) => {
      const keys = Array.isArray(payload.keys) ? payload.keys.filter((k): k is string => typeof k === 'string') : [];
      await app.storage.delete(keys);
      log.info({ files: keys.length }, 'removed the files of a deleted account');
    });
  },
  { name: 'privacy', dependencies: ['storage', 'jobs'] },
);
