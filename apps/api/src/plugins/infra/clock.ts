import fp from 'fastify-plugin';
import { type Clock, systemClock } from '../../lib/clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's time source; tests replace `now` to move time. */
    clock: Clock;
  }
}

export default fp<{ clock?: Clock }>(
  async (app, opts) => {
    // A copy, so a test that replaces `now` on one app never moves another app's time.
    app.decorate('clock', { now: opts.clock?.now ?? systemClock.now });
  },
  { name: 'clock' },
);
