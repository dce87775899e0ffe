import { type FieldErrors, toFieldErrors } from '@baan/contract';
import type { FastifyPluginAsync, FastifyRequest, FastifySchema, FastifyTypeProvider, RawServerDefault } from 'fastify';
import { z } from 'zod';
import { notFound } from './errors.ts';
import { parse } from './validate.ts';

/**
 * Fastify's type provider for the contract's zod schemas: a handler's `request.params`, `body` and
 * `query` have the output types of its route's schemas, and what it answers must fit the input
 * type of a declared response.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  readonly serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** A plugin of /api routes whose handlers are typed from their schemas (plugins/infra/route-schemas.ts). */
export type RoutesPlugin<Options extends Record<string, unknown> = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ZodTypeProvider
>;

type Wording = string | ((errors: FieldErrors) => string);

/** How a route words input that fails its schemas (its `config.input`). */
export type InputWording = {
  /** The 400's message for a body or query (and path parameters without `notFound`), as lib/validate.ts's parse. */
  message?: Wording;
  /** Path parameters that fail their schema name no record: 404 with this message, as for a missing record. */
  notFound?: Wording;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    input?: InputWording;
  }
}

/** A request part its handler reads itself, as it looks on the wire (for the OpenAPI document). */
export type HandlerReadPart = {
  /** A JSON body, or the query, that the handler parses itself. */
  json?: z.ZodType;
  /** A multipart/form-data body, files included. */
  form?: z.ZodType;
};

const handlerReads = new WeakMap<z.ZodType, HandlerReadPart>();

/**
 * Declares a request part that the handler reads itself, because checking it before the handler
 * would change what the route does: a multipart form (streamed by receiveMultipart, its fields
 * parsed with the contract schema as they arrive), a body whose schema depends on the payment
 * provider or on which fields are present, a query parsed only when the answer is not cached, the
 * signed bytes of a webhook. The handler sees it as `unknown`; the document shows `part`.
 */
export function readInHandler(part: HandlerReadPart): z.ZodUnknown {
  const placeholder = z.unknown();
  handlerReads.set(placeholder, part);
  return placeholder;
}

/** What readInHandler documented for this part of a route's schema, or undefined. */
export function handlerReadPart(schema: unknown): HandlerReadPart | undefined {
  return schema instanceof z.ZodType ? handlerReads.get(schema) : undefined;
}

const checked = (schema: unknown): z.ZodType | null =>
  schema instanceof z.ZodType && !handlerReads.has(schema) ? schema : null;

const worded = (wording: Wording, errors: FieldErrors) => (typeof wording === 'string' ? wording : wording(errors));

/**
 * The check of a route's declared path parameters, body and query (in Fastify's order), or null
 * when it declares none: each is parsed with its contract schema and replaced by the result, and
 * a failure is the same 400 envelope lib/validate.ts's parse throws (or a 404 for parameters with
 * `notFound` wording). It runs as the route's last preHandler, after authentication and any limit
 * the route counts first, where the handlers used to call parse themselves.
 */
export function inputCheck(
  schema: FastifySchema | undefined,
  wording: InputWording = {},
): ((request: FastifyRequest) => Promise<void>) | null {
  const params = checked(schema?.params);
  const body = checked(schema?.body);
  const query = checked(schema?.querystring);
  if (!params && !body && !query) return null;
  return async function checkInput(request) {
    if (params) {
      if (wording.notFound === undefined) request.params = parse(params, request.params, wording.message);
      else {
        const result = params.safeParse(request.params);
        if (!result.success) throw notFound(worded(wording.notFound, toFieldErrors(result.error.issues)));
        request.params = result.data;
      }
    }
    if (body) request.body = parse(body, request.body, wording.message);
    if (query) request.query = parse(query, request.query, wording.message);
  };
}

/** Whether any request or response part of a route schema is a zod schema. */
export function declaresZod(schema: FastifySchema | undefined): boolean {
  if (!schema) return false;
  const parts = [schema.params, schema.body, schema.querystring, ...Object.values(schema.response ?? {})];
  return parts.some((part) => part instanceof z.ZodType || zodContent(part).length > 0);
}

/** The zod schemas of a response declared per content type (`{content: {'text/csv': {schema}}}`). */
export function zodContent(declared: unknown): [string, z.ZodType][] {
  if (!declared || typeof declared !== 'object' || !('content' in declared)) return [];
  const content = (declared as { content: Record<string, { schema?: unknown }> }).content;
  return Object.entries(content).flatMap(([type, entry]) =>
    entry.schema instanceof z.ZodType ? [[type, entry.schema] as [string, z.ZodType]] : [],
  );
}

/**
 * A non-JSON answer (a CSV file, a page, an image) as a route's response schema declares it: the
 * media type (a range such as `image/*` too) and, for the document, what the body is.
 */
export function mediaResponse(mediaType: string, description: string, body: z.ZodType = z.string()) {
  return { description, content: { [mediaType]: { schema: body } } };
}

/**
 * A route's declared response for a status as Fastify looks it up (`201`, then `2xx`, then
 * `default`): a zod schema for JSON, the media types it declares otherwise, or null.
 */
export function declaredResponse(
  response: Record<string, unknown> | undefined,
  status: number,
): { json: z.ZodType } | { media: string[] } | null {
  const key = [String(status), `${String(status)[0]}xx`, 'default'].find((k) => response?.[k] !== undefined);
  const declared = key ? response?.[key] : undefined;
  if (declared instanceof z.ZodType) return { json: declared };
  const content = zodContent(declared);
  if (content.length === 0) return null;
  const json = content.find(([type]) => type === 'application/json');
  return json ? { json: json[1] } : { media: content.map(([type]) => type) };
}

/**
 * Why a JSON answer does not match its declared schema, or null when it does: what the schema
 * refuses, or a field it does not declare (a zod object would drop it, so the contract and the
 * document would not say that the answer carries it).
 */
export function responseProblem(schema: z.ZodType, answer: unknown): string | null {
  const result = schema.safeParse(answer);
  if (!result.success) return z.prettifyError(result.error);
  const extra = undeclaredField(answer, result.data);
  return extra === null ? null : `"${extra}" is not declared by the response schema`;
}

/** The path of the first key in `sent` that the parsed `kept` dropped, or null. */
function undeclaredField(sent: unknown, kept: unknown, path = ''): string | null {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let i = 0; i < sent.length; i++) {
      const found = undeclaredField(sent[i], kept[i], join(path, String(i)));
      if (found !== null) return found;
    }
    return null;
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return null;
  for (const [key, value] of Object.entries(sent)) {
    if (!(key in kept)) return value === undefined ? null : join(path, key);
    const found = undeclaredField(value, kept[key], join(path, key));
    if (found !== null) return found;
  }
  return null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
