import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { singleLineText } from './input.ts';
import { LANGUAGES, type Language } from './languages.ts';

/** The longest home-page headline an admin may set (it is the page's h1, on a phone too). */
export const HERO_TITLE_MAX = 120;

export const SETTINGS_MESSAGES = {
  heroTitleInvalid: 'The headline contains invisible control characters.',
  heroTitleTooLong: `The headline can be at most ${HERO_TITLE_MAX} characters.`,
  saved: 'Settings saved.',
} as const;

/** Every language's entry, null where the admin set none: the page shows its default ("Welcome to Our Website"). */
const perLanguage = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(LANGUAGES.map((language) => [language, value])) as Record<Language, T>);

/** GET /api/settings/home, GET and PUT /api/admin/settings/home: the home page's headline in each language. */
export const HomeSettings = z.object({ hero_title: perLanguage(z.string().nullable()) });
export type HomeSettings = z.infer<typeof HomeSettings>;
export const HomeSettingsResponse = successEnvelope(HomeSettings);

const heroTitle = singleLineText(SETTINGS_MESSAGES.heroTitleInvalid)
  .trim()
  .max(HERO_TITLE_MAX, SETTINGS_MESSAGES.heroTitleTooLong)
  // Blank is "no headline of our own": the default shows.
  .transform((text) => (text === '' ? null : text));

/**
 * PUT /api/admin/settings/home: the headline per language; a language left out or blank shows the default. Replaces
 * what was set before.
 */
export const UpdateHomeSettingsRequest = z.object({
  hero_title: perLanguage(z.preprocess((v) => v ?? '', heroTitle).optional()),
});
export type UpdateHomeSettingsRequest = z.output<typeof UpdateHomeSettingsRequest>;
