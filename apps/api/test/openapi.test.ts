import { OpenApiDocument, UserResponse } from '@baan/contract';
import Fastify, { type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Config } from '../src/config.ts';
import { unauthorized } from '../src/lib/errors.ts';
import { openApiPath } from '../src/lib/openapi.ts';
import { responseProblem, type ZodTypeProvider } from '../src/lib/route-schemas.ts';
import errorsPlugin from '../src/plugins/infra/errors.ts';
import routeSchemasPlugin from '../src/plugins/infra/route-schemas.ts';
import { build } from './helpers.ts';
import { registeredRoutes } from './support/routes.ts';

type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
};

const app = await build();
const res = await app.inject('/api/openapi.json');
const document = res.json() as OpenApiDocument & {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};
const operation = (method: string, url: string) => document.paths[openApiPath(url)]?.[method.toLowerCase()];
const component = (ref: unknown) =>
  typeof ref === 'string' ? document.components.schemas[ref.replace('#/components/schemas/', '')] : undefined;

describe('GET /api/openapi.json', () => {
  it('answers an OpenAPI 3.1 document', () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(OpenApiDocument.safeParse(document).success).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Baan API', version: expect.any(String) });
    expect(Object.keys(document.paths).length).toBeGreaterThan(30);
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
  });

  it('has every registered /api route, each declaring its success answers', () => {
    const routes = registeredRoutes(app, '/api');
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((route) => {
      const [method = '', url = ''] = route.split(' ');
      return !operation(method, url);
    });
    expect(missing, 'routes missing from the document').toEqual([]);
    const undeclared = routes.filter((route) => {
      const [method = '', url = ''] = route.split(' ');
      const responses = Object.entries(operation(method, url)?.responses ?? {});
      return !responses.some(([status, answer]) => /^2/.test(status) && Object.keys(answer.content ?? {}).length > 0);
    });
    expect(undeclared, 'routes whose schema.response declares no success answer with the contract').toEqual([]);
  });

  it('names each path parameter, once per operation, and gives each operation its own id', () => {
    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths)) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
      for (const op of Object.values(methods)) {
        const params = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(params.sort(), `${path} ${op.operationId}`).toEqual([...inPath].sort());
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        expect(op.responses.default?.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/ErrorEnvelope',
        });
      }
    }
  });

  it('resolves every reference to a component', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map(([, ref]) => ref);
    expect(refs.length).toBeGreaterThan(50);
    expect(refs.filter((ref) => component(ref) === undefined)).toEqual([]);
    expect(JSON.stringify(document)).not.toContain('~inline-');
  });

  it('describes requests with the contract schemas: bodies, forms, queries and parameters', () => {
    const register = operation('POST', '/api/register');
    expect(register?.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/RegisterRequest',
    });
    expect(register?.responses['201']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/UserResponse',
    });
    expect(component('RegisterRequest')).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['name', 'email', 'password', 'password_confirmation']),
    });

    const create = operation('POST', '/api/property');
    expect(create?.security).toEqual([{ bearerAuth: [] }]);
    expect(component(create?.requestBody?.content['multipart/form-data']?.schema.$ref)).toMatchObject({
      properties: { cover_image: { type: 'string', format: 'binary' } },
    });

    const search = operation('GET', '/api/properties');
    expect(search?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['q', 'type', 'min_price', 'sort', 'page', 'per_page']),
    );
    expect(search?.parameters?.find((p) => p.name === 'per_page')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 100 },
    });

    expect(operation('DELETE', '/api/property/:id')?.parameters).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'integer' }),
      }),
    ]);
    expect(operation('GET', '/api/admin/users')?.security).toEqual([{ bearerAuth: [] }]);
    expect(operation('GET', '/api/packages')?.security).toBeUndefined();
    expect(operation('GET', '/api/admin/messages.csv')?.responses['200']?.content).toHaveProperty(['text/csv']);
  });

  it('lists the PDPA routes (ADR 023) with their contract schemas, each needing a token', () => {
    const json = (op: Operation | undefined, status: string) =>
      op?.responses[status]?.content?.['application/json']?.schema;
    const routes: [string, string, string, string][] = [
      ['GET', '/api/user/consents', '200', 'ConsentsResponse'],
      ['PUT', '/api/user/consents/newsletter', '200', 'ConsentsResponse'],
      ['DELETE', '/api/user/consents/newsletter', '200', 'ConsentsResponse'],
      ['GET', '/api/user/data-export', '200', 'DataExportResponse'],
      ['POST', '/api/user/account/deletion', '202', 'AccountDeletionStartedResponse'],
      ['POST', '/api/user/account/deletion/confirm', '200', 'AccountDeletedResponse'],
      ['GET', '/api/admin/privacy-requests', '200', 'AdminPrivacyRequestPageResponse'],
    ];
    for (const [method, url, status, schema] of routes) {
      const op = operation(method, url);
      expect(op?.security, `${method} ${url}`).toEqual([{ bearerAuth: [] }]);
      expect(json(op, status), `${method} ${url}`).toEqual({ $ref: `#/components/schemas/${schema}` });
    }
    expect(operation('POST', '/api/user/account/deletion')?.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/AccountDeletionRequest',
    });
    expect(
      operation('POST', '/api/user/account/deletion/confirm')?.requestBody?.content['application/json']?.schema,
    ).toEqual({ $ref: '#/components/schemas/ConfirmAccountDeletionRequest' });
    expect(operation('GET', '/api/admin/privacy-requests')?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['type', 'status', 'page', 'per_page']),
    );
    expect(component('RegisterRequest')).toMatchObject({
      required: expect.arrayContaining(['accept_terms']),
      properties: { accept_terms: { const: true }, newsletter: { type: 'boolean' } },
    });
  });
});

describe('GET /api/docs', () => {
  it('renders the document as one page that needs nothing from elsewhere', async () => {
    const page = await app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.body).toMatch(/^<!doctype html>/);
    expect(page.body).not.toMatch(/<script|<link[^>]+stylesheet|https?:\/\/(?!json-schema\.org)/);
    for (const path of Object.keys(document.paths)) expect(page.body).toContain(`<code>${path}</code>`);
    expect(page.body).toContain('id="schema-UserResponse"');
    expect(page.body).toContain('<a href="#schema-User">');
  });
});

/** A small app with the plugin and routes of its own, to see what it does with a wrong answer. */
async function tinyApp(isProduction: boolean) {
  const tiny = Fastify();
  await tiny.register(
    fp(
      async (a) => {
        a.decorate('config', { isProduction } as Config);
      },
      { name: 'config' },
    ),
  );
  await tiny.register(
    fp(
      async (a) => {
        a.decorate('authenticate', async (request) => {
          if (request.headers.authorization !== 'Bearer ok') throw unauthorized();
        });
        a.decorate('requireAdmin', async () => {});
      },
      { name: 'auth' },
    ),
  );
  await tiny.register(errorsPlugin);
  await tiny.register(routeSchemasPlugin);
  const user = {
    id: 1,
    name: 'A',
    email: 'a@b.co',
    role: 'user' as const,
    company_name: null,
    profile_image: null,
    phone_number: null,
    phone_verified: 0 as const,
    line_id: null,
  };
  const subscription = { is_active: 0 as const, package_id: null, ends_at: null };
  await tiny.register(
    async (api) => {
      const r = api.withTypeProvider<ZodTypeProvider>();
      const response = { 200: UserResponse };
      r.get('/right', { schema: { response } }, async () => ({
        success: true as const,
        payload: { ...user, subscription },
      }));
      r.get('/extra', { schema: { response } }, async () => ({
        success: true as const,
        payload: { ...user, subscription, password_hash: 'x' },
      }));
      r.get(
        '/wrong',
        { schema: { response } },
        async () => ({ success: true as const, payload: { ...user } }) as never,
      );
      // A status the route does not declare (the types refuse it too).
      r.get('/created', { schema: { response } }, async (_request, reply) =>
        (reply as FastifyReply).code(201).send({ success: true, payload: { ...user, subscription } }),
      );
      r.post(
        '/things/:id',
        {
          preHandler: tiny.authenticate,
          schema: {
            params: z.object({ id: z.coerce.number().int().positive() }),
            body: z.object({ name: z.string({ error: 'Name is required.' }).min(1, 'Name is required.') }),
            response: { 200: z.object({ id: z.number(), name: z.string() }) },
          },
          config: { input: { notFound: 'Thing not found.', message: 'Please check the thing.' } },
        },
        async (request) => ({ id: request.params.id, name: request.body.name }),
      );
    },
    { prefix: '/api' },
  );
  await tiny.ready();
  return tiny;
}

describe('declared schemas on a route', () => {
  it('outside production, an answer that does not match its schema is a 500, not sent', async () => {
    const tiny = await tinyApp(false);
    expect((await tiny.inject('/api/right')).statusCode).toBe(200);
    for (const url of ['/api/extra', '/api/wrong', '/api/created']) {
      const answer = await tiny.inject(url);
      expect(answer.statusCode, url).toBe(500);
      expect(answer.json()).toEqual({ success: false, message: 'Something went wrong on our side. Please try again.' });
    }
    await tiny.close();
  });

  it('in production, answers are not checked', async () => {
    const tiny = await tinyApp(true);
    expect((await tiny.inject('/api/extra')).statusCode).toBe(200);
    await tiny.close();
  });

  it('checks input after authentication, with the route wording, and hands the handler the parsed values', async () => {
    const tiny = await tinyApp(false);
    const post = (url: string, payload: unknown, authorization?: string) =>
      tiny.inject({ method: 'POST', url, payload: payload as object, headers: authorization ? { authorization } : {} });
    expect((await post('/api/things/x', {})).statusCode).toBe(401);
    const notFound = await post('/api/things/x', { name: 'A' }, 'Bearer ok');
    expect([notFound.statusCode, notFound.json()]).toEqual([404, { success: false, message: 'Thing not found.' }]);
    const bad = await post('/api/things/7', {}, 'Bearer ok');
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { success: false, message: 'Please check the thing.', errors: { name: ['Name is required.'] } },
    ]);
    const good = await post('/api/things/7', { name: 'Lamp' }, 'Bearer ok');
    expect([good.statusCode, good.json()]).toEqual([200, { id: 7, name: 'Lamp' }]);
    await tiny.close();
  });

  it('names what does not match', () => {
    const schema = z.object({ a: z.object({ b: z.number() }), list: z.array(z.object({ c: z.string() })) });
    expect(responseProblem(schema, { a: { b: 1 }, list: [{ c: 'x' }] })).toBeNull();
    expect(responseProblem(schema, { a: { b: 1, secret: 2 }, list: [] })).toBe(
      '"a.secret" is not declared by the response schema',
    );
    expect(responseProblem(schema, { a: { b: 1 }, list: [{ c: 'x', d: 1 }] })).toBe(
      '"list.0.d" is not declared by the response schema',
    );
    expect(responseProblem(schema, { a: { b: 'one' }, list: [] })).toContain('a.b');
  });
});
