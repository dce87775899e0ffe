import type { OpenApiDocument } from '@baan/contract';
import * as contract from '@baan/contract';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { handlerReadPart, zodContent } from './route-schemas.ts';

/** Who may call a route: anyone, a signed-in user (Bearer token), or an admin. */
export type RouteAccess = 'public' | 'user' | 'admin';

/** A registered /api route as the document describes it. */
export type ApiRoute = { method: string; url: string; schema: FastifySchema | undefined; access: RouteAccess };

type JsonSchema = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';
/** The id prefix of a route's unnamed schemas while they are converted (they end up inline). */
const INLINE = '~inline-';
const componentRef = (id: string) => `${COMPONENTS}${id}`;
const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: the payment waits for the customer to confirm it with their bank.',
  '204': 'No content.',
};
const ERROR_RESPONSE = {
  description:
    'Any refusal or failure, with an honest status (400 bad input with `errors` per field, 401, 403, 404, 409, 413, 415, 429 with Retry-After, 5xx): the error envelope.',
  content: { 'application/json': { schema: { $ref: `${COMPONENTS}ErrorEnvelope` } } },
};

/** Fastify's `/api/property/:id` as OpenAPI writes it: `/api/property/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** A request part's JSON Schema, inline (parameters are listed one by one, never referenced). */
const inlineSchema = (schema: z.ZodType): JsonSchema =>
  withoutDialect(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * The OpenAPI 3.1 document of the given routes, made from their zod schemas (z.toJSONSchema, JSON
 * Schema 2020-12 as OpenAPI 3.1 uses it). Schemas the contract exports by name are components
 * (`#/components/schemas/<export name>`) and referenced wherever a route or another schema uses
 * them; the rest is inline. Request schemas are described as clients send them (the input side of
 * a transform); responses as the server sends them, which is what their schemas accept.
 */
export function buildOpenApiDocument(
  routes: readonly ApiRoute[],
  info: { title: string; version: string; description: string },
): OpenApiDocument {
  const registry = z.registry<{ id: string }>();
  const named = new Map<z.ZodType, string>();
  for (const [name, value] of Object.entries(contract)) {
    if (value instanceof z.ZodType && !named.has(value)) {
      named.set(value, name);
      registry.add(value, { id: name });
    }
  }
  // Unnamed schemas of routes are registered too, so one conversion resolves every reference;
  // they are put back inline below.
  const inline = new Map<z.ZodType, string>();
  const refer = (schema: z.ZodType): string => {
    const name = named.get(schema);
    if (name) return name;
    let id = inline.get(schema);
    if (!id) {
      id = `${INLINE}${inline.size}`;
      inline.set(schema, id);
      registry.add(schema, { id });
    }
    return id;
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))) {
    const schema = route.schema ?? {};
    const operation: Record<string, unknown> = { operationId: operationId(route) };
    if (route.access === 'admin') operation.description = 'Admins only: 401 without a token, 403 for anyone else.';
    if (route.access !== 'public') operation.security = [{ bearerAuth: [] }];
    const parameters = [...pathParameters(route.url, schema.params), ...queryParameters(schema.querystring)];
    if (parameters.length > 0) operation.parameters = parameters;
    const bodies = requestContent(schema.body);
    if (bodies.length > 0) {
      operation.requestBody = {
        // A body whose schema takes none (a default) may be left out.
        required: !bodies.every(([, s]) => s.safeParse(undefined).success),
        content: Object.fromEntries(bodies.map(([type, s]) => [type, { schema: { $ref: componentRef(refer(s)) } }])),
      };
    }
    const responses: Record<string, unknown> = {};
    for (const [status, declared] of Object.entries(schema.response ?? {})) {
      const { description, types } = responseContent(declared);
      responses[status] = {
        description: description ?? STATUS_TEXT[status] ?? 'Success.',
        content: Object.fromEntries(types.map(([type, s]) => [type, { schema: { $ref: componentRef(refer(s)) } }])),
      };
    }
    operation.responses = { ...responses, default: ERROR_RESPONSE };
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }

  const converted = z.toJSONSchema(registry, {
    io: 'input',
    unrepresentable: 'any',
    uri: componentRef,
  }).schemas as Record<string, JsonSchema>;
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(converted)) schemas[id] = withoutDialect(schema);

  // An inline schema takes the place of its reference; named ones stay, if anything refers to them.
  const resolved = replaceInlineRefs(paths, schemas) as typeof paths;
  const components: Record<string, JsonSchema> = {};
  for (const name of reachable(resolved, schemas)) {
    const schema = name.startsWith(INLINE) ? undefined : schemas[name];
    if (schema) components[name] = replaceInlineRefs(schema, schemas) as JsonSchema;
  }
  return {
    openapi: '3.1.0',
    info,
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths: resolved,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

/** `POST /api/admin/packages/:id` → `postAdminPackagesById`: unique per method and path. */
function operationId(route: ApiRoute): string {
  const words = route.url
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9:]+/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `By${capitalize(word.slice(1))}` : capitalize(word)));
  return `${route.method.toLowerCase()}${words.join('')}`;
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The media types and schemas of a declared request body. */
function requestContent(body: unknown): [string, z.ZodType][] {
  if (!(body instanceof z.ZodType)) return [];
  const read = handlerReadPart(body);
  if (!read) return [['application/json', body]];
  return [
    ...(read.json ? [['application/json', read.json] as [string, z.ZodType]] : []),
    ...(read.form ? [['multipart/form-data', read.form] as [string, z.ZodType]] : []),
  ];
}

function responseContent(declared: unknown): { description?: string; types: [string, z.ZodType][] } {
  if (declared instanceof z.ZodType) return { types: [['application/json', declared]] };
  const description = (declared as { description?: unknown } | undefined)?.description;
  return { ...(typeof description === 'string' ? { description } : {}), types: zodContent(declared) };
}

function objectProperties(schema: unknown): { properties: Record<string, JsonSchema>; required: string[] } {
  if (!(schema instanceof z.ZodType)) return { properties: {}, required: [] };
  const json = inlineSchema(handlerReadPart(schema)?.json ?? schema);
  return {
    properties: (json.properties ?? {}) as Record<string, JsonSchema>,
    required: (json.required ?? []) as string[],
  };
}

/** Every parameter in the path, with its schema where the route declares one. */
function pathParameters(url: string, params: unknown) {
  const { properties } = objectProperties(params);
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
}

function queryParameters(querystring: unknown) {
  const { properties, required } = objectProperties(querystring);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema,
  }));
}

/** A copy of `value` with every reference to an inline (unnamed) schema replaced by that schema. */
function replaceInlineRefs(value: unknown, schemas: Record<string, JsonSchema>): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceInlineRefs(item, schemas));
  if (!value || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith(`${COMPONENTS}${INLINE}`)) {
    return replaceInlineRefs(schemas[ref.slice(COMPONENTS.length)], schemas);
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceInlineRefs(item, schemas)]));
}

/** The names of the components that `value` refers to, directly or through other components. */
function reachable(value: unknown, schemas: Record<string, JsonSchema>): Set<string> {
  const found = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === 'object') {
      const ref = (item as { $ref?: unknown }).$ref;
      if (typeof ref === 'string' && ref.startsWith(COMPONENTS)) {
        const name = ref.slice(COMPONENTS.length);
        if (!found.has(name)) {
          found.add(name);
          stack.push(schemas[name]);
        }
      }
      stack.push(...Object.values(item));
    }
  }
  return found;
}
