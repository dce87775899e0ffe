import { toAsciiDigits } from './amount.ts';

/**
 * What in a listing's title or description sends it to an admin (issue 21, M5): the ways a scam takes buyers off Baan
 * and asks them for money. A listing's contact details are the owner's profile (phone, LINE ID), shown by Baan; money
 * never goes to an owner before a viewing. Matches are held for review, not refused: an honest owner may write their
 * number, and the admin decides.
 * - `bank_account`: an account number (10 to 15 digits, or 3-1-5-1 as Thai banks print them), "account no.",
 *   "เลขบัญชี";
 * - `phone_number`: a Thai number (0 and 8 or 9 digits, or +66), separators allowed;
 * - both numbers are read with their digits in any script (Thai ๐-๙, Myanmar ၀-၉, full-width) and with the letters
 *   that look like digits inside a number folded (foldDigitLookAlikes: "O8l-234-5678" is 081-234-5678);
 * - `line_id`: "LINE: …", "LINE ID", "line @…", "ไลน์", line.me links, an @handle;
 * - `link`: a web address (an e-mail address's domain too: it is contact off Baan as well);
 * - `payment_request`: asking for a transfer or a deposit before anything else ("transfer 50,000 THB deposit",
 *   "โอนมัดจำ", PromptPay, Western Union). "Deposit 2 months, advance 1 month" and the land office's "ค่าโอน"
 *   (transfer fee) are the ordinary terms of a Thai rental or sale and are not flagged.
 * Every pattern is linear (bounded gaps, anchored starts): titles and descriptions are up to 10,000 characters.
 */
export const LISTING_TEXT_REASONS = ['bank_account', 'phone_number', 'line_id', 'link', 'payment_request'] as const;
export type ListingTextReason = (typeof LISTING_TEXT_REASONS)[number];

/** Runs of digits with the separators people put in numbers (not commas: "2,500,000" is a price). */
const DIGIT_RUN = /(?<![\d+])\+?\d[\d .()-]{7,22}\d(?!\d)/g;
const BANK_FORMAT = /^\d{3}-\d-\d{5}-\d$/;
const BANK_WORDS = /\b(?:bank account|account (?:no|number)|acc(?:ount)? ?#|a\/c)\b|เลขบัญชี|บัญชีธนาคาร|เลขที่บัญชี/i;
const LINE_ID =
  /\bline ?(?:id ?)?[:：=]|\bline ?@|\bline id\b|ไลน์|ไอดีไลน์|\bline\.me\/|\blin\.ee\/|(?<![\w.@])@[a-z0-9._-]{3,20}(?![\w@])/i;
const LINK =
  /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]{2,63}\.(?:com|net|org|info|biz|me|io|co|ly|th|link|site|online|shop|xyz)\b/i;
const PAYMENT_REQUEST = new RegExp(
  [
    // "transfer 50,000 THB deposit", "pay the deposit", "send money to", not "transfer fee" or "transfer of ownership".
    String.raw`\b(?:transfer|wire|send|pay)(?:s|ed|ing)?\b(?! (?:fee|of ownership|tax))[^.!?\n]{0,40}?\b(?:deposit|money|baht|thb|booking fee|reservation fee|to (?:my|our|the|this) (?:account|bank))\b`,
    String.raw`\bdeposit\b[^.!?\n]{0,40}?\b(?:transfer|to (?:my|our|the|this) account|bank account|promptpay|before (?:the )?viewing)\b`,
    String.raw`\b(?:western union|moneygram|promptpay|prompt pay)\b`,
    String.raw`\b(?:pay|payment) (?:in advance|first|before (?:the )?viewing)\b`,
    // NFKC, as the text is read: it splits Thai SARA AM (ำ) in two.
    'โอนเงิน|โอนมัดจำ|มัดจำก่อน|โอนก่อน|โอนเข้าบัญชี|โอนจอง|ชำระเงินก่อน|พร้อมเพย์'.normalize('NFKC'),
  ].join('|'),
  'i',
);

/**
 * Letters that stand in for digits when a number is written to slip past a filter: Latin, Cyrillic and Greek O and o
 * as 0; Latin I and l, Cyrillic І, і and Ӏ, Greek Ι, and | as 1 (payments' transactionKey folds the same look-alikes).
 */
const LOOK_ALIKE_DIGITS: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  О: '0',
  о: '0',
  Ο: '0',
  ο: '0',
  I: '1',
  l: '1',
  І: '1',
  і: '1',
  Ӏ: '1',
  Ι: '1',
  '|': '1',
};
/** A word: letters, digits and |, as many as follow (one linear pass, each character read once). */
const WORD = /[\p{L}\p{Nd}|]+/gu;
const LOOK_ALIKE_OR_DIGIT = /^[\dOoОоΟοIlІіӀΙ|]+$/u;
/** Decimal digits of other scripts (Myanmar ၀-၉, Arabic-Indic, Devanagari…); toAsciiDigits did Thai and full-width. */
const OTHER_DIGIT = /[^\P{Nd}0-9]/gu;

/**
 * The text with the digits of any script as ASCII, and, in a word made of nothing but digits and their look-alikes
 * with at least one real digit ("O8l", "2O"), joined to one by a hyphen or a dot ("-O") or between two ("8 I 2"), the
 * look-alikes as digits.
 * Other words ("Call", "lO", "Hello1") stay as they are, so ordinary text gains no numbers.
 */
export function foldDigitLookAlikes(text: string): string {
  return toAsciiDigits(text)
    .replace(OTHER_DIGIT, (digit) => {
      // Unicode keeps each script's 0 to 9 together, in order: a digit's value is its distance from the first digit
      // before it (modulo 10, where two scripts' digits follow one another).
      const code = digit.codePointAt(0) ?? 0;
      let zero = code;
      while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
      return String((code - zero) % 10);
    })
    .replace(WORD, (word, at: number, text: string) => {
      if (!LOOK_ALIKE_OR_DIGIT.test(word)) return word;
      // Look-alikes alone are digits where a hyphen or a dot joins them to a number ("123-4-56789-O"), or where
      // numbers stand on both sides ("0 8 I 2").
      const before = text.slice(Math.max(0, at - 2), at);
      const after = text.slice(at + word.length, at + word.length + 2);
      const isNumber =
        /\d/.test(word) ||
        /\d[-.]$/.test(before) ||
        /^[-.]\d/.test(after) ||
        (/\d[ ]$/.test(before) && /^[ ]\d/.test(after));
      return isNumber ? Array.from(word, (ch) => LOOK_ALIKE_DIGITS[ch] ?? ch).join('') : word;
    });
}

/** The reasons a listing's text is held for review, in LISTING_TEXT_REASONS order; none for ordinary text. */
export function listingTextReasons(...texts: readonly string[]): ListingTextReason[] {
  const text = toAsciiDigits(texts.join('\n'));
  const found = new Set<ListingTextReason>();
  for (const [run] of foldDigitLookAlikes(text).matchAll(DIGIT_RUN)) {
    const digits = run.replace(/\D/g, '');
    if (/^(?:0\d{8,9}|660?\d{8,9})$/.test(digits)) found.add('phone_number');
    else if (BANK_FORMAT.test(run.trim()) || /^\d{10,15}$/.test(digits)) found.add('bank_account');
  }
  if (BANK_WORDS.test(text)) found.add('bank_account');
  if (LINE_ID.test(text)) found.add('line_id');
  if (LINK.test(text)) found.add('link');
  if (PAYMENT_REQUEST.test(text)) found.add('payment_request');
  return LISTING_TEXT_REASONS.filter((reason) => found.has(reason));
}
