import { LANGUAGE_TAGS, type Language, localizedPath } from '@baan/contract';
import type { Mail } from '../mail/mailer.ts';

/** One listing's (or all listings') counts for the report's week and the week before. */
export type WeekFigures = { views: number; clicks: number; inquiries: number };
export type ReportListing = { id: number; title: string; current: WeekFigures; previous: WeekFigures };

export type WeeklyReport = {
  language: Language;
  name: string;
  email: string;
  /** First and last Bangkok day of the week reported (YYYY-MM-DD). */
  from: string;
  to: string;
  listings: ReportListing[];
  /** Listings beyond the ones shown (the mail lists at most REPORT_MAX_LISTINGS). */
  more: number;
  /** All active listings together (shown when there are several). */
  total: { current: WeekFigures; previous: WeekFigures };
  publicUrl: string;
  /** `u=…&t=…` of the signed unsubscribe link. */
  unsubscribeQuery: string;
};

/** The most listings one report lists; the rest are on the dashboard. */
export const REPORT_MAX_LISTINGS = 30;

type Texts = {
  subject: (from: string, to: string) => string;
  greeting: (name: string) => string;
  lead: (from: string, to: string) => string;
  listing: string;
  views: string;
  clicks: string;
  inquiries: string;
  total: string;
  previous: (n: string) => string;
  more: (n: string) => string;
  dashboardLead: string;
  dashboard: string;
  reason: string;
  unsubscribe: string;
  signOff: string;
};

/** Every language says the same things. */
const TEXTS: Record<Language, Texts> = {
  en: {
    subject: (from, to) => `Your Baan weekly report: ${from} – ${to}`,
    greeting: (name) => `Hello ${name},`,
    lead: (from, to) => `Here is how your listings did from ${from} to ${to}, compared with the 7 days before.`,
    listing: 'Listing',
    views: 'Views',
    clicks: 'Contact clicks',
    inquiries: 'Inquiries',
    total: 'All active listings',
    previous: (n) => `previous week: ${n}`,
    more: (n) => `Listings not shown here: ${n}. See them all on your dashboard.`,
    dashboardLead: 'Day-by-day charts for each listing are on your dashboard:',
    dashboard: 'Open your dashboard',
    reason: 'You receive this e-mail because you have active listings on Baan.',
    unsubscribe: 'Unsubscribe from the weekly report',
    signOff: 'The Baan team',
  },
  th: {
    subject: (from, to) => `รายงานประจำสัปดาห์จาก Baan: ${from} – ${to}`,
    greeting: (name) => `สวัสดีคุณ ${name}`,
    lead: (from, to) => `ผลลัพธ์ของประกาศของคุณระหว่างวันที่ ${from} ถึง ${to} เทียบกับ 7 วันก่อนหน้า มีดังนี้`,
    listing: 'ประกาศ',
    views: 'การเข้าชม',
    clicks: 'การคลิกติดต่อ',
    inquiries: 'การสอบถาม',
    total: 'ประกาศที่เปิดอยู่ทั้งหมด',
    previous: (n) => `สัปดาห์ก่อน: ${n}`,
    more: (n) => `ยังมีประกาศอีก ${n} รายการที่ไม่ได้แสดงในอีเมลนี้ ดูทั้งหมดได้ที่แดชบอร์ดของคุณ`,
    dashboardLead: 'ดูกราฟรายวันของแต่ละประกาศได้ที่แดชบอร์ดของคุณ:',
    dashboard: 'เปิดแดชบอร์ด',
    reason: 'คุณได้รับอีเมลนี้เนื่องจากคุณมีประกาศที่เปิดอยู่บน Baan',
    unsubscribe: 'ยกเลิกการรับรายงานประจำสัปดาห์',
    signOff: 'ทีมงาน Baan',
  },
  zh: {
    subject: (from, to) => `您的 Baan 每周报告：${from} – ${to}`,
    greeting: (name) => `${name}，您好：`,
    lead: (from, to) => `以下是您的房源在 ${from} 至 ${to} 期间的表现，并与之前 7 天进行了对比。`,
    listing: '房源',
    views: '浏览量',
    clicks: '联系点击',
    inquiries: '咨询',
    total: '所有在线房源',
    previous: (n) => `上周：${n}`,
    more: (n) => `另有 ${n} 个房源未在此列出，请在控制面板中查看全部。`,
    dashboardLead: '每个房源的每日图表都在您的控制面板中：',
    dashboard: '打开控制面板',
    reason: '您收到此邮件，是因为您在 Baan 上有在线房源。',
    unsubscribe: '退订每周报告',
    signOff: 'Baan 团队',
  },
  ja: {
    subject: (from, to) => `Baan 週間レポート：${from}～${to}`,
    greeting: (name) => `${name} 様`,
    lead: (from, to) => `${from}～${to} の掲載物件の実績を、その前の 7 日間と比較してお知らせします。`,
    listing: '物件',
    views: '閲覧数',
    clicks: '連絡先のクリック',
    inquiries: 'お問い合わせ',
    total: '掲載中のすべての物件',
    previous: (n) => `前週：${n}`,
    more: (n) => `このメールに記載していない物件が ${n} 件あります。すべての物件はダッシュボードでご確認ください。`,
    dashboardLead: '物件ごとの日別グラフはダッシュボードでご覧いただけます：',
    dashboard: 'ダッシュボードを開く',
    reason: 'このメールは、Baan に掲載中の物件をお持ちの方にお送りしています。',
    unsubscribe: '週間レポートの配信を停止する',
    signOff: 'Baan チーム',
  },
  my: {
    subject: (from, to) => `Baan အပတ်စဉ် အစီရင်ခံစာ- ${from} – ${to}`,
    greeting: (name) => `မင်္ဂလာပါ ${name}`,
    lead: (from, to) => `${from} မှ ${to} အထိ သင့်ကြော်ငြာများ၏ ရလဒ်များကို ယခင် ၇ ရက်နှင့် နှိုင်းယှဉ်၍ ဖော်ပြထားပါသည်။`,
    listing: 'ကြော်ငြာ',
    views: 'ကြည့်ရှုမှု',
    clicks: 'ဆက်သွယ်ရန် နှိပ်မှု',
    inquiries: 'စုံစမ်းမေးမြန်းမှု',
    total: 'လက်ရှိ ကြော်ငြာအားလုံး',
    previous: (n) => `ယခင်အပတ်- ${n}`,
    more: (n) => `ဤနေရာတွင် မပြထားသော ကြော်ငြာ ${n} ခု ရှိပါသည်။ အားလုံးကို သင့်ဒက်ရှ်ဘုတ်တွင် ကြည့်ပါ။`,
    dashboardLead: 'ကြော်ငြာတစ်ခုစီ၏ နေ့စဉ်ဇယားများကို သင့်ဒက်ရှ်ဘုတ်တွင် ကြည့်နိုင်ပါသည်-',
    dashboard: 'ဒက်ရှ်ဘုတ်ကို ဖွင့်ရန်',
    reason: 'Baan တွင် လက်ရှိ ကြော်ငြာများ ရှိသောကြောင့် ဤအီးမေးလ်ကို သင် လက်ခံရရှိခြင်း ဖြစ်ပါသည်။',
    unsubscribe: 'အပတ်စဉ် အစီရင်ခံစာ ရယူခြင်းကို ရပ်ရန်',
    signOff: 'Baan အဖွဲ့',
  },
  ru: {
    subject: (from, to) => `Еженедельный отчёт Baan: ${from} – ${to}`,
    greeting: (name) => `Здравствуйте, ${name}!`,
    lead: (from, to) => `Вот как ваши объявления показали себя с ${from} по ${to} по сравнению с предыдущими 7 днями.`,
    listing: 'Объявление',
    views: 'Просмотры',
    clicks: 'Клики по контактам',
    inquiries: 'Запросы',
    total: 'Все активные объявления',
    previous: (n) => `неделей ранее: ${n}`,
    more: (n) => `Объявлений, не показанных здесь: ${n}. Все они — в вашем личном кабинете.`,
    dashboardLead: 'Графики по дням для каждого объявления — в вашем личном кабинете:',
    dashboard: 'Открыть личный кабинет',
    reason: 'Вы получили это письмо, потому что у вас есть активные объявления на Baan.',
    unsubscribe: 'Отписаться от еженедельного отчёта',
    signOff: 'Команда Baan',
  },
  TW: {
    subject: (from, to) => `您的 Baan 每週報告：${from} – ${to}`,
    greeting: (name) => `${name}，您好：`,
    lead: (from, to) => `以下是您的物件在 ${from} 至 ${to} 期間的表現，並與之前 7 天比較。`,
    listing: '物件',
    views: '瀏覽次數',
    clicks: '聯絡點擊',
    inquiries: '詢問',
    total: '所有刊登中的物件',
    previous: (n) => `上週：${n}`,
    more: (n) => `另有 ${n} 個物件未在此列出，請到控制台查看全部。`,
    dashboardLead: '每個物件的每日圖表都在您的控制台：',
    dashboard: '開啟控制台',
    reason: '您收到這封郵件，是因為您在 Baan 上有刊登中的物件。',
    unsubscribe: '取消訂閱每週報告',
    signOff: 'Baan 團隊',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A title on one line (a listing's title is the owner's text; it never breaks the text layout). */
const oneLine = (s: string) =>
  s
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

type Change = { symbol: '▲' | '▼' | '='; text: string; color: string };

function change(current: number, previous: number, number: (n: number) => string): Change {
  const diff = current - previous;
  if (diff > 0) return { symbol: '▲', text: `▲ +${number(diff)}`, color: '#047857' };
  if (diff < 0) return { symbol: '▼', text: `▼ −${number(-diff)}`, color: '#b91c1c' };
  return { symbol: '=', text: '=', color: '#6b7280' };
}

/** The weekly report in the owner's language: text and HTML, with the one-click unsubscribe headers (RFC 8058). */
export function weeklyReportMail(report: WeeklyReport): Mail {
  const { language } = report;
  const t = TEXTS[language];
  const tag = LANGUAGE_TAGS[language];
  const numbers = new Intl.NumberFormat(tag);
  const number = (n: number) => numbers.format(n);
  const dates = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const date = (day: string) => dates.format(new Date(`${day}T00:00:00Z`));
  const from = date(report.from);
  const to = date(report.to);
  const url = (path: string) => `${report.publicUrl}${localizedPath(language, path)}`;
  const dashboardUrl = url('/dashboard');
  const unsubscribePageUrl = `${url('/unsubscribe')}?${report.unsubscribeQuery}`;
  const oneClickUrl = `${report.publicUrl}/api/reports/unsubscribe?${report.unsubscribeQuery}`;

  const measures: [string, keyof WeekFigures][] = [
    [t.views, 'views'],
    [t.clicks, 'clicks'],
    [t.inquiries, 'inquiries'],
  ];
  const rows: { title: string; href?: string; current: WeekFigures; previous: WeekFigures }[] = [
    ...(report.listings.length > 1 ? [{ title: t.total, ...report.total }] : []),
    ...report.listings.map((l) => ({
      title: oneLine(l.title),
      href: url(`/detail/${l.id}`),
      current: l.current,
      previous: l.previous,
    })),
  ];

  const textBlocks = rows.map((row) =>
    [
      row.title,
      ...measures.map(([label, key]) => {
        const c = change(row.current[key], row.previous[key], number);
        return `  ${label}: ${number(row.current[key])} ${c.text} (${t.previous(number(row.previous[key]))})`;
      }),
    ].join('\n'),
  );
  const text = [
    t.greeting(report.name),
    t.lead(from, to),
    ...textBlocks,
    ...(report.more > 0 ? [t.more(number(report.more))] : []),
    `${t.dashboardLead}\n${dashboardUrl}`,
    `${t.reason}\n${t.unsubscribe}: ${unsubscribePageUrl}`,
    t.signOff,
  ].join('\n\n');

  const cell = (row: (typeof rows)[number], key: keyof WeekFigures) => {
    const c = change(row.current[key], row.previous[key], number);
    return `<td style="padding:6px 8px;text-align:right;white-space:nowrap"><strong>${number(row.current[key])}</strong> <span style="color:${c.color}">${escapeHtml(c.text)}</span><br><span style="color:#6b7280;font-size:12px">${escapeHtml(t.previous(number(row.previous[key])))}</span></td>`;
  };
  const tableRows = rows
    .map((row, i) => {
      const name = row.href
        ? `<a href="${escapeHtml(row.href)}" style="color:#1d4ed8">${escapeHtml(row.title)}</a>`
        : `<strong>${escapeHtml(row.title)}</strong>`;
      const shade = i % 2 === 0 ? '#f9fafb' : '#ffffff';
      return `<tr style="background:${shade}"><td style="padding:6px 8px">${name}</td>${measures.map(([, key]) => cell(row, key)).join('')}</tr>`;
    })
    .join('\n');
  const head = [t.listing, ...measures.map(([label]) => label)]
    .map(
      (label, i) =>
        `<th style="padding:6px 8px;text-align:${i === 0 ? 'left' : 'right'};color:#374151">${escapeHtml(label)}</th>`,
    )
    .join('');
  const subject = t.subject(from, to);
  const html = `<!doctype html>
<html lang="${tag}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5;max-width:680px;margin:0 auto;padding:24px">
<p>${escapeHtml(t.greeting(report.name))}</p>
<p>${escapeHtml(t.lead(from, to))}</p>
<table style="border-collapse:collapse;width:100%;margin:12px 0;font-size:14px">
<thead><tr style="border-bottom:2px solid #e5e7eb">${head}</tr></thead>
<tbody>
${tableRows}
</tbody></table>
${report.more > 0 ? `<p>${escapeHtml(t.more(number(report.more)))}</p>\n` : ''}<p>${escapeHtml(t.dashboardLead)} <a href="${escapeHtml(dashboardUrl)}" style="color:#1d4ed8">${escapeHtml(t.dashboard)}</a></p>
<p>${escapeHtml(t.signOff)}</p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(t.reason)} <a href="${escapeHtml(unsubscribePageUrl)}" style="color:#6b7280">${escapeHtml(t.unsubscribe)}</a></p>
</body></html>
`;
  return {
    to: report.email,
    subject,
    text: `${text}\n`,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
