import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import compress from '@fastify/compress';
import Fastify, {
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { serializeError, serializeRequest } from './lib/log-errors.ts';
import alertsPlugin from './plugins/app/alerts.ts';
import authPlugin from './plugins/app/auth.ts';
import importsPlugin from './plugins/app/imports.ts';
import marketPlugin from './plugins/app/market.ts';
import ownerPerksPlugin from './plugins/app/owner-perks.ts';
import paymentsPlugin from './plugins/app/payments.ts';
import privacyPlugin from './plugins/app/privacy.ts';
import reportsPlugin from './plugins/app/reports.ts';
import uploadsPlugin from './plugins/app/uploads.ts';
import webPlugin from './plugins/app/web.ts';
import clockPlugin from './plugins/infra/clock.ts';
import configPlugin from './plugins/infra/config.ts';
import conversationEventsPlugin from './plugins/infra/conversation-events.ts';
import dbPlugin from './plugins/infra/db.ts';
import dbMaintenancePlugin from './plugins/infra/db-maintenance.ts';
import errorsPlugin, { frameworkErrors } from './plugins/infra/errors.ts';
import inputPolicyPlugin from './plugins/infra/input-policy.ts';
import jobsPlugin from './plugins/infra/jobs.ts';
import listingCachePlugin from './plugins/infra/listing-cache.ts';
import mailPlugin from './plugins/infra/mail.ts';
import metricsPlugin from './plugins/infra/metrics.ts';
import passwordsPlugin from './plugins/infra/passwords.ts';
import rateLimitPlugin from './plugins/infra/rate-limit.ts';
import routeSchemasPlugin from './plugins/infra/route-schemas.ts';
import securityHeadersPlugin from './plugins/infra/security-headers.ts';
import slowClientsPlugin from './plugins/infra/slow-clients.ts';
import smsPlugin from './plugins/infra/sms.ts';
import storagePlugin from './plugins/infra/storage.ts';
import accountRoutes from './routes/accounts/index.ts';
import adminRoutes from './routes/admin/index.ts';
import adminJobRoutes from './routes/admin-jobs/index.ts';
import adminPaymentRoutes from './routes/admin-payments/index.ts';
import agencyRoutes from './routes/agencies/index.ts';
import agentRoutes from './routes/agents/index.ts';
import contactRoutes from './routes/contact/index.ts';
import conversationRoutes from './routes/conversations/index.ts';
import docsRoutes from './routes/docs/index.ts';
import favoriteRoutes from './routes/favorites/index.ts';
import healthRoutes from './routes/health/index.ts';
import importRoutes from './routes/imports/index.ts';
import locationRoutes from './routes/locations/index.ts';
import metricsRoutes from './routes/metrics/index.ts';
import newsletterRoutes from './routes/newsletter/index.ts';
import paymentRoutes from './routes/payments/index.ts';
import phoneRoutes from './routes/phone/index.ts';
import privacyRoutes from './routes/privacy/index.ts';
import projectRoutes from './routes/projects/index.ts';
import propertiesRoutes from './routes/properties/index.ts';
import propertyWriteRoutes from './routes/properties/write.ts';
import savedSearchRoutes from './routes/saved-searches/index.ts';
import searchRoutes from './routes/search/index.ts';
import seoRoutes from './routes/seo/index.ts';
import settingsRoutes from './routes/settings/index.ts';
import statsRoutes from './routes/stats/index.ts';
import transitRoutes from './routes/transit/index.ts';
import uploadRoutes from './routes/uploads/index.ts';
import verificationRoutes from './routes/verifications/index.ts';
import viewingRoutes from './routes/viewings/index.ts';
import { bootstrapAdmin } from './services/accounts/ensure-admin.ts';
import { ensurePackageTiers } from './services/packages/package-tiers.ts';
import { backfillListingPlaces } from './services/properties/backfill-places.ts';
import { seedDemo } from './services/seed/seed-demo.ts';
import { backfillNearestStations } from './services/transit/backfill-stations.ts';
import type { Storage } from './storage/storage.ts';

export type AppOptions = {
  config: Config;
  /** An open database to use instead of opening one from the config (tests). */
  database?: Database;
  /** File storage to use instead of the configured one (tests). */
  storage?: Storage;
  /** Time source (tests move it); the system clock otherwise. */
  clock?: Clock;
  /** Where log lines go instead of stdout (tests capture them). */
  logStream?: DestinationStream;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A hop count becomes "trust the first n addresses counted from the socket" (proxy-addr's index):
 * Fastify itself treats a number as "trust nothing". It assumes clients cannot bypass the proxies;
 * a list of proxy addresses (also accepted) does not.
 */
function proxyTrust(setting: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'number') return setting === 0 ? false : (_address: string, hop: number) => hop < setting;
  return setting;
}

/** Fastify's own options: logging with request ids, body limit, proxy trust. */
export function serverOptions(config: Config, logStream?: DestinationStream): FastifyHttpOptions<Server> {
  return {
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-device-token"]',
          'req.headers["x-challenge-solution"]',
          'res.headers["x-device-token"]',
          '*.password',
          '*.password_confirmation',
          '*.current_password',
          '*.new_password',
          '*.new_password_confirmation',
          '*.verification_token',
          '*.otp',
          '*.card_number',
          '*.cvc',
          '*.token',
        ],
        censor: '[redacted]',
      },
      // Database errors otherwise carry every query parameter; a link's token is dropped from the URL (lib/log-errors.ts).
      serializers: { err: serializeError as never, req: serializeRequest as never },
    },
    // Honour a caller's id when it is sane (a load balancer's), otherwise make one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: config.bodyLimit,
    // Creating and migrating a new PGlite database can take a while on a busy, small machine,
    // and the demo seed draws its photos in an onReady hook.
    pluginTimeout: 120_000,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default).
    trustProxy: proxyTrust(config.trustProxy),
    // Slow or stalled clients cannot hold sockets for long (config.ts, HttpTimeouts).
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      // Node checks header and request deadlines on this interval (30 s by default).
      connectionsCheckingInterval: Math.min(5_000, config.timeouts.headersMs),
    },
    routerOptions: { ignoreTrailingSlash: true },
    // A badly encoded or overlong path answers the envelope too.
    frameworkErrors,
  };
}

/** The whole application as one plugin: infrastructure first, then the /api routes, then the SPA. */
const app: FastifyPluginAsync<AppOptions> = async (fastify, opts) => {
  await fastify.register(configPlugin, { config: opts.config });
  await fastify.register(clockPlugin, { clock: opts.clock });
  // First, so its timing hook sees every route (it measures nothing unless METRICS_TOKEN is set).
  await fastify.register(metricsPlugin);
  await fastify.register(slowClientsPlugin);
  await fastify.register(securityHeadersPlugin);
  // JSON and HTML answers over 1 KB are compressed; images and pre-compressed files are left alone.
  await fastify.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await fastify.register(errorsPlugin);
  await fastify.register(inputPolicyPlugin);
  await fastify.register(dbPlugin, { database: opts.database });
  await fastify.register(storagePlugin, { storage: opts.storage });
  await fastify.register(jobsPlugin);
  await fastify.register(dbMaintenancePlugin);
  await fastify.register(listingCachePlugin);
  await fastify.register(conversationEventsPlugin);
  await fastify.register(uploadsPlugin);
  await fastify.register(uploadRoutes);
  await fastify.register(passwordsPlugin);
  await fastify.register(authPlugin);
  await fastify.register(rateLimitPlugin);
  await fastify.register(mailPlugin);
  await fastify.register(smsPlugin);
  await fastify.register(paymentsPlugin);
  await fastify.register(reportsPlugin);
  await fastify.register(ownerPerksPlugin);
  await fastify.register(marketPlugin);
  await fastify.register(alertsPlugin);
  await fastify.register(importsPlugin);
  await fastify.register(privacyPlugin);
  // Before the /api routes, so it sees each of them (input checks, answers checked in tests, the OpenAPI document).
  await fastify.register(routeSchemasPlugin);

  await fastify.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(newsletterRoutes);
      await api.register(accountRoutes);
      await api.register(phoneRoutes);
      await api.register(propertiesRoutes);
      await api.register(propertyWriteRoutes);
      await api.register(importRoutes);
      await api.register(projectRoutes);
      await api.register(agentRoutes);
      await api.register(agencyRoutes);
      await api.register(verificationRoutes);
      await api.register(viewingRoutes);
      await api.register(locationRoutes);
      await api.register(transitRoutes);
      await api.register(searchRoutes);
      await api.register(paymentRoutes);
      await api.register(adminPaymentRoutes);
      await api.register(adminRoutes);
      await api.register(adminJobRoutes);
      await api.register(contactRoutes);
      await api.register(conversationRoutes);
      await api.register(statsRoutes);
      await api.register(favoriteRoutes);
      await api.register(savedSearchRoutes);
      await api.register(privacyRoutes);
      await api.register(settingsRoutes);
      await api.register(docsRoutes);
    },
    { prefix: '/api' },
  );

  // GET /metrics for Prometheus (only with METRICS_TOKEN), outside /api.
  await fastify.register(metricsRoutes);
  await fastify.register(webPlugin);
  await fastify.register(seoRoutes);

  fastify.addHook('onReady', async () => {
    await bootstrapAdmin(fastify.db, fastify.log, opts.config, {
      passwords: fastify.passwords,
      now: fastify.clock.now(),
    });
  });
  // Every deployment sells the three tiers from its first start, demo data or not.
  fastify.addHook('onReady', async () => {
    await ensurePackageTiers(fastify.db);
  });
  // Listings stored before they kept their nearest station get one (idempotent, in batches; services/transit), in
  // the background: a first start over many older listings must not keep the server from answering.
  fastify.addHook('onReady', async () => {
    void backfillNearestStations(fastify.db).then(
      (given) => {
        if (given > 0) fastify.log.info({ listings: given }, 'nearest stations backfilled');
      },
      (err: unknown) => fastify.log.warn({ err }, 'nearest-station backfill stopped; the next start continues it'),
    );
    // The same for the district and province a listing's location names (services/properties/backfill-places.ts).
    void backfillListingPlaces(fastify.db).then(
      (given) => {
        if (given > 0) fastify.log.info({ listings: given }, 'listing districts and provinces backfilled');
      },
      (err: unknown) => fastify.log.warn({ err }, 'listing place backfill stopped; the next start continues it'),
    );
  });
  if (opts.config.seedDemo) {
    fastify.addHook('onReady', async () => {
      await seedDemo(fastify.db, fastify.log, fastify.storage);
    });
  }
};

export default app;

/** Builds a ready-to-listen (or ready-to-inject) app. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const fastify = Fastify(serverOptions(opts.config, opts.logStream));
  // fastify-plugin keeps the app's decorators (db, config) visible to the caller and its tests.
  await fastify.register(fp(app, { name: 'baan' }), opts);
  return fastify;
}
