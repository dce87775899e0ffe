import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../../lib/errors.ts';
import { BAD_BOUNDARY } from '../../lib/multipart-errors.ts';
import { assertStorableText } from '../../lib/unstorable-text.ts';

/** The boundary parameter of a multipart Content-Type, quoted or not. */
const BOUNDARY_PARAM = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i;
/** RFC 2046: 1 to 70 of these characters, not ending in a space. */
const VALID_BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

const NOT_AN_OBJECT = 'The request body must be a JSON object.';

function checkMultipartBoundary(request: FastifyRequest): void {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) return;
  const match = BOUNDARY_PARAM.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || !VALID_BOUNDARY.test(boundary)) throw badRequest(BAD_BOUNDARY);
}

/**
 * What every route may assume of its input, checked once for all of them before any route code
 * runs (so a new route is covered without doing anything):
 * - a body is JSON (or multipart where a route accepts it): the built-in text/plain parser is
 *   removed, so any other content type is a 415 and its body is never read or logged;
 * - a JSON body is an object, never an array, a string, a number or null;
 * - no string or key in the body, the query or the path parameters holds a NUL or an unpaired
 *   surrogate (multipart fields are checked by lib/validate.ts's parse, which every form goes through);
 * - a multipart body names a usable boundary, so the multipart parser never starts on one it cannot use.
 */
export default fp(
  async (app) => {
    app.removeContentTypeParser('text/plain');
    app.addHook('preValidation', async (request) => {
      checkMultipartBoundary(request);
      const body = request.body;
      // A raw Buffer is a route's own choice (the Stripe webhook keeps the signed bytes).
      if (body !== undefined && !Buffer.isBuffer(body)) {
        if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(NOT_AN_OBJECT);
        assertStorableText(body);
      }
      assertStorableText(request.query);
      assertStorableText(request.params);
    });
  },
  { name: 'input-policy' },
);
