import { AUTH_MESSAGES } from '@baan/contract';
import fp from 'fastify-plugin';
import { createBoundedQueue, QueueFullError, type QueueTicket } from '../../lib/bounded-queue.ts';
import { HttpError } from '../../lib/errors.ts';
import { decoyHash, hashPassword, type Passwords, verifyPassword } from '../../lib/password.ts';

/**
 * One scrypt at a time. Each takes 128 MiB and a whole core for a few hundred milliseconds on
 * libuv's threadpool (4 threads), which static files, uploads and every fs call share: with the
 * hashing held to one thread, the other three keep serving files however many logins arrive.
 */
export const HASH_CONCURRENCY = 1;
/**
 * Logins waiting for that thread; a full line answers 503 at once (about 2-3 s of hashing at N = 2^17).
 * The line is fair (ADR 019): one waiting hash per client network and per account, and a login from a
 * network the account logged in from waits ahead and takes the place of another's when it is full.
 * A request answered 503 counts against no rate limit (plugins/infra/rate-limit.ts).
 */
export const HASH_MAX_WAITING = 8;

declare module 'fastify' {
  interface FastifyInstance {
    passwords: Passwords;
  }
}

function busy(err: QueueFullError): HttpError {
  return new HttpError(503, AUTH_MESSAGES.busy, undefined, { 'Retry-After': String(err.retryAfterSeconds) });
}

/** Password hashing and checking for every caller (login, sign-up, reset, change, admin bootstrap). */
export default fp(
  async (app) => {
    const { scryptLogN } = app.config;
    const queue = createBoundedQueue({ concurrency: HASH_CONCURRENCY, maxWaiting: HASH_MAX_WAITING });
    // One log line per 10 s at most: a flood must not turn into a flood of log lines.
    let refused = 0;
    let loggedAt = 0;
    const inLine = async <T>(task: () => Promise<T>, ticket: QueueTicket | undefined): Promise<T> => {
      try {
        return await queue.run(task, ticket);
      } catch (err) {
        if (!(err instanceof QueueFullError)) throw err;
        refused += 1;
        if (Date.now() - loggedAt >= 10_000) {
          app.log.warn({ refused, waiting: queue.waiting }, 'password hashing busy: requests refused');
          loggedAt = Date.now();
          refused = 0;
        }
        throw busy(err);
      }
    };
    app.decorate('passwords', {
      hash: (password, ticket) => inLine(() => hashPassword(password, scryptLogN), ticket),
      verify: (password, stored, ticket) => inLine(() => verifyPassword(password, stored), ticket),
      decoy: decoyHash(scryptLogN),
      queue,
    } satisfies Passwords);
  },
  { name: 'passwords', dependencies: ['config'] },
);
