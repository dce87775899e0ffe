import { monitorEventLoopDelay } from 'node:perf_hooks';
import fp from 'fastify-plugin';
import { Histogram, metricFamily } from '../../lib/prometheus.ts';

export type Metrics = {
  /** Every metric in Prometheus's text format (GET /metrics serves it). */
  render(): Promise<string>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Present only when METRICS_TOKEN is set: nothing is measured otherwise. */
    metrics?: Metrics;
  }
}

/** Seconds: from a fast cached read to a slow photo upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** How long a scrape waits for the job counts (a database query) before leaving them out. */
const JOB_COUNTS_TIMEOUT_MS = 2_000;

/** The route label of requests no route matched: pages (rendered by the web app's catch-all) and unknown paths. */
export const UNMATCHED_ROUTE = '*';

type JobCounts = { queued: number; running: number; dead: number };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Prometheus metrics for GET /metrics (routes/metrics), collected only when METRICS_TOKEN is set:
 * request durations by route pattern (never the raw URL, so ids and queries add no series), method
 * and status; event-loop delay; listing-cache hits and misses; the job queue when the job runner
 * reports counts; memory and uptime.
 */
export default fp(
  async (app) => {
    if (!app.config.metricsToken) return;

    const durations = new Histogram(
      'baan_http_request_duration_seconds',
      'Time from receiving a request to sending its answer, by route pattern, method and status code.',
      DURATION_BUCKETS,
    );
    app.addHook('onResponse', (request, reply, done) => {
      durations.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    // Event-loop delay since the previous scrape (reset after each), sampled every 10 ms.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    app.addHook('onClose', async () => loop.disable());

    const jobCounts = async (): Promise<JobCounts | undefined> => {
      try {
        return await withTimeout(app.jobs.counts(), JOB_COUNTS_TIMEOUT_MS);
      } catch (err) {
        app.log.warn({ err }, 'metrics: job counts unavailable');
        return undefined;
      }
    };

    const render = async (): Promise<string> => {
      const parts = [durations.render()];

      const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
      const lag = [
        ['nodejs_eventloop_lag_mean_seconds', 'Mean event-loop delay since the previous scrape.', loop.mean],
        ['nodejs_eventloop_lag_p50_seconds', 'Median event-loop delay since the previous scrape.', loop.percentile(50)],
        [
          'nodejs_eventloop_lag_p99_seconds',
          '99th percentile event-loop delay since the previous scrape.',
          loop.percentile(99),
        ],
        ['nodejs_eventloop_lag_max_seconds', 'Longest event-loop delay since the previous scrape.', loop.max],
      ] as const;
      for (const [name, help, ns] of lag) parts.push(metricFamily(name, 'gauge', help, [{ value: seconds(ns) }]));
      loop.reset();

      const cache = app.listingCache.stats();
      if (cache) {
        parts.push(
          metricFamily('baan_listing_cache_hits_total', 'counter', 'Listing reads answered from the read cache.', [
            { value: cache.hits },
          ]),
          metricFamily(
            'baan_listing_cache_misses_total',
            'counter',
            'Listing reads that had to load (hit ratio: hits / (hits + misses)).',
            [{ value: cache.misses }],
          ),
        );
        if (cache.size !== undefined)
          parts.push(
            metricFamily('baan_listing_cache_entries', 'gauge', 'Entries in this process’s listing read cache.', [
              { value: cache.size },
            ]),
          );
      }
      parts.push(
        metricFamily(
          'baan_page_cache_bytes',
          'gauge',
          'Bytes (about) of rendered pages kept in this process’s read cache (PAGE_CACHE_MAX_MB).',
          [{ value: cache.pageBytes }],
        ),
      );
      if (app.hasDecorator('pageRenderStats')) {
        const renders = app.pageRenderStats();
        parts.push(
          metricFamily(
            'baan_page_renders_total',
            'counter',
            'Pages rendered because the page cache did not have them.',
            [{ value: renders.rendered }],
          ),
          metricFamily(
            'baan_page_renders_refused_total',
            'counter',
            'Page renders refused with 429: one network over its share while this node was busy.',
            [{ value: renders.refused }],
          ),
          metricFamily(
            'baan_page_renders_abandoned_total',
            'counter',
            'Page renders stopped because their client had gone.',
            [{ value: renders.abandoned }],
          ),
          metricFamily('baan_page_renders_in_progress', 'gauge', 'Page renders that missed the cache, running now.', [
            { value: renders.inProgress },
          ]),
        );
      }

      const jobs = await jobCounts();
      if (jobs) {
        parts.push(
          metricFamily('baan_jobs_queued', 'gauge', 'Background jobs waiting to run (all nodes).', [
            { value: jobs.queued },
          ]),
          metricFamily('baan_jobs_running', 'gauge', 'Background jobs being run (all nodes).', [
            { value: jobs.running },
          ]),
          metricFamily('baan_jobs_failed', 'gauge', 'Background jobs that failed every attempt (dead, all nodes).', [
            { value: jobs.dead },
          ]),
        );
      }

      const memory = process.memoryUsage();
      parts.push(
        metricFamily('process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.', [
          { value: memory.rss },
        ]),
        metricFamily('nodejs_heap_size_used_bytes', 'gauge', 'V8 heap in use, in bytes.', [{ value: memory.heapUsed }]),
        metricFamily('process_uptime_seconds', 'gauge', 'Seconds since this process started.', [
          { value: Math.round(process.uptime()) },
        ]),
      );
      return parts.join('');
    };

    app.decorate('metrics', { render } satisfies Metrics);
  },
  { name: 'metrics', dependencies: ['config'] },
);
