import { LANGUAGES, localizedPath } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { buyRentHref } from '../features/listings/lib/buy-rent-params';
import { toSearchString } from '../features/listings/lib/search-params';
import routes from '../routes';
import { tooManyRequestsPage } from './busy-page.server';
import { canonicalSearch } from './page-addresses';

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

/** The paths of the pages rendered on the server with their data: under pages.tsx, not client-only, not the 404. */
function publicPagePaths(entries: RouteEntry[], prefix = '', inPages = false): string[] {
  return entries.flatMap((entry) => {
    if (entry.file.endsWith('client-only.tsx') || entry.path === '*') return [];
    const path = entry.path && entry.path !== ':lang?' ? `${prefix}/${entry.path}` : prefix;
    const pages = inPages || entry.file.endsWith('pages.tsx');
    const own = pages && !entry.children ? [path || '/'] : [];
    return [...own, ...publicPagePaths(entry.children ?? [], path, pages)];
  });
}

describe('canonical page addresses (the server keys its page cache by them, ADR 021)', () => {
  it('knows every page rendered on the server with its data, in every language', () => {
    const paths = publicPagePaths(routes as RouteEntry[]);
    expect(paths).toContain('/Quick');
    expect(paths).toContain('/detail/:id');
    for (const path of paths) {
      for (const language of LANGUAGES) {
        const address = localizedPath(language, path.replace(':id', '5'));
        expect(canonicalSearch(address, '?utm_source=x'), address).toBe('');
      }
    }
  });

  it("an agent's page keeps only its listings' page past the first", () => {
    expect(canonicalSearch('/agent/somchai-homes', '?page=2&utm_source=x')).toBe('?page=2');
    expect(canonicalSearch('/th/agent/somchai-homes', '?page=1')).toBe('');
    expect(canonicalSearch('/agent/somchai-homes', '?page=-3')).toBe('');
    expect(canonicalSearch('/agent/somchai-homes', '?page=12345678')).toBe('');
  });

  it('leaves screens rendered in the browser and unknown paths alone', () => {
    for (const address of ['/login', '/th/dashboard/properties', '/admin/users', '/no-such-page', '/xx/Quick'])
      expect(canonicalSearch(address, '?page=2'), address).toBeNull();
  });

  it('writes what the loaders read, as they read it, defaults dropped', () => {
    expect(canonicalSearch('/Quick', '?page=1')).toBe('');
    expect(canonicalSearch('/th/Quick', '?zzz=1&page=3&min_price=0100')).toBe('?min_price=100&page=3');
    expect(canonicalSearch('/Quick', '?max_area=1&area_in=rai')).toBe('?max_area=1600');
    expect(canonicalSearch('/quick/', '?q=%20x%20')).toBe('?q=x');
    expect(canonicalSearch('/Buy-rent', '?page=2&tab=house&q=pool&x=1')).toBe('?tab=house&q=pool&page=2');
    expect(canonicalSearch('/Buy-rent', '?tab=nope&page=0')).toBe('');
    expect(canonicalSearch('/cost', '?type=rent')).toBe('?type=rent');
    expect(canonicalSearch('/cost', '?type=lease')).toBe('');
    expect(canonicalSearch('/compare', '?ids=4,2,4')).toBe('?ids=4,2');
    expect(canonicalSearch('/compare', '?ids=1,x')).toBe('?ids=1%2Cx');
    expect(canonicalSearch('/unsubscribe', '?t=tok&u=9&z=1')).toBe('?u=9&t=tok');
    expect(canonicalSearch('/alerts/unsubscribe', '?token=abc&x=1')).toBe('?token=abc');
    expect(canonicalSearch('/th/messages/5', '?utm_source=x&token=Ab_-9')).toBe('?token=Ab_-9');
    expect(canonicalSearch('/ru/detail/77', '?from=mail')).toBe('');
  });

  it('keeps exact=1 ("Search instead for …") with a text, and drops it without one or with another value', () => {
    expect(canonicalSearch('/Quick', '?exact=1&q=Sukumvit')).toBe('?q=Sukumvit&exact=1');
    expect(canonicalSearch('/th/Quick', '?exact=1')).toBe('');
    expect(canonicalSearch('/Quick', '?q=x&exact=yes')).toBe('?q=x');
    expect(canonicalSearch('/Buy-rent', '?exact=1&q=Sukumvit&tab=condo')).toBe('?tab=condo&q=Sukumvit&exact=1');
    expect(canonicalSearch('/Buy-rent', '?exact=1&tab=condo')).toBe('?tab=condo');
  });

  it('is canonical once: a canonical query stays as it is', () => {
    const messy = [
      ['/Quick', '?bedrooms=2&type=rent&q=  river  &page=04&min_area=1,5&area_in=wah&sort=price_asc&x=1'],
      ['/Quick', '?bbox=100.4,13.6,100.7,13.9&station=bts-asok&within_m=800&foreign_quota=1&title_deed=chanote'],
      ['/Buy-rent', '?sort=newest&location=Chiang%20Mai&tab=condo&page=7&min_area=40'],
      ['/compare', '?ids=9,3,9,1'],
      ['/unsubscribe', '?u=%207%20&t=a%2Bb'],
    ] as const;
    for (const [path, search] of messy) {
      const once = canonicalSearch(path, search) ?? '';
      expect(canonicalSearch(path, once), `${path}${search}`).toBe(once);
    }
  });

  it("is what /Quick's links and the cost switch write already", () => {
    const written = [
      toSearchString({ type: 'rent', min_price: 5000, page: 2 }),
      toSearchString({ q: 'pool', sub_type: 'condo', bedrooms: 2, sort: 'newest' }),
      toSearchString({ station: 'bts-asok', within_m: 800, foreign_quota: '1', title_deed: 'chanote', max_area: 90 }),
    ];
    for (const search of written) expect(canonicalSearch('/Quick', search)).toBe(search);
    expect(canonicalSearch('/cost', '?type=rent')).toBe('?type=rent');
  });

  it('keeps what Buy or rent writes when a filter changes (its order aside, which the server only re-spells)', () => {
    const href = buyRentHref(new URLSearchParams('tab=condo&page=3'), { location: 'Korat' });
    expect(new URLSearchParams(canonicalSearch('/Buy-rent', href) ?? '')).toEqual(new URLSearchParams(href));
  });
});

describe('the 429 page', () => {
  it('speaks the address’s language, loads nothing and runs nothing', () => {
    const en = tooManyRequestsPage('/Quick', '/Quick?page=4');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Too many pages at once');
    expect(en).toContain('href="/Quick?page=4"');
    expect(en).not.toMatch(/<script|<link|src=/);
    const th = tooManyRequestsPage('/th/Quick', '/th/Quick?page=4');
    expect(th).toContain('<html lang="th">');
    expect(th).toContain('มีการเปิดหน้าเว็บพร้อมกันมากเกินไป');
    expect(th).toContain('href="/th"');
    for (const language of LANGUAGES) {
      const page = tooManyRequestsPage(localizedPath(language, '/Quick'), '/');
      expect(page, language).not.toMatch(/busy\.(title|message|retry)/);
    }
  });

  it('escapes the address it links to', () => {
    const page = tooManyRequestsPage('/Quick', '/Quick?q="><script>alert(1)</script>');
    expect(page).not.toContain('<script>');
    expect(page).toContain('href="/Quick?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});
