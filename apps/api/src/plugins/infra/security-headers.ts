import fp from 'fastify-plugin';
import helmet from 'helmet';
import { tileOrigin } from '../../config.ts';

type Directives = Record<string, string[]>;

/** A Content-Security-Policy header value from its directives. */
function policyText(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '))
    .join(';');
}

/**
 * Helmet's security headers (a strict Content-Security-Policy and the rest) on every answer, plus
 * the request id. The helmet middleware is built once here; @fastify/helmet built it again for
 * every request, re-parsing the policy each time, which was a measurable share of a cached
 * listing page's cost (docs/benchmarks.md).
 */
export default fp(
  async (app) => {
    // Stripe.js (card fields in Stripe's own frames) is allowed only when Stripe takes the cards.
    const stripe = app.config.payments.stripe ? ['https://js.stripe.com'] : [];
    const directives: Directives = {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...stripe],
      ...(stripe.length ? { frameSrc: [...stripe, 'https://hooks.stripe.com'] } : {}),
      styleSrc: ["'self'", "'unsafe-inline'"],
      // The maps' tiles come from MAP_TILE_URL's origin (OpenStreetMap by default).
      imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(app.config.mapTileUrl)],
      connectSrc: ["'self'", ...(stripe.length ? ['https://api.stripe.com'] : [])],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    };
    const applyHelmet = helmet({
      contentSecurityPolicy: { directives: { ...directives, upgradeInsecureRequests: null } },
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      applyHelmet(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
    });
    app.decorate('contentSecurityPolicy', (scriptHashes: readonly string[]) =>
      policyText({ ...directives, scriptSrc: [...(directives.scriptSrc ?? []), ...scriptHashes.map((h) => `'${h}'`)] }),
    );
  },
  { name: 'security-headers', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The policy with these inline scripts allowed by hash (`sha256-…`): a server-rendered page's own scripts. */
    contentSecurityPolicy: (scriptHashes: readonly string[]) => string;
  }
}
