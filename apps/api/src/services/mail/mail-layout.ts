/**
 * The one layout of every mail the API sends: greeting, body blocks, sign-off and an optional small footer (why the
 * mail came, the unsubscribe link), as plain text and as HTML. Builders give each block in both forms.
 */
import { escapeHtml, type MailT } from './mail-i18n.ts';

/** One part of a mail's body: its plain text and its (already escaped) HTML. */
export type MailBlock = { text: string; html: string };

export type MailContent = { subject: string; text: string; html: string };

/** A user's text on one line (at most `max` characters): it never adds a line to a header or the text layout. */
export function oneLine(s: string, max = Number.POSITIVE_INFINITY): string {
  const line = s
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A text paragraph from one key. */
export function paragraph(t: MailT, key: string, values: Record<string, string | number> = {}, style?: string) {
  return { text: t.text(key, values), html: `<p${style ? ` style="${style}"` : ''}>${t.html(key, values)}</p>` };
}

/** A link paragraph: “label: url” in text, an anchor in HTML. */
export function linkBlock(label: string, url: string): MailBlock {
  return {
    text: `${label}: ${url}`,
    html: `<p><a href="${escapeHtml(url)}" style="color:#1d4ed8">${escapeHtml(label)}</a></p>`,
  };
}

/** A user's own text (a visitor's message, a reviewer's reason) set apart, line breaks kept. */
export function quoteBlock(message: string): MailBlock {
  return {
    text: message,
    html: `<div style="white-space:pre-wrap;border-left:3px solid #d1d5db;padding:8px 12px;margin:12px 0">${escapeHtml(message)}</div>`,
  };
}

/** Label: value lines in text, a two-column table in HTML. */
export function fieldsBlock(fields: readonly (readonly [string, string])[]): MailBlock {
  return {
    text: fields.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: `<table style="border-collapse:collapse;margin:12px 0">${fields
      .map(
        ([label, value]) =>
          `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#6b7280;font-weight:normal">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`,
  };
}

/** The small print under the sign-off: why this mail came and how to stop it. */
export function footerBlock(t: MailT, reasonKey: string, unsubscribeKey: string, unsubscribeUrl: string): MailBlock {
  const reason = t.text(reasonKey);
  const unsubscribe = t.text(unsubscribeKey);
  return {
    text: `${reason}\n${unsubscribe}: ${unsubscribeUrl}`,
    html: `<p style="color:#6b7280;font-size:12px">${escapeHtml(reason)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">${escapeHtml(unsubscribe)}</a></p>`,
  };
}

export type LayoutOptions = {
  subject: string;
  /** The reader's name for the greeting; none for a mail to the support team. */
  name?: string;
  blocks: readonly MailBlock[];
  /** “The Baan team” under the body (default: yes). */
  signOff?: boolean;
  footer?: MailBlock;
  /** The HTML body's width in pixels (wider for tables). */
  width?: number;
};

/** A whole mail in the reader's language: subject, text and HTML around the builder's blocks. */
export function layoutMail(t: MailT, options: LayoutOptions): MailContent {
  const blocks: MailBlock[] = [
    ...(options.name === undefined ? [] : [paragraph(t, 'layout.greeting', { name: options.name })]),
    ...options.blocks,
    ...(options.signOff === false ? [] : [paragraph(t, 'layout.signOff')]),
    ...(options.footer ? [options.footer] : []),
  ];
  const text = `${blocks.map((b) => b.text).join('\n\n')}\n`;
  const html = `<!doctype html>
<html lang="${t.tag}"><head><meta charset="utf-8"><title>${escapeHtml(options.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5;max-width:${options.width ?? 560}px;margin:0 auto;padding:24px">
${blocks.map((b) => b.html).join('\n')}
</body></html>
`;
  return { subject: options.subject, text, html };
}
