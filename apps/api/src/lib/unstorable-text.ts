import { badRequest } from './errors.ts';

/**
 * NUL, which PostgreSQL text cannot hold, and a UTF-16 surrogate without its pair (a JSON "\ud800"
 * escape), which has no UTF-8 form: either one fails the query or is stored garbled.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_MESSAGE = 'contains a NUL character or broken Unicode (an unpaired surrogate)';

/**
 * Where a parsed input (a JSON body, a query, path parameters, multipart fields) holds a string or a
 * key that cannot be stored, as a dotted path ("rooms.0.type"; "" for the input itself), or null.
 * Walks without recursion, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(input: unknown): string | null {
  const stack: [unknown, string][] = [[input, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        stack.push([item, join(path, String(i))]);
      });
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) return path;
        stack.push([item, join(path, key)]);
      }
    }
  }
  return null;
}

/** Throws a 400 naming the field when the input holds text that cannot be stored. */
export function assertStorableText(input: unknown): void {
  const path = findUnstorableText(input);
  if (path === null) return;
  // The path comes from the caller's own keys: keep an absurdly long one from filling the answer.
  const field = path ? path.slice(0, 100) : 'body';
  throw badRequest(`The field "${field}" ${UNSTORABLE_MESSAGE}. Remove it and try again.`, {
    [field]: [`This field ${UNSTORABLE_MESSAGE}.`],
  });
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
