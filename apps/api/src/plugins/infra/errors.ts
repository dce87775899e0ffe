import type { ErrorEnvelope } from '@baan/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDiskFull } from '../../lib/disk-space.ts';
import { HttpError } from '../../lib/errors.ts';
import { translateMultipartError } from '../../lib/multipart-errors.ts';

/** Fastify's own client errors, reworded for people. Anything else keeps a generic message. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  // The built-in text/plain parser is removed (plugins/infra/input-policy.ts), so this covers it too.
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'This content type is not accepted. Send JSON (Content-Type: application/json), or multipart/form-data for a form with files.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_VALIDATION: 'Please correct the highlighted fields.',
  FST_ERR_BAD_URL: 'This address is not valid: a part of it is not properly encoded.',
  FST_ERR_MAX_PARAM_LENGTH: 'This address is too long.',
};

/** A write the database (or a file) could not make because the disk is full: nothing of it was kept. */
export const DISK_FULL_MESSAGE =
  'The server has run out of storage space, so this could not be saved. Nothing was changed; please try again later.';

/**
 * The most of a refused body that is read and dropped so its answer can be read (below); past it the connection is
 * closed, as Fastify does for every refused body.
 */
export const DRAIN_REFUSED_BODY_BYTES = 16 * 1024 * 1024;

/**
 * Fastify answers a body its parser refuses (too large, not JSON) with `Connection: close`. When the client is still
 * sending, closing resets the connection, and the reset can throw away the answer before the client has read it: a
 * 5 MB contact message got "connection reset" instead of its 413. So the rest of the body is read and dropped (up to
 * DRAIN_REFUSED_BODY_BYTES; Node's own timeouts and the slow-body check still apply), the answer goes out on a
 * connection that stays open, and the next request on it is served. A larger body still closes the connection.
 */
function keepConnectionForRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  if (String(reply.getHeader('connection') ?? '').toLowerCase() !== 'close') return;
  if (request.raw.complete) {
    reply.removeHeader('connection');
    return;
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > DRAIN_REFUSED_BODY_BYTES) return;
  reply.removeHeader('connection');
  let dropped = 0;
  request.raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_REFUSED_BODY_BYTES) request.raw.socket?.destroy();
  });
  request.raw.resume();
}

function envelope(message: string, errors?: ErrorEnvelope['errors'], code?: string): ErrorEnvelope {
  return { success: false, message, ...(errors ? { errors } : {}), ...(code ? { code } : {}) };
}

/**
 * Errors the router raises before any route, hook or error handler runs: a path segment that is
 * not valid percent-encoding (400) or longer than a parameter may be (414). Fastify's
 * `frameworkErrors` server option (app.ts serverOptions); without it they answer Fastify's own
 * JSON, not the envelope.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  request.log.info({ code: error.code, status }, 'bad request address');
  reply.code(status).send(envelope((error.code && FRAMEWORK_MESSAGES[error.code]) || 'This address is not valid.'));
}

/**
 * One error shape for the whole API: `{success:false, message, errors?}` with an honest status.
 * 4xx messages are meant for people; 5xx bodies never carry internals (the log has them).
 */
export default fp(
  async (app) => {
    app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
      const error = thrown instanceof HttpError ? thrown : (translateMultipartError(thrown) ?? thrown);
      if (error instanceof HttpError) {
        // A server-side failure with an honest message for the caller (a full disk): the log keeps its cause.
        if (error.statusCode >= 500 && error.cause) request.log.error({ err: error.cause }, error.message);
        if (error.headers) reply.headers(error.headers);
        return reply.code(error.statusCode).send(envelope(error.message, error.errors, error.code));
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      // A full disk is no bug of ours and no fault of the caller's (RFC 4918's 507): say so instead of a generic 500.
      // The failed statement's transaction rolled back, so nothing was kept.
      if (status >= 500 && isDiskFull(error)) {
        request.log.error({ err: error }, 'disk full: the write was refused');
        return reply.code(507).send(envelope(DISK_FULL_MESSAGE));
      }
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(status).send(envelope('Something went wrong on our side. Please try again.'));
      }
      request.log.info({ code: error.code, status }, error.message);
      keepConnectionForRefusedBody(request, reply);
      if (status === 429) return reply.code(429).send(envelope(error.message));
      const message =
        (error.code && FRAMEWORK_MESSAGES[error.code]) ||
        (status === 413 ? FRAMEWORK_MESSAGES.FST_ERR_CTP_BODY_TOO_LARGE : 'The request could not be processed.');
      return reply.code(status).send(envelope(message ?? 'The request could not be processed.'));
    });
  },
  { name: 'errors' },
);
