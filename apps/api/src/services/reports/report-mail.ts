import { type Language, localizedPath } from '@baan/contract';
import { escapeHtml, mailT } from '../mail/mail-i18n.ts';
import { footerBlock, layoutMail, oneLine, paragraph } from '../mail/mail-layout.ts';
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

type Change = { symbol: '▲' | '▼' | '='; text: string; color: string };

function change(current: number, previous: number, number: (n: number) => string): Change {
  const diff = current - previous;
  if (diff > 0) return { symbol: '▲', text: `▲ +${number(diff)}`, color: '#047857' };
  if (diff < 0) return { symbol: '▼', text: `▼ −${number(-diff)}`, color: '#b91c1c' };
  return { symbol: '=', text: '=', color: '#6b7280' };
}

/** The weekly report in the owner's language (`mail:report`): text and HTML, with the one-click unsubscribe headers (RFC 8058). */
export function weeklyReportMail(report: WeeklyReport): Mail {
  const t = mailT(report.language);
  const numbers = new Intl.NumberFormat(t.locale);
  const number = (n: number) => numbers.format(n);
  const dates = new Intl.DateTimeFormat(t.locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const date = (day: string) => dates.format(new Date(`${day}T00:00:00Z`));
  const from = date(report.from);
  const to = date(report.to);
  const url = (path: string) => `${report.publicUrl}${localizedPath(report.language, path)}`;
  const dashboardUrl = url('/dashboard');
  const unsubscribePageUrl = `${url('/unsubscribe')}?${report.unsubscribeQuery}`;
  const oneClickUrl = `${report.publicUrl}/api/reports/unsubscribe?${report.unsubscribeQuery}`;
  const previous = (n: number) => t.text('report.previous', { value: number(n) });

  const measures: [string, keyof WeekFigures][] = [
    [t.text('report.views'), 'views'],
    [t.text('report.clicks'), 'clicks'],
    [t.text('report.inquiries'), 'inquiries'],
  ];
  const rows: { title: string; href?: string; current: WeekFigures; previous: WeekFigures }[] = [
    ...(report.listings.length > 1 ? [{ title: t.text('report.total'), ...report.total }] : []),
    ...report.listings.map((l) => ({
      title: oneLine(l.title),
      href: url(`/detail/${l.id}`),
      current: l.current,
      previous: l.previous,
    })),
  ];

  const tableText = rows
    .map((row) =>
      [
        row.title,
        ...measures.map(([label, key]) => {
          const c = change(row.current[key], row.previous[key], number);
          return `  ${label}: ${number(row.current[key])} ${c.text} (${previous(row.previous[key])})`;
        }),
      ].join('\n'),
    )
    .join('\n\n');
  const cell = (row: (typeof rows)[number], key: keyof WeekFigures) => {
    const c = change(row.current[key], row.previous[key], number);
    return `<td style="padding:6px 8px;text-align:right;white-space:nowrap"><strong>${number(row.current[key])}</strong> <span style="color:${c.color}">${escapeHtml(c.text)}</span><br><span style="color:#6b7280;font-size:12px">${escapeHtml(previous(row.previous[key]))}</span></td>`;
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
  const head = [t.text('report.listing'), ...measures.map(([label]) => label)]
    .map(
      (label, i) =>
        `<th style="padding:6px 8px;text-align:${i === 0 ? 'left' : 'right'};color:#374151">${escapeHtml(label)}</th>`,
    )
    .join('');
  const table = {
    text: tableText,
    html: `<table style="border-collapse:collapse;width:100%;margin:12px 0;font-size:14px">
<thead><tr style="border-bottom:2px solid #e5e7eb">${head}</tr></thead>
<tbody>
${tableRows}
</tbody></table>`,
  };
  const dashboardLead = t.text('report.dashboardLead');
  const mail = layoutMail(t, {
    subject: t.text('report.subject', { from, to }),
    name: report.name,
    width: 680,
    blocks: [
      paragraph(t, 'report.lead', { from, to }),
      table,
      ...(report.more > 0 ? [paragraph(t, 'report.more', { count: report.more })] : []),
      {
        text: `${dashboardLead}\n${dashboardUrl}`,
        html: `<p>${escapeHtml(dashboardLead)} <a href="${escapeHtml(dashboardUrl)}" style="color:#1d4ed8">${escapeHtml(t.text('report.dashboard'))}</a></p>`,
      },
    ],
    footer: footerBlock(t, 'report.reason', 'report.unsubscribe', unsubscribePageUrl),
  });
  return {
    to: report.email,
    ...mail,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
