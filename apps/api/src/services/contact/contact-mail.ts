import { LANGUAGE_TAGS, type Language } from '@baan/contract';
import type { Mail } from '../mail/mailer.ts';
import type { ContactMessageRow, InquiryRow } from './contact-wire.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A header-safe single line: visitors' text never adds lines to a mail header. */
const oneLine = (s: string, max = 150) => {
  const line = s
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

const page = (lang: string, title: string, body: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">
${body}
</body></html>
`;

const rows = (fields: [string, string][]) =>
  `<table style="border-collapse:collapse;margin:12px 0">${fields
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#6b7280;font-weight:normal">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;

const quoted = (message: string) =>
  `<div style="white-space:pre-wrap;border-left:3px solid #d1d5db;padding:8px 12px;margin:12px 0">${escapeHtml(message)}</div>`;

/** A contact-form message as the support team receives it (in English: it is the team's inbox). */
export function contactMessageMail(row: ContactMessageRow, supportEmail: string): Mail {
  const subject = `[Baan contact] ${oneLine(row.subject)}`;
  const fields: [string, string][] = [
    ['Name', row.name],
    ['E-mail', row.email],
    ['Subject', row.subject],
    ['Language', row.language],
    ['Sent', row.createdAt.toISOString()],
    ['Message no.', String(row.id)],
  ];
  const text = [
    'A visitor sent a message through the Baan contact form.',
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    row.message,
    '',
    `Reply to this e-mail to answer ${row.name} directly.`,
    '',
  ].join('\n');
  const html = page(
    'en',
    subject,
    `<p>A visitor sent a message through the Baan contact form.</p>
${rows(fields)}
${quoted(row.message)}
<p style="color:#6b7280">Reply to this e-mail to answer ${escapeHtml(row.name)} directly.</p>`,
  );
  return { to: supportEmail, subject, text, html, replyTo: { name: oneLine(row.name), address: row.email } };
}

type InquiryTexts = {
  subject: (title: string) => string;
  greeting: (name: string) => string;
  lead: (visitor: string) => string;
  labels: { listing: string; name: string; email: string; phone: string };
  view: string;
  reply: string;
  signOff: string;
};

/** Static parts hold no HTML-special characters, so the HTML may call them with escaped values. */
const INQUIRY_TEXTS: Record<Language, InquiryTexts> = {
  en: {
    subject: (title) => `Baan: a new message about your listing “${title}”`,
    greeting: (name) => `Hello ${name},`,
    lead: (visitor) => `${visitor} sent you a message about your listing on Baan:`,
    labels: { listing: 'Listing', name: 'Name', email: 'E-mail', phone: 'Phone' },
    view: 'View the listing',
    reply: 'Reply to this e-mail to answer the sender directly.',
    signOff: 'The Baan team',
  },
  th: {
    subject: (title) => `Baan: มีข้อความใหม่เกี่ยวกับประกาศ “${title}” ของคุณ`,
    greeting: (name) => `สวัสดีคุณ ${name}`,
    lead: (visitor) => `${visitor} ส่งข้อความถึงคุณเกี่ยวกับประกาศของคุณบน Baan:`,
    labels: { listing: 'ประกาศ', name: 'ชื่อ', email: 'อีเมล', phone: 'โทรศัพท์' },
    view: 'ดูประกาศ',
    reply: 'ตอบกลับอีเมลนี้เพื่อติดต่อผู้ส่งโดยตรง',
    signOff: 'ทีมงาน Baan',
  },
  zh: {
    subject: (title) => `Baan：您的房源“${title}”有一条新留言`,
    greeting: (name) => `${name}，您好：`,
    lead: (visitor) => `${visitor} 就您在 Baan 上发布的房源给您发来一条留言：`,
    labels: { listing: '房源', name: '姓名', email: '电子邮箱', phone: '电话' },
    view: '查看房源',
    reply: '直接回复此邮件即可联系对方。',
    signOff: 'Baan 团队',
  },
  ja: {
    subject: (title) => `Baan：物件「${title}」に新しいメッセージが届きました`,
    greeting: (name) => `${name} 様`,
    lead: (visitor) => `${visitor} さんから、Baan に掲載中の物件についてメッセージが届きました：`,
    labels: { listing: '物件', name: 'お名前', email: 'メールアドレス', phone: '電話番号' },
    view: '物件を見る',
    reply: 'このメールに返信すると、送信者に直接連絡できます。',
    signOff: 'Baan チーム',
  },
  my: {
    subject: (title) => `Baan: သင့်ကြော်ငြာ “${title}” အကြောင်း မက်ဆေ့ချ်အသစ်`,
    greeting: (name) => `မင်္ဂလာပါ ${name}`,
    lead: (visitor) => `${visitor} က Baan ပေါ်ရှိ သင့်ကြော်ငြာအကြောင်း မက်ဆေ့ချ် ပို့ထားပါသည်-`,
    labels: { listing: 'ကြော်ငြာ', name: 'အမည်', email: 'အီးမေးလ်', phone: 'ဖုန်း' },
    view: 'ကြော်ငြာကို ကြည့်ရန်',
    reply: 'ပို့သူထံ တိုက်ရိုက်ပြန်ကြားရန် ဤအီးမေးလ်ကို ပြန်စာပို့ပါ။',
    signOff: 'Baan အဖွဲ့',
  },
  ru: {
    subject: (title) => `Baan: новое сообщение по вашему объявлению «${title}»`,
    greeting: (name) => `Здравствуйте, ${name}!`,
    lead: (visitor) => `${visitor} написал(а) вам по поводу вашего объявления на Baan:`,
    labels: { listing: 'Объявление', name: 'Имя', email: 'Эл. почта', phone: 'Телефон' },
    view: 'Открыть объявление',
    reply: 'Ответьте на это письмо, чтобы написать отправителю напрямую.',
    signOff: 'Команда Baan',
  },
  TW: {
    subject: (title) => `Baan：您的物件「${title}」有一則新留言`,
    greeting: (name) => `${name}，您好：`,
    lead: (visitor) => `${visitor} 針對您在 Baan 刊登的物件傳來一則留言：`,
    labels: { listing: '物件', name: '姓名', email: '電子郵件', phone: '電話' },
    view: '查看物件',
    reply: '直接回覆這封郵件即可聯絡對方。',
    signOff: 'Baan 團隊',
  },
};

export type InquiryOwner = { name: string; email: string; language: Language };

/** A visitor's inquiry as the listing's owner receives it, in the owner's language. */
export function inquiryMail(row: InquiryRow, owner: InquiryOwner, listingUrl: string): Mail {
  const t = INQUIRY_TEXTS[owner.language];
  const subject = t.subject(oneLine(row.propertyTitle, 120));
  const fields: [string, string][] = [
    [t.labels.listing, row.propertyTitle],
    [t.labels.name, row.name],
    [t.labels.email, row.email],
    ...(row.phone ? [[t.labels.phone, row.phone] as [string, string]] : []),
  ];
  const text = [
    t.greeting(owner.name),
    '',
    t.lead(row.name),
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    row.message,
    '',
    `${t.view}: ${listingUrl}`,
    '',
    t.reply,
    '',
    t.signOff,
    '',
  ].join('\n');
  const html = page(
    LANGUAGE_TAGS[owner.language],
    subject,
    `<p>${escapeHtml(t.greeting(owner.name))}</p>
<p>${t.lead(escapeHtml(row.name))}</p>
${rows(fields)}
${quoted(row.message)}
<p><a href="${escapeHtml(listingUrl)}">${t.view}</a></p>
<p style="color:#6b7280">${t.reply}</p>
<p>${t.signOff}</p>`,
  );
  return { to: owner.email, subject, text, html, replyTo: { name: oneLine(row.name), address: row.email } };
}
