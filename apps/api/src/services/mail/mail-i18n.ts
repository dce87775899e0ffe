/**
 * The words of every mail the API sends, in the reader's language, through one i18next instance (ADR-free summary:
 * docs/ARCHITECTURE.md, "Mail"). The texts live in `src/locales/<lang>/mail.json` (namespace `mail`), bundled here
 * statically: nothing is read from disk at send time.
 *
 * - A missing key (or a `{{value}}` the caller did not give) throws: a mail never goes out with a raw key in it.
 * - Interpolation does not escape: `text()` is for plain-text parts and subjects; `html()` escapes the translated
 *   text and every value itself (names, titles and reasons are users' text), and inserts only the values the
 *   caller marks as ready-made HTML.
 * - Plurals (`_one`, `_few`, `_many`, `_other`) follow Intl.PluralRules of the language's BCP 47 tag, so Traditional
 *   Chinese (`TW`, `zh-Hant`) has Chinese rules; `{{count, number}}` formats the count in that locale.
 */
import { FORMAT_LOCALES, LANGUAGE_TAGS, LANGUAGES, type Language } from '@baan/contract';
import i18next, { type i18n as I18n } from 'i18next';
import en from '../../locales/en/mail.json' with { type: 'json' };
import ja from '../../locales/ja/mail.json' with { type: 'json' };
import my from '../../locales/my/mail.json' with { type: 'json' };
import ru from '../../locales/ru/mail.json' with { type: 'json' };
import TW from '../../locales/TW/mail.json' with { type: 'json' };
import th from '../../locales/th/mail.json' with { type: 'json' };
import zh from '../../locales/zh/mail.json' with { type: 'json' };

export const MAIL_NAMESPACE = 'mail';

/** Every language's mail texts, by the app's language code. */
export const MAIL_RESOURCES: Record<Language, Record<string, unknown>> = { en, th, zh, ja, my, ru, TW };

export class MissingMailTextError extends Error {
  override name = 'MissingMailTextError';
}

function createMailI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    // i18next knows each language by its BCP 47 tag (zh-Hant for TW), so plural rules and number formats are right.
    resources: Object.fromEntries(
      LANGUAGES.map((language) => [LANGUAGE_TAGS[language], { [MAIL_NAMESPACE]: MAIL_RESOURCES[language] }]),
    ),
    lng: LANGUAGE_TAGS.en,
    ns: [MAIL_NAMESPACE],
    defaultNS: MAIL_NAMESPACE,
    // No fallback: a text missing in one language is an error, not English in a Thai mail.
    fallbackLng: false,
    load: 'currentOnly',
    lowerCaseLng: false,
    initAsync: false,
    returnNull: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    missingInterpolationHandler: (text: string, match: RegExpExecArray | string[]) => {
      throw new MissingMailTextError(`mail text “${text}” needs a value for ${match[0]}`);
    },
    saveMissing: true,
    missingKeyHandler: (lngs: readonly string[], ns: string, key: string) => {
      throw new MissingMailTextError(`no mail text ${ns}:${key} in ${lngs.join(', ')}`);
    },
    returnedObjectHandler: (key: string) => {
      throw new MissingMailTextError(`mail key ${key} names a section, not a text`);
    },
  });
  // `{{count, number}}` in Latin digits in every language, like the amounts and dates (FORMAT_LOCALES).
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined) =>
    new Intl.NumberFormat(`${lng ?? LANGUAGE_TAGS.en}-u-nu-latn`).format(Number(value)),
  );
  return instance;
}

/** The one instance (tests may read it; nothing else should). */
export const mailI18n = createMailI18n();

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A value that `html()` inserts as it is: HTML the caller built and escaped itself. */
export type RawHtml = { readonly rawHtml: string };
export const rawHtml = (html: string): RawHtml => ({ rawHtml: html });

type Value = string | number | RawHtml;
export type MailValues = Record<string, Value>;

export type MailT = {
  language: Language;
  /** The BCP 47 tag (`<html lang>`, plural rules). */
  tag: string;
  /** The locale for numbers and dates (Latin digits in every language, Burmese included). */
  locale: string;
  /** A plain text: values as they are (subjects and text parts). */
  text: (key: string, values?: Record<string, string | number>) => string;
  /** The same text as HTML: the text and string values escaped, RawHtml values inserted as given. */
  html: (key: string, values?: MailValues) => string;
};

function translate(language: Language, key: string, values: Record<string, string | number>): string {
  const lng = LANGUAGE_TAGS[language];
  const options = { lng, ns: MAIL_NAMESPACE, ...values };
  if (!mailI18n.exists(key, options)) {
    throw new MissingMailTextError(`no mail text ${MAIL_NAMESPACE}:${key} in ${language}`);
  }
  const out = mailI18n.t(key, options);
  if (typeof out !== 'string' || out === key || !out.trim()) {
    throw new MissingMailTextError(`no mail text ${MAIL_NAMESPACE}:${key} in ${language}`);
  }
  return out;
}

// Private-use characters mark where a value goes in the HTML; they never occur in the texts.
const MARK = '\uE000';

/** The translation functions for one language (what every mail builder starts from). */
export function mailT(language: Language): MailT {
  return {
    language,
    tag: LANGUAGE_TAGS[language],
    locale: FORMAT_LOCALES[language],
    text: (key, values = {}) => translate(language, key, values),
    html: (key, values = {}) => {
      const parts: string[] = [];
      const marked: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(values)) {
        if (typeof value === 'number') {
          marked[name] = value;
          continue;
        }
        parts.push(typeof value === 'string' ? escapeHtml(value) : value.rawHtml);
        marked[name] = `${MARK}${parts.length - 1}${MARK}`;
      }
      return escapeHtml(translate(language, key, marked)).replace(
        new RegExp(`${MARK}(\\d+)${MARK}`, 'g'),
        (_, i: string) => parts[Number(i)] ?? '',
      );
    },
  };
}
