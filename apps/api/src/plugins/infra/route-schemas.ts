import type { OpenApiDocument } from '@baan/contract';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiRoute, buildOpenApiDocument, type RouteAccess } from '../../lib/openapi.ts';
import { declaredResponse, declaresZod, inputCheck, responseProblem } from '../../lib/route-schemas.ts';
import { VERSION } from '../../version.ts';

/**
 * Fastify checks a schema before the preHandler hooks, that is before authentication: the
 * contract's checks run as each route's last preHandler instead (lib/route-schemas.ts inputCheck),
 * so a caller without a token gets the 401 and learns nothing about the input.
 */
const acceptAsSent: FastifySchemaCompiler<unknown> = () => () => true;
/** Answers go out as JSON.stringify makes them; responseCheck below compares them with their schema. */
const toJson = () => (data: unknown) => JSON.stringify(data);

const DESCRIPTION =
  'Baan, a property marketplace. Answers are the envelope {success: true, message?, payload} or {success: false, message, errors?, code?} (this document and its page aside).';

function asList(hooks: unknown): unknown[] {
  if (Array.isArray(hooks)) return hooks;
  return hooks === undefined || hooks === null ? [] : [hooks];
}

const mediaType = (reply: FastifyReply) =>
  String(reply.getHeader('content-type') ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() ?? '';

const matches = (declared: string, actual: string) =>
  declared === actual || (declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1)));

/**
 * Every /api route declares its params, body, query and responses with the contract's zod schemas
 * (docs/decisions/015-route-schemas-and-openapi.md):
 * - the declared input is parsed after the route's own preHandlers, with the envelope and wording
 *   of lib/validate.ts (the route's `config.input`), and the handler gets the parsed values;
 * - outside production, every 2xx answer of a route with declared responses is compared with the
 *   schema for its status and fails with a 500 when it does not match it (or declares no such
 *   status), so the API tests check every answer; production skips that work;
 * - `app.apiDocument()` is the OpenAPI 3.1 document of every /api route (GET /api/openapi.json).
 */
export default fp(
  async (app) => {
    const routes: ApiRoute[] = [];

    const access = (route: { url: string; onRequest?: unknown; preValidation?: unknown; preHandler?: unknown }) => {
      const hooks = [...asList(route.onRequest), ...asList(route.preValidation), ...asList(route.preHandler)];
      // Every /api/admin route is guarded once for its whole subtree (routes/admin, routes/admin-payments).
      if (route.url.startsWith('/api/admin/') || hooks.includes(app.requireAdmin)) return 'admin';
      return hooks.includes(app.authenticate) ? 'user' : 'public';
    };

    app.addHook('onRoute', (route) => {
      const methods = asList(route.method) as string[];
      if (route.url.startsWith('/api/') && !methods.includes('HEAD')) {
        const kind: RouteAccess = access(route);
        for (const method of methods) routes.push({ method, url: route.url, schema: route.schema, access: kind });
      }
      if (!declaresZod(route.schema)) return;
      route.validatorCompiler = acceptAsSent;
      route.serializerCompiler = toJson;
      const check = inputCheck(route.schema, route.config?.input);
      if (check) route.preHandler = [...asList(route.preHandler), check] as typeof route.preHandler;
    });

    if (!app.config.isProduction) {
      app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const route = request.routeOptions;
        const status = reply.statusCode;
        if (status >= 300 || !route.url?.startsWith('/api/') || !declaresZod(route.schema)) return payload;
        const where = `${request.method} ${route.url} answered ${status}`;
        const declared = declaredResponse(route.schema?.response as Record<string, unknown> | undefined, status);
        if (!declared) throw new Error(`${where}, a status its schema.response does not declare`);
        const type = mediaType(reply);
        if ('media' in declared) {
          if (!declared.media.some((m) => matches(m, type))) throw new Error(`${where} as ${type}, not declared`);
          return payload;
        }
        if (type !== 'application/json') throw new Error(`${where} as ${type || 'no content type'}, not as JSON`);
        // A compressed or streamed answer is not read again; the tests ask for neither.
        if (typeof payload !== 'string') return payload;
        const problem = responseProblem(declared.json, JSON.parse(payload));
        if (problem) throw new Error(`${where} with a payload its response schema refuses:\n${problem}`);
        return payload;
      });
    }

    let document: OpenApiDocument | undefined;
    app.decorate('apiDocument', () => {
      document ??= buildOpenApiDocument(routes, { title: 'Baan API', version: VERSION, description: DESCRIPTION });
      return document;
    });
  },
  { name: 'route-schemas', dependencies: ['config', 'auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI 3.1 document of every /api route, made once from their schemas (after the app is ready). */
    apiDocument: () => OpenApiDocument;
  }
}
