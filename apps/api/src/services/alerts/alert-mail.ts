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

/** One price cut of a listing matching a saved search that asks for price drops (ADR 028). */
export type PriceDropAlert = {
  language: Language;
  name: string;
  email: string;
  searchName: string;
  listing: AlertListing;
  /** The price before the cut. */
  previousPrice: number;
  publicUrl: string;
  unsubscribeToken: string;
};

/**
 * A price cut in the saved search owner's language (`mail:priceDrop`): the listing with its photo, the price before
 * and now and the cut in per cent, and the same one-click unsubscribe as the search's alert.
 */
export function priceDropMail(alert: PriceDropAlert): Mail {
  const t = mailT(alert.language);
  const money = new Intl.NumberFormat(t.locale, {
    style: 'currency',
    currency: 'THB',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  });
  const percent = new Intl.NumberFormat(t.locale, { style: 'percent', maximumFractionDigits: 1 });
  const l = alert.listing;
  const perMonth = l.type === 'rent' ? ` ${t.text('alert.perMonth')}` : '';
  const url = (path: string) => `${alert.publicUrl}${localizedPath(alert.language, path)}`;
  const href = url(`/detail/${l.id}`);
  const title = oneLine(l.title);
  const token = encodeURIComponent(alert.unsubscribeToken);
  const unsubscribePageUrl = `${url('/alerts/unsubscribe')}?token=${token}`;
  const oneClickUrl = `${alert.publicUrl}/api/saved-searches/unsubscribe?token=${token}`;
  const was = t.text('priceDrop.was', { price: `${money.format(alert.previousPrice)}${perMonth}` });
  const now = t.text('priceDrop.now', {
    price: `${money.format(l.price)}${perMonth}`,
    percent: percent.format((alert.previousPrice - l.price) / alert.previousPrice),
  });
  const photo = l.photo
    ? `<p><a href="${escapeHtml(href)}"><img src="${escapeHtml(l.photo)}" alt="${escapeHtml(title)}" width="320" style="display:block;width:320px;max-width:100%;border-radius:6px"></a></p>`
    : '';
  const mail = layoutMail(t, {
    subject: t.text('priceDrop.subject', { title }),
    name: alert.name,
    width: 680,
    blocks: [
      paragraph(t, 'priceDrop.lead', { search: oneLine(alert.searchName) }),
      {
        text: `${title}\n  ${was}\n  ${now}\n  ${href}`,
        html: `${photo}<p><a href="${escapeHtml(href)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(title)}</a><br><s>${escapeHtml(was)}</s><br><strong>${escapeHtml(now)}</strong></p>`,
      },
    ],
    footer: footerBlock(t, 'priceDrop.reason', 'alert.unsubscribe', unsubscribePageUrl),
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
