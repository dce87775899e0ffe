import { LANGUAGE_TAGS, splitLanguagePath } from '@baan/contract';
import { fixedT } from '../i18n/i18n.server';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The page the server answers with 429 when one network asks for more pages than it renders for it (ADR 021): in the
 * address's language, with no script and nothing to load, so it costs no render. "Try again" reloads the address.
 */
export function tooManyRequestsPage(pathname: string, address: string): string {
  const { language } = splitLanguagePath(pathname);
  const t = fixedT(language);
  const home = language === 'en' ? '/' : `/${pathname.split('/')[1] ?? ''}`;
  return `<!DOCTYPE html>
<html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t('busy.title'))} | Baan</title>
<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Thai","Noto Sans Myanmar",sans-serif;color:#0f172a;background:#f8fafc}main{max-width:36rem;margin:0 auto;padding:5rem 1.25rem;text-align:center}h1{font-size:1.6rem;margin:0 0 1rem}p{line-height:1.8;color:#475569;margin:0 0 2rem}a{display:inline-block;margin:.25rem;padding:.75rem 1.5rem;border-radius:.5rem;font-weight:600;text-decoration:none}.primary{background:#0f766e;color:#fff}.secondary{color:#0f766e;border:1px solid #99f6e4}</style>
</head><body><main><h1>${escapeHtml(t('busy.title'))}</h1><p>${escapeHtml(t('busy.message'))}</p><a class="primary" href="${escapeHtml(address)}">${escapeHtml(t('busy.retry'))}</a><a class="secondary" href="${escapeHtml(home)}">${escapeHtml(t('notFound.goHome'))}</a></main></body></html>`;
}
