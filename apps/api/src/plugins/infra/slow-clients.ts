import fp from 'fastify-plugin';

/**
 * Drops clients that send a request body slower than config.timeouts.minBodyBytesPerSecond on
 * average (after a grace period). Node's own timeouts stop a silent socket and a request that takes
 * longer than requestMs in all, but a client trickling one byte every few seconds would otherwise
 * hold its socket (and its upload's temporary file) for the whole requestMs.
 *
 * It reads the socket's byte counter on a timer and never touches the body stream itself, so the
 * body parsers see exactly what they would without it.
 */
export default fp(
  async (app) => {
    const { minBodyBytesPerSecond: rate, minBodyRateGraceMs: grace } = app.config.timeouts;
    if (rate <= 0) return;
    const checkEveryMs = Math.max(250, Math.min(5_000, Math.floor(grace / 4)));

    app.addHook('onRequest', async (request) => {
      const raw = request.raw;
      const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
      if (!hasBody || raw.complete) return;
      const socket = raw.socket;
      const startBytes = socket.bytesRead;
      const started = Date.now();
      const timer = setInterval(() => {
        if (raw.complete || socket.destroyed) {
          clearInterval(timer);
          return;
        }
        const elapsed = Date.now() - started;
        if (elapsed < grace) return;
        const received = socket.bytesRead - startBytes;
        if (received < (rate * elapsed) / 1000) {
          clearInterval(timer);
          request.log.info({ received, elapsedMs: elapsed }, 'request body too slow; closing the connection');
          socket.destroy();
        }
      }, checkEveryMs);
      timer.unref();
      const stop = () => clearInterval(timer);
      raw.once('end', stop);
      raw.once('close', stop);
    });
  },
  { name: 'slow-clients', dependencies: ['config'] },
);
