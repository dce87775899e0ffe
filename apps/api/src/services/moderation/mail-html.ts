/** The HTML shell shared by the owners' notices (moderation decisions, package reminders). */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A whole HTML mail around already-escaped blocks. */
export function mailHtml(langTag: string, subject: string, blocks: readonly string[]): string {
  return `<!doctype html>
<html lang="${langTag}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${blocks.join('\n')}
</body></html>
`;
}
