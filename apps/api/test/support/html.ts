/** Reading server-rendered pages in tests: entities decoded, head tags found by one attribute. */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with HTML character references turned back into characters. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** The first `<tag …>` whose `attribute` is `value` (as written in the HTML), or ''. */
export function headTag(html: string, tag: string, attribute: string, value: string): string {
  for (const match of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))) {
    if (match[0].includes(`${attribute}="${value}"`)) return match[0];
  }
  return '';
}

/** The decoded `content` of the `<meta>` whose `attribute` (name or property) is `value`, or undefined. */
export function metaContent(html: string, attribute: 'name' | 'property', value: string): string | undefined {
  const tag = headTag(html, 'meta', attribute, value);
  const content = /\bcontent="([^"]*)"/.exec(tag)?.[1];
  return content === undefined ? undefined : decodeEntities(content);
}

/** Every `<link rel="alternate" hreflang=… href=…>` of a page, as hreflang → href. */
export function alternates(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<link\b[^>]*rel="alternate"[^>]*>/g)) {
    const lang = /hrefLang="([^"]*)"|hreflang="([^"]*)"/i.exec(tag);
    const href = /\bhref="([^"]*)"/.exec(tag)?.[1];
    const key = lang?.[1] ?? lang?.[2];
    if (key && href) found[key] = decodeEntities(href);
  }
  return found;
}
