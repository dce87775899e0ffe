import {
  LANGUAGE_TAGS,
  LANGUAGES,
  type Language,
  localizedPath,
  type PageContext,
  splitLanguagePath,
} from '@baan/contract';
import { SEARCH_PARAMS } from '../features/listings/lib/search-params';
import { fixedT } from '../i18n/i18n.server';
import { type PageSeo, SITE_NAME } from './seo';

const OG_LOCALES: Record<Language, string> = {
  en: 'en_US',
  th: 'th_TH',
  zh: 'zh_CN',
  ja: 'ja_JP',
  my: 'my_MM',
  ru: 'ru_RU',
  TW: 'zh_TW',
};

/** Query parameters that make a different page of content; anything else (tracking, typos) is not canonical. */
const CONTENT_PARAMS = new Set<string>([
  ...SEARCH_PARAMS.filter((key) => key !== 'per_page'),
  // Buy or rent's tab (all / condo / house).
  'tab',
  // The project index's search by place (/projects).
  'province',
  'district',
]);

function contentQuery(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [key, value] of params) if (CONTENT_PARAMS.has(key) && value !== '') kept.append(key, value);
  const query = kept.toString();
  return query ? `?${query}` : '';
}

export interface SeoInput {
  request: Request;
  context: PageContext;
  title: string;
  description: string;
  image?: string | null;
  robots?: string;
  ogType?: PageSeo['ogType'];
  jsonLd?: object[];
}

/** A page's SEO in its URL's language: title with the site's name, canonical and every language's alternate. */
export function pageSeo({ request, context, title, description, image, robots, ogType, jsonLd }: SeoInput): PageSeo {
  const url = new URL(request.url);
  const { language, path } = splitLanguagePath(url.pathname);
  const query = contentQuery(url.searchParams);
  const href = (l: Language) => `${context.publicUrl}${localizedPath(l, path)}${query}`;
  const t = fixedT(language);
  return {
    title: title.endsWith(SITE_NAME) ? title : `${title} | ${SITE_NAME}`,
    description,
    keywords: t('meta.keywords'),
    canonical: href(language),
    alternates: [
      ...LANGUAGES.map((l) => ({ hreflang: LANGUAGE_TAGS[l], href: href(l) })),
      { hreflang: 'x-default', href: href('en') },
    ],
    locale: OG_LOCALES[language],
    ...(image ? { image: /^https?:\/\//.test(image) ? image : `${context.publicUrl}${image}` } : {}),
    ...(robots ? { robots } : {}),
    ...(ogType ? { ogType } : {}),
    ...(jsonLd ? { jsonLd } : {}),
  };
}

/** schema.org BreadcrumbList from home to this page. */
export function breadcrumbs(context: PageContext, language: Language, trail: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: `${context.publicUrl}${localizedPath(language, step.path)}`,
    })),
  };
}

/** The language of the request's URL. */
export function requestLanguage(request: Request): Language {
  return splitLanguagePath(new URL(request.url).pathname).language;
}

export type ListPage = 'quick' | 'buyRent' | 'recommend' | 'cost';

const LIST_PAGES: Record<ListPage, { nav: string; path: string }> = {
  quick: { nav: 'nav.quickSearch', path: '/Quick' },
  buyRent: { nav: 'nav.buyOrRent', path: '/Buy-rent' },
  recommend: { nav: 'nav.recommend', path: '/recommend' },
  cost: { nav: 'nav.setAllCost', path: '/cost' },
};

/** The SEO of a list page: its title and description (listings namespace) and its breadcrumb from home. */
export function listPageSeo(request: Request, context: PageContext, page: ListPage): PageSeo {
  const language = requestLanguage(request);
  const t = fixedT(language, 'listings');
  const common = fixedT(language);
  const { nav, path } = LIST_PAGES[page];
  return pageSeo({
    request,
    context,
    title: t(`${page}.title`),
    description: t(`${page}.description`),
    jsonLd: [
      breadcrumbs(context, language, [
        { name: common('nav.home'), path: '/' },
        { name: common(nav), path },
      ]),
    ],
  });
}
