/**
 * Rendered documents handed to the API's server as text (issue 27 item 1, ADR 060). React Router wants a Response from
 * the entry; its body would be the ~100 kB page encoded to UTF-8, which the server then decoded back to text to hash
 * it, add its CSP and compress it: two passes over the page for nothing.
 */

/** The HTML of the documents this module rendered, by their Response (renderedHtml). */
const rendered = new WeakMap<Response, string>();

/**
 * A rendered document as a Response whose body is made from `html` only if it is read: the API's server takes the
 * text itself (renderedHtml), which spares encoding the ~100 kB page into a body and decoding it again.
 */
export function renderedResponse(html: string, status: number, headers: Headers): Response {
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(html));
        controller.close();
      },
    },
    // Nothing is pulled before somebody reads.
    { highWaterMark: 0 },
  );
  const response = new Response(body, { status, headers });
  rendered.set(response, html);
  return response;
}

/** The HTML of a document rendered here, as its body would read; undefined for any other Response. */
export function renderedHtml(response: Response): string | undefined {
  return rendered.get(response);
}
