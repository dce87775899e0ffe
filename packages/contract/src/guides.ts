// No zod here: pages read these without loading the schemas.

/**
 * The buyer's guides (/guides/<slug>, in every language; the home page's "Guides" cards and the sitemap list them):
 * how Thai property works where Baan's own filters ask about it.
 */
export const GUIDE_SLUGS = ['title-deeds', 'foreign-buyers', 'land-units'] as const;
export type GuideSlug = (typeof GUIDE_SLUGS)[number];

export function isGuideSlug(value: unknown): value is GuideSlug {
  return typeof value === 'string' && (GUIDE_SLUGS as readonly string[]).includes(value);
}
