/**
 * Every mail the API sends, in every language, rendered by its builder (no database): the texts come from
 * src/locales/<lang>/mail.json through i18next, nothing is left untranslated or raw, and user input is escaped in
 * the HTML. Also: every language has exactly the English keys, and a missing text makes the renderer throw.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_TAGS, LANGUAGES, type Language } from '@baan/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { savedSearchAlertMail } from '../src/services/alerts/alert-mail.ts';
import { contactMessageMail, inquiryDigestMail, inquiryMail } from '../src/services/contact/contact-mail.ts';
import type { ContactMessageRow, InquiryRow } from '../src/services/contact/contact-wire.ts';
import { accountTriedMail, codeMail } from '../src/services/mail/auth-mail.ts';
import {
  MAIL_NAMESPACE,
  MAIL_RESOURCES,
  MissingMailTextError,
  mailI18n,
  mailT,
} from '../src/services/mail/mail-i18n.ts';
import { reviewDecisionMail } from '../src/services/moderation/review-mail.ts';
import { paymentRejectedMail } from '../src/services/payments/notify-payment-rejected.ts';
import { packageEndReminderMail } from '../src/services/perks/reminder-mail.ts';
import { accountDeletionMail } from '../src/services/privacy/deletion-mail.ts';
import { weeklyReportMail } from '../src/services/reports/report-mail.ts';

const URL_BASE = 'https://baan.example';
/** A name that must never reach the HTML as markup. */
const NAME = 'Somsak <script>alert(1)</script>';
const TITLE = 'Riverside condo <b>42</b> & garden';
const TRANSACTION_ID = 'TX-2031-0042';
const ENDS_AT = new Date('2031-03-19T05:00:00Z');

type Rendered = { subject: string; text: string; html: string };
type Kind = { name: string; render: (language: Language) => Rendered; userText?: string[] };

const inquiry = (title = TITLE): InquiryRow => ({
  id: 7,
  propertyId: 12,
  ownerId: 3,
  propertyTitle: title,
  name: 'Anong <img src=x onerror=alert(1)>',
  email: 'anong@example.test',
  phone: '+66 81 234 5678',
  message: 'Is the pool shared?',
  language: 'th',
  status: 'new',
  note: null,
  respondedAt: null,
  mail: 'sent',
  createdAt: new Date('2031-03-10T03:00:00Z'),
});

const contactMessage: ContactMessageRow = {
  id: 9,
  name: NAME,
  email: 'nok@example.test',
  subject: 'Viewing <i>times</i>',
  message: 'Can I visit on Sunday?',
  language: 'th',
  createdAt: new Date('2031-03-10T03:00:00Z'),
};

const figures = (views: number, clicks: number, inquiries: number) => ({ views, clicks, inquiries });

/** Every kind of mail, with sample data that contains no English sentence of the texts. */
const KINDS: Kind[] = [
  { name: 'sign-up code', render: (l) => codeMail(l, 'register', NAME, '0427') },
  { name: 'password reset code', render: (l) => codeMail(l, 'forgot_password', NAME, '0427') },
  { name: 'account tried with passwords', render: (l) => accountTriedMail(l, NAME, 'password') },
  { name: 'account tried with codes', render: (l) => accountTriedMail(l, NAME, 'code') },
  {
    name: 'inquiry to the owner',
    render: (l) => inquiryMail(inquiry(), { name: NAME, email: 'o@x.test', language: l }, `${URL_BASE}/detail/12`),
  },
  {
    name: 'inquiry digest (one held)',
    render: (l) =>
      inquiryDigestMail([inquiry()], { name: NAME, email: 'o@x.test', language: l }, `${URL_BASE}/dashboard/inquiries`),
  },
  {
    name: 'inquiry digest (more than it lists)',
    render: (l) =>
      inquiryDigestMail(
        Array.from({ length: 13 }, (_, i) => inquiry(`${TITLE} ${i}`)),
        { name: NAME, email: 'o@x.test', language: l },
        `${URL_BASE}/dashboard/inquiries`,
      ),
  },
  { name: 'contact message to support', render: (l) => contactMessageMail(contactMessage, 'support@x.test', l) },
  {
    name: 'payment rejected',
    render: (l) =>
      paymentRejectedMail(
        { email: 'p@x.test', name: NAME, language: l },
        { amount: 1490, transactionId: TRANSACTION_ID, rejectReason: 'Slip <amount> does not match' },
        'Premium',
        URL_BASE,
      ),
  },
  {
    name: 'payment rejected (no transaction ID)',
    render: (l) =>
      paymentRejectedMail(
        { email: 'p@x.test', name: NAME, language: l },
        { amount: 490, transactionId: null, rejectReason: 'Slip unreadable' },
        'Starter',
        URL_BASE,
      ),
  },
  {
    name: 'listing approved',
    render: (l) =>
      reviewDecisionMail(
        { email: 'o@x.test', name: NAME, language: l },
        { kind: 'approved', listingId: 12, title: TITLE },
        URL_BASE,
      ),
  },
  {
    name: 'listing rejected',
    render: (l) =>
      reviewDecisionMail(
        { email: 'o@x.test', name: NAME, language: l },
        { kind: 'rejected', listingId: 12, title: TITLE, reason: 'Photos <blurry>' },
        URL_BASE,
      ),
  },
  {
    name: 'package ends in 3 days',
    render: (l) => packageEndReminderMail({ email: 'o@x.test', name: NAME, language: l }, 'Premium', ENDS_AT, URL_BASE),
  },
  {
    name: 'weekly report',
    render: (l) =>
      weeklyReportMail({
        language: l,
        name: NAME,
        email: 'o@x.test',
        from: '2031-03-10',
        to: '2031-03-16',
        listings: [
          { id: 12, title: TITLE, current: figures(1234, 3, 2), previous: figures(1000, 1, 0) },
          { id: 13, title: 'Family house', current: figures(4, 0, 0), previous: figures(9, 0, 0) },
        ],
        more: 5,
        total: { current: figures(1238, 3, 2), previous: figures(1009, 1, 0) },
        publicUrl: URL_BASE,
        unsubscribeQuery: 'u=3&t=abc',
      }),
  },
  {
    name: 'account deletion link',
    render: (l) => accountDeletionMail({ email: 'gone@x.test', name: NAME, language: l }, 'T0ken_-abc', URL_BASE),
  },
  {
    name: 'saved-search alert',
    render: (l) =>
      savedSearchAlertMail({
        language: l,
        name: NAME,
        email: 'b@x.test',
        searchName: 'Thong Lo <2 beds>',
        query: 'location=Thong%20Lo&type=rent',
        listings: [
          { id: 12, title: TITLE, price: 35000, type: 'rent', photo: `${URL_BASE}/uploads/a.webp` },
          { id: 13, title: 'Family house', price: 4500000, type: 'sale', photo: null },
        ],
        more: 3,
        publicUrl: URL_BASE,
        unsubscribeToken: 'tok.en',
      }),
  },
  {
    name: 'listing text edit approved',
    render: (l) =>
      reviewDecisionMail(
        { email: 'o@x.test', name: NAME, language: l },
        { kind: 'edit_approved', listingId: 12, title: TITLE },
        URL_BASE,
      ),
  },
  {
    name: 'listing text edit rejected',
    render: (l) =>
      reviewDecisionMail(
        { email: 'o@x.test', name: NAME, language: l },
        { kind: 'edit_rejected', listingId: 12, title: TITLE, reason: 'Phone <numbers> are not allowed' },
        URL_BASE,
      ),
  },
];

type Tree = { [key: string]: unknown };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value as Tree, path)) out.set(k, v);
  }
  return out;
}

const english = flatten(MAIL_RESOURCES.en);
/** Every key as a caller writes it (plural suffixes off), and with them. */
const keyPaths = new Set([...english.keys()].flatMap((k) => [k, k.replace(PLURAL, '')]));

/** English sentences of the texts: the runs of 3+ words between placeholders. */
const englishSentences = [
  ...new Set(
    [...english.values()]
      .flatMap((v) => v.split(/\{\{[^}]*\}\}/))
      .map((s) => s.trim())
      .filter((s) => s.split(/\s+/).length >= 3 && /[a-z]{3}/i.test(s)),
  ),
];

const visible = (html: string) =>
  html
    .replace(/<title>[\s\S]*?<\/title>/, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('every mail in every language', () => {
  const rendered = new Map<string, Rendered>();
  const render = (kind: Kind, language: Language) => {
    const key = `${kind.name}/${language}`;
    if (!rendered.has(key)) rendered.set(key, kind.render(language));
    return rendered.get(key) as Rendered;
  };

  describe.each(KINDS.map((k) => [k.name, k] as const))('%s', (_, kind) => {
    it.each([...LANGUAGES])('%s: complete, nothing raw, user text escaped', (language) => {
      const mail = render(kind, language);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part.trim().length).toBeGreaterThan(0);
        expect(part).not.toContain('{{');
        expect(part).not.toMatch(/(?<![-\w])mail[:.]/);
        for (const section of ['paymentRejected.', 'accountTried.', 'inquiryDigest.', 'contactMessage.', 'layout.'])
          expect(part).not.toContain(section);
        for (const key of keyPaths) expect(part).not.toContain(key);
      }
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).toContain(`<html lang="${LANGUAGE_TAGS[language]}">`);
      expect(mail.html).not.toMatch(/<script|<b>|<img src=x|<i>/);
      expect(mail.html).toContain('Somsak &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.text).toContain(NAME);
    });

    it.each(LANGUAGES.filter((l) => l !== 'en'))('%s: translated, no English sentence left', (language) => {
      const mail = render(kind, language);
      expect(mail.subject).not.toBe(render(kind, 'en').subject);
      const left = englishSentences.filter(
        (s) => mail.subject.includes(s) || mail.text.includes(s) || visible(mail.html).includes(s),
      );
      expect(left).toEqual([]);
    });
  });

  it.each([...LANGUAGES])('%s: the payment-rejected mail gives the transaction ID in text and HTML', (language) => {
    const mail = render(KINDS.find((k) => k.name === 'payment rejected') as Kind, language);
    expect(mail.text).toContain(TRANSACTION_ID);
    expect(mail.html).toContain(TRANSACTION_ID);
    expect(mail.html).toContain('Slip &lt;amount&gt; does not match');
    expect(mail.text).toContain('Premium');
    const without = render(KINDS.find((k) => k.name === 'payment rejected (no transaction ID)') as Kind, language);
    expect(without.text).not.toContain('TX-');
  });

  it.each([...LANGUAGES])(
    '%s: the account deletion mail links to the confirmation page with the token after #',
    (language) => {
      const mail = render(KINDS.find((k) => k.name === 'account deletion link') as Kind, language);
      const prefix = language === 'en' ? '' : `/${language === 'TW' ? 'tw' : language}`;
      const link = `${URL_BASE}${prefix}/dashboard/settings/delete-account#token=T0ken_-abc`;
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text).toContain('gone@x.test');
      // The hours are a number in the reader's plural form, in Latin digits.
      expect(mail.text).toMatch(/24/);
    },
  );

  const kind = (name: string) => KINDS.find((k) => k.name === name) as Kind;

  it('formats numbers and dates in the reader’s language', () => {
    expect(render(kind('payment rejected'), 'en').text).toContain('1,490 THB');
    expect(render(kind('payment rejected'), 'th').text).toContain('1,490 บาท');
    expect(render(kind('weekly report'), 'ru').text).toMatch(/1\s234/);
    expect(render(kind('package ends in 3 days'), 'en').subject).toBe('Your Baan package ends on March 19, 2031');
    expect(render(kind('package ends in 3 days'), 'ja').subject).toBe('Baan のプランは 2031年3月19日 に終了します');
  });

  it('writes Latin digits in every language, Burmese included (no mix with Burmese digits)', () => {
    for (const kind of KINDS) {
      const mail = render(kind, 'my');
      const all = `${mail.subject}${mail.text}${mail.html}`;
      const at = all.search(/[\u1040-\u1049]/);
      expect(at < 0 ? '' : all.slice(Math.max(0, at - 30), at + 10), kind.name).toBe('');
    }
    expect(render(kind('package ends in 3 days'), 'my').subject).toMatch(/2031/);
    expect(render(KINDS.find((k) => k.name === 'weekly report') as Kind, 'my').text).toMatch(/ 5 /);
  });

  it('declines counts by each language’s plural rules (Russian one/few/many)', () => {
    const held = (n: number) => Array.from({ length: n }, () => ({ propertyTitle: 'Condo', name: 'Ivan' }));
    const subject = (language: Language, n: number) =>
      inquiryDigestMail(held(n), { name: 'Ivan', email: 'i@x.test', language }, URL_BASE).subject;
    expect(subject('ru', 1)).toBe('Baan: ещё 1 сообщение по вашим объявлениям');
    expect(subject('ru', 3)).toBe('Baan: ещё 3 сообщения по вашим объявлениям');
    expect(subject('ru', 11)).toBe('Baan: ещё 11 сообщений по вашим объявлениям');
    expect(subject('en', 1)).toBe('Baan: 1 more message about your listings');
    expect(subject('en', 21)).toBe('Baan: 21 more messages about your listings');
    // Chinese has one form, Traditional too (TW is zh-Hant, not an unknown “tw”).
    expect(mailT('TW').text('alert.more', { count: 1 })).toBe('還有 1 個，請到搜尋結果查看全部。');
  });
});

describe('mail.json files', () => {
  const dir = fileURLToPath(new URL('../src/locales', import.meta.url));

  it('exist for exactly the app’s languages, and are the ones bundled', () => {
    expect(readdirSync(dir).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) expect(readdirSync(`${dir}/${language}`)).toEqual(['mail.json']);
  });

  it.each([...LANGUAGES])(
    '%s has exactly the English keys (plural forms per language) and their placeholders',
    (language) => {
      const own = flatten(MAIL_RESOURCES[language]);
      const base = (keys: Iterable<string>) => [...new Set([...keys].map((k) => k.replace(PLURAL, '')))].sort();
      expect(base(own.keys())).toEqual(base(english.keys()));
      // Plural keys: exactly the categories of the language's plural rules.
      const categories = new Intl.PluralRules(LANGUAGE_TAGS[language]).resolvedOptions().pluralCategories;
      const plurals = new Set([...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
      for (const key of plurals) {
        const forms = [...own.keys()].filter((k) => k.replace(PLURAL, '') === key && PLURAL.test(k));
        expect(forms.map((k) => PLURAL.exec(k)?.[1]).sort(), `${language} ${key}`).toEqual([...categories].sort());
      }
      for (const key of own.keys()) expect(PLURAL.test(key) || !plurals.has(key), `${language} ${key}`).toBe(true);
      const names = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
      for (const [key, value] of own) {
        expect(value.trim(), `${language} ${key}`).not.toBe('');
        const englishValue = english.get(key) ?? english.get(`${key.replace(PLURAL, '')}_other`) ?? '';
        expect(names(value), `${language} ${key}`).toEqual(names(englishValue));
      }
    },
  );
});

describe('a missing text', () => {
  const th = LANGUAGE_TAGS.th;
  const original = structuredClone(mailI18n.getResourceBundle(th, MAIL_NAMESPACE)) as Tree;
  afterEach(() => {
    mailI18n.removeResourceBundle(th, MAIL_NAMESPACE);
    mailI18n.addResourceBundle(th, MAIL_NAMESPACE, structuredClone(original));
  });

  it('makes the renderer throw instead of sending a raw key', () => {
    expect(() => mailT('th').text('paymentRejected.noSuchText')).toThrow(MissingMailTextError);
    const broken = structuredClone(original) as { paymentRejected: Tree };
    delete broken.paymentRejected.reason;
    mailI18n.removeResourceBundle(th, MAIL_NAMESPACE);
    mailI18n.addResourceBundle(th, MAIL_NAMESPACE, broken);
    const render = () =>
      paymentRejectedMail(
        { email: 'p@x.test', name: 'Somchai', language: 'th' },
        { amount: 490, transactionId: TRANSACTION_ID, rejectReason: 'x' },
        'Starter',
        URL_BASE,
      );
    // No English fallback either: the Thai mail fails rather than mixing languages.
    expect(render).toThrow(/paymentRejected\.reason/);
  });

  it('throws for a placeholder without a value, and for a section key', () => {
    expect(() => mailT('en').text('layout.greeting')).toThrow(MissingMailTextError);
    expect(() => mailT('en').html('paymentRejected.reason')).toThrow(MissingMailTextError);
    expect(() => mailT('en').text('review.approved')).toThrow(MissingMailTextError);
  });
});
