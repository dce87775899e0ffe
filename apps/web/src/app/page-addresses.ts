import { CompareQuery, splitLanguagePath } from '@baan/contract';
import { agentPageNumber, agentPageQuery } from '../features/agents/lib/agent-format';
import { type BuyRentFilters, buyRentFilters } from '../features/listings/lib/buy-rent-params';
import { fromSearchParams, SEARCH_PARAMS, toSearchString } from '../features/listings/lib/search-params';
import {
  marketSubType,
  projectListFilters,
  projectListQuery,
  unitFilters,
  unitsQuery,
} from '../features/projects/lib/project-params';

/**
 * The canonical query string of each public page whose render the server shares (ADR 021): the parameters the page's
 * loader reads, as it reads them (anything malformed left out, `area_in` converted to m², text trimmed), defaults
 * dropped (`page=1`, `tab=all`, `type=sale`), in one fixed order. Two addresses with the same canonical query render
 * the same page, so the server keys its page cache by it and sends any other spelling there (302); an address whose
 * parameters vary only in what the page ignores can no longer make it render again.
 *
 * The writers are the pages' own (`toSearchString` writes /Quick's links, so they are canonical already). A page
 * whose address gains a parameter must read it in its loader's parser, and the parameter is then kept here; one the
 * parser does not read is dropped by the redirect, as the loader would have ignored it.
 */
type Canonical = (search: URLSearchParams) => string;

const none: Canonical = () => '';

/** `?a=1&b=2` from values in `order` (then any other key, sorted), leaving out empty ones; '' when none. */
function writeQuery(values: Record<string, unknown>, order: readonly string[]): string {
  const keys = [
    ...order,
    ...Object.keys(values)
      .filter((key) => !order.includes(key))
      .sort(),
  ];
  const search = new URLSearchParams();
  for (const key of keys) {
    const value = values[key];
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** /Quick: its filters as `fromSearchParams` reads them, page 1 left out. */
const quick: Canonical = (search) => {
  const filters = fromSearchParams(search);
  return toSearchString({
    ...filters,
    page: filters.page !== undefined && filters.page > 1 ? filters.page : undefined,
  });
};

/** /Buy-rent: its tab (not `all`), then its filters in the search order, page 1 left out. */
const buyRent: Canonical = (search) => {
  const { tab, page, ...rest }: BuyRentFilters = buyRentFilters(search);
  return writeQuery({ tab: tab === 'all' ? undefined : tab, ...rest, page: page > 1 ? page : undefined }, [
    'tab',
    ...SEARCH_PARAMS,
  ]);
};

/** /cost: rents with `?type=rent`, sales (the default) without. */
const cost: Canonical = (search) => (search.get('type') === 'rent' ? '?type=rent' : '');

/**
 * /compare: the ids as the contract reads them (each once), with plain commas as the page writes them; ids the
 * contract refuses stay as sent, so the page can say why (its 400 is never shared).
 */
const compare: Canonical = (search) => {
  const raw = search.get('ids');
  if (raw === null || raw.trim() === '') return '';
  const parsed = CompareQuery.safeParse({ ids: raw });
  if (parsed.success) return `?ids=${parsed.data.ids.join(',')}`;
  return `?${new URLSearchParams({ ids: raw }).toString()}`;
};

/**
 * /projects: its search as the page reads it, name sort and page 1 left out; a parameter the contract refuses stays as
 * sent after them (as /compare's ids), so the page can say in the reader's language what it left out.
 */
const projects: Canonical = (search) => {
  const { filters, refused } = projectListFilters(search);
  const query = projectListQuery(filters);
  if (refused.length === 0) return query;
  const raw = new URLSearchParams(refused.map((key) => [key, search.get(key) ?? '']));
  return `${query ? `${query}&` : '?'}${raw}`;
};

/** A project page: its unit list's type (rent only), bedrooms and page (past 1). */
const project: Canonical = (search) => unitsQuery(unitFilters(search));

/** An agent's page: its listings' page (past 1). */
const agent: Canonical = (search) => agentPageQuery(agentPageNumber(search));

/** An area's figures: its sub type (condo, the default, left out). */
const market: Canonical = (search) => {
  const subType = marketSubType(search);
  return subType === 'condo' ? '' : `?sub_type=${subType}`;
};

/** Links from e-mails: the page reads them in the browser, so they stay, in a fixed order. */
const keep =
  (...names: string[]): Canonical =>
  (search) =>
    writeQuery(Object.fromEntries(names.map((name) => [name, search.get(name)?.trim()])), names);

/** Page paths without their language prefix, lower case (routes match either case), and their canonical query. */
const PAGES: Record<string, Canonical> = {
  '/': none,
  '/quick': quick,
  '/buy-rent': buyRent,
  '/recommend': none,
  '/cost': cost,
  '/compare': compare,
  '/contact': none,
  '/select-package': none,
  '/terms': none,
  '/privacy': none,
  '/services': none,
  '/faq': none,
  '/favorites': none,
  '/unsubscribe': keep('u', 't'),
  '/alerts/unsubscribe': keep('token'),
  '/newsletter/confirm': keep('token'),
  '/newsletter/unsubscribe': keep('token'),
  '/projects': projects,
};

/** Pages with an id or slug in the path and no query of their own: a listing, a buyer's guide, an agency. */
const DETAIL = /^\/(?:detail|guides|agency)\/[^/]+$/;
/** A project's page, an area's figures (a province, or a province and a district). */
const PROJECT = /^\/project\/[^/]+$/;
const AGENT = /^\/agent\/[^/]+$/;
const MARKET = /^\/market\/[^/]+(?:\/[^/]+)?$/;
/** A guest's conversation (ADR 034): its token stays; never shared, the page answers `private, no-store`. */
const GUEST_THREAD = /^\/messages\/[^/]+$/;

/**
 * The canonical query ('' or `?a=1&b=2`) of a page address, or null for an address this file leaves alone: screens
 * rendered in the browser (they read their own parameters), unknown paths (a 404 whatever they carry).
 */
export function canonicalSearch(pathname: string, search: string): string | null {
  const { path } = splitLanguagePath(pathname);
  let end = path.length;
  // Trailing slashes off (a loop: a pattern anchored at the end retries from every slash of a long run).
  while (end > 1 && path[end - 1] === '/') end -= 1;
  const page = path.length > 1 ? path.slice(0, end).toLowerCase() : path;
  const canonical =
    PAGES[page] ??
    (DETAIL.test(page)
      ? none
      : PROJECT.test(page)
        ? project
        : AGENT.test(page)
          ? agent
          : MARKET.test(page)
            ? market
            : GUEST_THREAD.test(page)
              ? keep('token')
              : undefined);
  return canonical ? canonical(new URLSearchParams(search)) : null;
}
