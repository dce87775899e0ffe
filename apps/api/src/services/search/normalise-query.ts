/**
 * The one normal form of search text (docs/decisions/027-search-understanding.md): what a person typed and every
 * dictionary phrase go through it, so they meet whatever the keyboard, case or digits.
 *
 * - NFKC: full-width Latin and digits (ｃｏｎｄｏ ３), compatibility forms (m², ①) become their plain forms. NFKC also
 *   splits Thai SARA AM (ำ) into NIKHAHIT + SARA AA (and Lao's AM likewise), which listings never store: it is put
 *   back together, or "น้ำ" would not be found in the text.
 * - Latin accents are dropped (Sukhumvít), Thai, Burmese and CJK marks are kept (they are letters of the word).
 * - Lower case; Thai (๐–๙), Arabic-Indic, Persian and Burmese (၀–၉) digits become 0–9.
 * - Every character that is not a letter, mark or digit, or one of the few signs a price or range is written with, is a
 *   space; runs of spaces are one.
 *
 * The caller bounds the length first (GET /api/properties: 200 characters; suggest: 100; MAX_NORMALISED below once
 * more), so no pattern here or later ever sees more.
 */
export const MAX_NORMALISED = 200;

const DIGIT_BLOCKS = [0x0e50, 0x0660, 0x06f0, 0x1040, 0x0966];

function plainDigit(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  for (const zero of DIGIT_BLOCKS) if (code >= zero && code <= zero + 9) return String(code - zero);
  return ch;
}

/** Signs kept for prices and ranges: "3-5m", "≤ 3m", "3m+", "20,000", "3.5", "฿", "2〜3万", "<". */
const KEPT_SIGNS = new Set(['-', '–', '—', '~', '〜', '～', '<', '>', '≤', '≥', '+', '.', ',', '฿']);

export function normaliseQuery(text: string): string {
  const bounded = text.slice(0, MAX_NORMALISED);
  const composed = bounded
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/\u0e4d\u0e32/g, '\u0e33')
    .replace(/\u0ecd\u0eb2/g, '\u0eb3')
    .toLowerCase();
  let out = '';
  let space = true;
  for (const raw of composed) {
    const ch = plainDigit(raw);
    const kept = /[\p{L}\p{M}\p{N}]/u.test(ch) || KEPT_SIGNS.has(ch);
    // The Thai abbreviation sign and apostrophes join what they sit in ("กทม", "bangkoks").
    if (ch === 'ฯ' || ch === "'" || ch === '’') continue;
    if (kept) {
      out += ch === '–' || ch === '—' ? '-' : ch === '〜' || ch === '～' ? '~' : ch;
      space = false;
    } else if (!space) {
      out += ' ';
      space = true;
    }
  }
  return out.trim();
}

/** Characters that separate the words of a phrase: dictionary phrases match across any of them, or none. */
export const SEPARATORS = new Set([' ', '-', '.', '/', ',']);

/** A phrase as the dictionary keys it: normalised, separators removed ("Thong Lo", "thonglo", "thong-lo" meet). */
export function compactPhrase(text: string): string {
  let out = '';
  for (const ch of normaliseQuery(text)) if (!SEPARATORS.has(ch)) out += ch;
  return out;
}

/** Latin, Cyrillic and other spaced scripts (and digits): their words end where such a letter ends. */
export function isSpacedWordChar(ch: string | undefined): boolean {
  if (!ch) return false;
  return /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]/u.test(ch);
}

/** Thai, Lao, Khmer and Burmese: written without spaces between words (a word segmenter finds them). */
export function isUnspacedScript(ch: string | undefined): boolean {
  if (!ch) return false;
  return /[\p{Script=Thai}\p{Script=Myanmar}\p{Script=Lao}\p{Script=Khmer}]/u.test(ch);
}
