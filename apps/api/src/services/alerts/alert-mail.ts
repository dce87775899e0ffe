import { type Language, type ListingType, localizedPath } from '@baan/contract';
import { escapeHtml, mailT } from '../mail/mail-i18n.ts';
import { footerBlock, layoutMail, oneLine, paragraph } from '../mail/mail-layout.ts';
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

/**
 * A saved search's alert in its owner's language (`mail:alert`): each new listing with its photo, title, price and link, a link
 * to the whole search on /Quick, and the one-click unsubscribe (List-Unsubscribe + List-Unsubscribe-Post, RFC 8058,
 * to the API; a visible link to the web page /alerts/unsubscribe).
 */
export function savedSearchAlertMail(alert: SavedSearchAlert): Mail {
  const t = mailT(alert.language);
  const money = new Intl.NumberFormat(t.locale, {
    style: 'currency',
    currency: 'THB',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  });
  const perMonth = t.text('alert.perMonth');
  const price = (l: AlertListing) =>
    l.type === 'rent' ? `${money.format(l.price)} ${perMonth}` : money.format(l.price);
  const url = (path: string) => `${alert.publicUrl}${localizedPath(alert.language, path)}`;
  const searchUrl = `${url('/Quick')}${alert.query ? `?${alert.query}` : ''}`;
  const token = encodeURIComponent(alert.unsubscribeToken);
  const unsubscribePageUrl = `${url('/alerts/unsubscribe')}?token=${token}`;
  const oneClickUrl = `${alert.publicUrl}/api/saved-searches/unsubscribe?token=${token}`;
  const searchName = oneLine(alert.searchName);
  const total = alert.listings.length + alert.more;
  const items = alert.listings.map((l) => ({ ...l, title: oneLine(l.title), href: url(`/detail/${l.id}`) }));
  const view = t.text('alert.view');

  const cards = items
    .map((l) => {
      const photo = l.photo
        ? `<td style="width:168px;padding:8px;vertical-align:top"><a href="${escapeHtml(l.href)}"><img src="${escapeHtml(l.photo)}" alt="${escapeHtml(l.title)}" width="160" style="display:block;width:160px;max-width:160px;border-radius:6px"></a></td>`
        : '';
      return `<tr style="border-bottom:1px solid #e5e7eb">${photo}<td style="padding:8px;vertical-align:top"${l.photo ? '' : ' colspan="2"'}><a href="${escapeHtml(l.href)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(l.title)}</a><br><strong>${escapeHtml(price(l))}</strong><br><a href="${escapeHtml(l.href)}" style="color:#1d4ed8;font-size:13px">${escapeHtml(view)}</a></td></tr>`;
    })
    .join('\n');
  const listings = {
    text: items.map((l) => `${l.title}\n  ${price(l)}\n  ${l.href}`).join('\n\n'),
    html: `<table style="border-collapse:collapse;width:100%;margin:12px 0;font-size:14px">
<tbody>
${cards}
</tbody></table>`,
  };
  const openSearch = t.text('alert.openSearch');
  const mail = layoutMail(t, {
    subject: t.text('alert.subject', { search: searchName, count: total }),
    name: alert.name,
    width: 680,
    blocks: [
      paragraph(t, 'alert.lead', { search: searchName }),
      listings,
      ...(alert.more > 0 ? [paragraph(t, 'alert.more', { count: alert.more })] : []),
      {
        text: `${openSearch}:\n${searchUrl}`,
        html: `<p><a href="${escapeHtml(searchUrl)}" style="color:#1d4ed8">${escapeHtml(openSearch)}</a></p>`,
      },
    ],
    footer: footerBlock(t, 'alert.reason', 'alert.unsubscribe', unsubscribePageUrl),
  });
  return {
    to: alert.email,
    ...mail,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
