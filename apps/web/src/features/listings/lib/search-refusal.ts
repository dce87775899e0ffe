import type { PropertyListQuery, PropertyPage } from '@baan/contract';

type Parsed = { success: true; data: PropertyListQuery } | { success: false; error: { issues: { message: string }[] } };

/** A 400 of the API's services (HttpError on the server, in-process) carries its message for the visitor. */
function badRequestMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { statusCode, message } = error as { statusCode?: unknown; message?: unknown };
  return statusCode === 400 && typeof message === 'string' ? message : undefined;
}

/**
 * A list page's search from its address. Filters the API refuses (a minimum area over the maximum, a station id it
 * does not know) are not searched: the page shows the API's message (`refused`) above the listings without them.
 */
export async function searchOrRefusal(
  search: (query: PropertyListQuery) => Promise<PropertyPage>,
  parsed: Parsed,
  fallback: PropertyListQuery,
): Promise<{ results: PropertyPage; refused: string | null }> {
  if (!parsed.success) return { results: await search(fallback), refused: parsed.error.issues[0]?.message ?? null };
  try {
    return { results: await search(parsed.data), refused: null };
  } catch (error) {
    const message = badRequestMessage(error);
    if (message === undefined) throw error;
    return { results: await search(fallback), refused: message };
  }
}
