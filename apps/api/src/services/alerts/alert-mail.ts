import { LANGUAGE_TAGS, type Language, type ListingType, localizedPath } from '@baan/contract';
import type { Mail } from '../mail/mailer.ts';

/** One listing of an alert: the cover photo's absolute URL (or none), the title, price and type. */
export type AlertListing = { id: number; title: string; price: number; type: ListingType; photo: string | null };

export type SavedSearchAlert = {
  language: Language;
  name: string;
  email: string;
  /** The saved search's name and its normalized /api/properties query (also /Quick's). */
  searchName: string;
  query: string;
  /** The newest listings first, at most ALERT_MAX_LISTINGS. */
  listings: AlertListing[];
  /** Further new listings, reached through the search's link. */
  more: number;
  publicUrl: string;
  /** The signed one-click unsubscribe token (alerts/unsubscribe-token.ts). */
  unsubscribeToken: string;
};

/** The most listings one alert lists; the rest are behind the link to the search. */
export const ALERT_MAX_LISTINGS = 10;

type Texts = {
  subject: (search: string, n: string) => string;
  greeting: (name: string) => string;
  lead: (search: string) => string;
  perMonth: string;
  view: string;
  more: (n: string) => string;
  openSearch: string;
  reason: string;
  unsubscribe: string;
  signOff: string;
};

/** Every language says the same things. */
const TEXTS: Record<Language, Texts> = {
  en: {
    subject: (search, n) => `New on Baan for “${search}”: ${n}`,
    greeting: (name) => `Hello ${name},`,
    lead: (search) => `New listings match your saved search “${search}”:`,
    perMonth: '/ month',
    view: 'View listing',
    more: (n) => `And ${n} more: see all of them in the search.`,
    openSearch: 'See every result of this search',
    reason: 'You receive this e-mail because you saved this search on Baan with alerts.',
    unsubscribe: 'Stop these alerts',
    signOff: 'The Baan team',
  },
  th: {
    subject: (search, n) => `ประกาศใหม่บน Baan สำหรับ “${search}”: ${n} รายการ`,
    greeting: (name) => `สวัสดีคุณ ${name}`,
    lead: (search) => `มีประกาศใหม่ที่ตรงกับการค้นหาที่คุณบันทึกไว้ “${search}”:`,
    perMonth: '/ เดือน',
    view: 'ดูประกาศ',
    more: (n) => `และอีก ${n} รายการ ดูทั้งหมดได้ในผลการค้นหา`,
    openSearch: 'ดูผลการค้นหานี้ทั้งหมด',
    reason: 'คุณได้รับอีเมลนี้เนื่องจากคุณบันทึกการค้นหานี้บน Baan และเปิดการแจ้งเตือนไว้',
    unsubscribe: 'หยุดรับการแจ้งเตือนนี้',
    signOff: 'ทีมงาน Baan',
  },
  zh: {
    subject: (search, n) => `Baan 上有符合“${search}”的新房源：${n} 个`,
    greeting: (name) => `${name}，您好：`,
    lead: (search) => `有新房源符合您保存的搜索“${search}”：`,
    perMonth: '/ 月',
    view: '查看房源',
    more: (n) => `还有 ${n} 个，请在搜索结果中查看全部。`,
    openSearch: '查看此搜索的全部结果',
    reason: '您收到此邮件，是因为您在 Baan 上保存了此搜索并开启了提醒。',
    unsubscribe: '停止接收这些提醒',
    signOff: 'Baan 团队',
  },
  ja: {
    subject: (search, n) => `Baan の新着物件「${search}」：${n} 件`,
    greeting: (name) => `${name} 様`,
    lead: (search) => `保存した検索条件「${search}」に一致する新着物件があります：`,
    perMonth: '/ 月',
    view: '物件を見る',
    more: (n) => `ほかに ${n} 件あります。検索結果ですべてご覧ください。`,
    openSearch: 'この検索のすべての結果を見る',
    reason: 'このメールは、Baan で検索条件を保存し、新着通知を有効にした方にお送りしています。',
    unsubscribe: 'この通知を停止する',
    signOff: 'Baan チーム',
  },
  my: {
    subject: (search, n) => `“${search}” အတွက် Baan တွင် ကြော်ငြာအသစ် ${n} ခု`,
    greeting: (name) => `မင်္ဂလာပါ ${name}`,
    lead: (search) => `သင် သိမ်းထားသော ရှာဖွေမှု “${search}” နှင့် ကိုက်ညီသည့် ကြော်ငြာအသစ်များ ရှိပါသည်-`,
    perMonth: '/ လ',
    view: 'ကြော်ငြာကို ကြည့်ရန်',
    more: (n) => `နောက်ထပ် ${n} ခု ရှိပါသေးသည်။ အားလုံးကို ရှာဖွေမှုရလဒ်တွင် ကြည့်ပါ။`,
    openSearch: 'ဤရှာဖွေမှု၏ ရလဒ်အားလုံးကို ကြည့်ရန်',
    reason: 'Baan တွင် ဤရှာဖွေမှုကို သတိပေးချက်ဖြင့် သိမ်းထားသောကြောင့် ဤအီးမေးလ်ကို သင် လက်ခံရရှိခြင်း ဖြစ်ပါသည်။',
    unsubscribe: 'ဤသတိပေးချက်များကို ရပ်ရန်',
    signOff: 'Baan အဖွဲ့',
  },
  ru: {
    subject: (search, n) => `Новое на Baan по запросу «${search}»: ${n}`,
    greeting: (name) => `Здравствуйте, ${name}!`,
    lead: (search) => `Появились новые объявления по вашему сохранённому поиску «${search}»:`,
    perMonth: '/ мес.',
    view: 'Открыть объявление',
    more: (n) => `И ещё ${n}: все они — в результатах поиска.`,
    openSearch: 'Все результаты этого поиска',
    reason: 'Вы получили это письмо, потому что сохранили этот поиск на Baan с уведомлениями.',
    unsubscribe: 'Отключить эти уведомления',
    signOff: 'Команда Baan',
  },
  TW: {
    subject: (search, n) => `Baan 上有符合「${search}」的新物件：${n} 個`,
    greeting: (name) => `${name}，您好：`,
    lead: (search) => `有新物件符合您儲存的搜尋「${search}」：`,
    perMonth: '/ 月',
    view: '查看物件',
    more: (n) => `還有 ${n} 個，請到搜尋結果查看全部。`,
    openSearch: '查看這個搜尋的所有結果',
    reason: '您收到這封郵件，是因為您在 Baan 上儲存了這個搜尋並開啟了通知。',
    unsubscribe: '停止接收這些通知',
    signOff: 'Baan 團隊',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A text on one line (titles and search names are users' text; they never break the text layout). */
const oneLine = (s: string) =>
  s
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A saved search's alert in its owner's language: each new listing with its photo, title, price and link, a link
 * to the whole search on /Quick, and the one-click unsubscribe (List-Unsubscribe + List-Unsubscribe-Post, RFC 8058,
 * to the API; a visible link to the web page /alerts/unsubscribe).
 */
export function savedSearchAlertMail(alert: SavedSearchAlert): Mail {
  const { language } = alert;
  const t = TEXTS[language];
  const tag = LANGUAGE_TAGS[language];
  const numbers = new Intl.NumberFormat(tag);
  const money = new Intl.NumberFormat(tag, {
    style: 'currency',
    currency: 'THB',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  });
  const price = (l: AlertListing) =>
    l.type === 'rent' ? `${money.format(l.price)} ${t.perMonth}` : money.format(l.price);
  const url = (path: string) => `${alert.publicUrl}${localizedPath(language, path)}`;
  const searchUrl = `${url('/Quick')}${alert.query ? `?${alert.query}` : ''}`;
  const token = encodeURIComponent(alert.unsubscribeToken);
  const unsubscribePageUrl = `${url('/alerts/unsubscribe')}?token=${token}`;
  const oneClickUrl = `${alert.publicUrl}/api/saved-searches/unsubscribe?token=${token}`;
  const searchName = oneLine(alert.searchName);
  const total = alert.listings.length + alert.more;
  const items = alert.listings.map((l) => ({ ...l, title: oneLine(l.title), href: url(`/detail/${l.id}`) }));

  const subject = t.subject(searchName, numbers.format(total));
  const text = [
    t.greeting(alert.name),
    t.lead(searchName),
    ...items.map((l) => `${l.title}\n  ${price(l)}\n  ${l.href}`),
    ...(alert.more > 0 ? [t.more(numbers.format(alert.more))] : []),
    `${t.openSearch}:\n${searchUrl}`,
    `${t.reason}\n${t.unsubscribe}: ${unsubscribePageUrl}`,
    t.signOff,
  ].join('\n\n');

  const cards = items
    .map((l) => {
      const photo = l.photo
        ? `<td style="width:168px;padding:8px;vertical-align:top"><a href="${escapeHtml(l.href)}"><img src="${escapeHtml(l.photo)}" alt="${escapeHtml(l.title)}" width="160" style="display:block;width:160px;max-width:160px;border-radius:6px"></a></td>`
        : '';
      return `<tr style="border-bottom:1px solid #e5e7eb">${photo}<td style="padding:8px;vertical-align:top"${l.photo ? '' : ' colspan="2"'}><a href="${escapeHtml(l.href)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(l.title)}</a><br><strong>${escapeHtml(price(l))}</strong><br><a href="${escapeHtml(l.href)}" style="color:#1d4ed8;font-size:13px">${escapeHtml(t.view)}</a></td></tr>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="${tag}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5;max-width:680px;margin:0 auto;padding:24px">
<p>${escapeHtml(t.greeting(alert.name))}</p>
<p>${escapeHtml(t.lead(searchName))}</p>
<table style="border-collapse:collapse;width:100%;margin:12px 0;font-size:14px">
<tbody>
${cards}
</tbody></table>
${alert.more > 0 ? `<p>${escapeHtml(t.more(numbers.format(alert.more)))}</p>\n` : ''}<p><a href="${escapeHtml(searchUrl)}" style="color:#1d4ed8">${escapeHtml(t.openSearch)}</a></p>
<p>${escapeHtml(t.signOff)}</p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(t.reason)} <a href="${escapeHtml(unsubscribePageUrl)}" style="color:#6b7280">${escapeHtml(t.unsubscribe)}</a></p>
</body></html>
`;
  return {
    to: alert.email,
    subject,
    text: `${text}\n`,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
