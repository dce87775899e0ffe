import type { MetaDescriptor } from 'react-router';

/** What a public page says about itself to search engines and link previews (built by its loader: seo.server.ts). */
export interface PageSeo {
  title: string;
  description: string;
  keywords: string;
  /** This page's own URL in this language. */
  canonical: string;
  /** The same page in every language, and x-default. */
  alternates: { hreflang: string; href: string }[];
  /** Open Graph locale, e.g. th_TH. */
  locale: string;
  image?: string;
  robots?: string;
  ogType?: 'website' | 'article';
  jsonLd?: object[];
}

export const SITE_NAME = 'Baan';

/** The head tags of a public page: title, description, keywords, robots, canonical, hreflang, Open Graph, Twitter, JSON-LD. */
export function seoMeta(seo: PageSeo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  return [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { name: 'keywords', content: seo.keywords },
    { name: 'robots', content: seo.robots ?? 'index, follow' },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    ...seo.alternates.map((a) => ({ tagName: 'link', rel: 'alternate', hrefLang: a.hreflang, href: a.href })),
    { property: 'og:type', content: seo.ogType ?? 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
    { property: 'og:locale', content: seo.locale },
    ...(seo.image ? [{ property: 'og:image', content: seo.image }] : []),
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: seo.description },
    ...(seo.image ? [{ name: 'twitter:image', content: seo.image }] : []),
    ...(seo.jsonLd ?? []).map((json) => ({ 'script:ld+json': json })),
  ] as MetaDescriptor[];
}
