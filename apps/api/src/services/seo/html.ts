/** Text safe inside HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside a <script> element: no `<` can close it or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Shortens text to at most `max` characters on a word boundary, with an ellipsis. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Replaces the page's <title> and description in the SPA's index.html and adds `headTags` before
 * </head>. Existing canonical, Open Graph and description tags are dropped so none is doubled.
 */
export function injectHead(indexHtml: string, title: string, headTags: string): string {
  const withoutOld = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name="description"[^>]*>/gi, '')
    .replace(/<meta\s+property="og:[^"]*"[^>]*>/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>/gi, '');
  const head = `<title>${escapeHtml(title)}</title>\n${headTags}\n`;
  return withoutOld.includes('</head>') ? withoutOld.replace('</head>', `${head}</head>`) : `${head}${withoutOld}`;
}
