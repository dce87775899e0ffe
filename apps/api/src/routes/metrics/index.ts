import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { PROMETHEUS_CONTENT_TYPE } from '../../lib/prometheus.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics (outside /api) for a Prometheus scraper: only when METRICS_TOKEN is set, and only
 * with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Without a token the path is not a
 * route at all, so it answers 404 like any unknown path.
 */
const metricsRoutes: FastifyPluginAsync = async (app) => {
  const token = app.config.metricsToken;
  const metrics = app.metrics;
  if (!token || !metrics) return;
  // Compared as SHA-256 digests: equal lengths for timingSafeEqual, and no early exit on a prefix.
  const expected = digest(token);
  const authorized = (header: string | undefined): boolean => {
    const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1];
    return timingSafeEqual(digest(given ?? ''), expected) && given !== undefined;
  };

  app.get('/metrics', async (request, reply) => {
    if (!authorized(request.headers.authorization))
      throw new HttpError(401, 'A valid metrics token is required.', undefined, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    reply.header('Cache-Control', 'no-store').type(PROMETHEUS_CONTENT_TYPE);
    return metrics.render();
  });
};

export default metricsRoutes;
