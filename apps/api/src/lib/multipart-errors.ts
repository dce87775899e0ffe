import { HttpError } from './errors.ts';

export const BAD_BOUNDARY =
  'The multipart/form-data Content-Type needs a boundary of 1 to 70 characters, as a browser form sends it.';

export const MULTIPART_INCOMPLETE =
  'The form data is incomplete or does not match its boundary. Please send the form again.';

/**
 * A multipart body that cannot be read (cut short, a boundary that never comes, a forbidden field
 * name) as a 4xx: busboy raises plain Errors, told apart by their text; @fastify/multipart's have
 * codes. Applied by the errors plugin, so it holds whichever route or service reads the form.
 */
export function translateMultipartError(error: { message: string; code?: string }): HttpError | null {
  if (/unexpected end of multipart data/i.test(error.message)) return new HttpError(400, MULTIPART_INCOMPLETE);
  if (/^Multipart: Boundary not found$|^The needle cannot/.test(error.message)) return new HttpError(400, BAD_BOUNDARY);
  switch (error.code) {
    case 'FST_MP_PREMATURE_CLOSE':
      return new HttpError(400, MULTIPART_INCOMPLETE);
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'A form field has a name that is not allowed.');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpError(400, 'A form field declared as JSON is not valid JSON.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'Send the form as multipart/form-data.');
    default:
      return null;
  }
}
