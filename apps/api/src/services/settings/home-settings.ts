import { type HomeSettings, LANGUAGES, type Language, type UpdateHomeSettingsRequest } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { siteSettings } from '../../db/schema.ts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';

/** The `site_settings` key of the home page's settings. */
export const HOME_SETTINGS_KEY = 'home';

type Titles = Record<Language, string | null>;

/** The stored value as the wire has it: every language, null where none is set (or the stored value is not text). */
function titlesOf(value: Record<string, unknown> | undefined): Titles {
  const stored = (value?.hero_title ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const title = stored[language];
      return [language, typeof title === 'string' && title !== '' ? title : null];
    }),
  ) as Titles;
}

/** The home page's headline per language (null: the page shows its translated default, "Welcome to Our Website"). */
export async function getHomeSettings(db: Db | Tx): Promise<HomeSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, HOME_SETTINGS_KEY));
  return { hero_title: titlesOf(row?.value) };
}

/** Writes the home page's settings and their audit entry in one transaction; answers what is now stored. */
export async function updateHomeSettings(
  db: Db,
  input: UpdateHomeSettingsRequest,
  actor: AuditActor,
  now: Date,
): Promise<HomeSettings> {
  const heroTitle = titlesOf({ hero_title: input.hero_title });
  return db.transaction(async (tx) => {
    const before = await getHomeSettings(tx);
    const value = { hero_title: heroTitle };
    await tx
      .insert(siteSettings)
      .values({ key: HOME_SETTINGS_KEY, value, updatedBy: actor.id, updatedAt: now })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy: actor.id, updatedAt: now } });
    const changed = LANGUAGES.filter((language) => before.hero_title[language] !== heroTitle[language]);
    await recordAudit(
      tx,
      actor,
      {
        action: 'settings.update',
        targetType: 'settings',
        targetId: null,
        details: { setting: 'hero_title', languages: changed },
      },
      now,
    );
    return { hero_title: heroTitle };
  });
}

/** The demo's own headline (npm start): what a real Thai portal would say, in every language. */
export const DEMO_HERO_TITLES: Titles = {
  en: 'Homes, condos and land for sale and rent across Thailand',
  th: 'บ้าน คอนโด และที่ดิน ขายและให้เช่าทั่วประเทศไทย',
  zh: '泰国各地的住宅、公寓与土地，出售与出租',
  ja: 'タイ全土の一戸建て・コンドミニアム・土地の売買と賃貸',
  my: 'ထိုင်းနိုင်ငံတစ်ဝှမ်း ရောင်းရန်နှင့် ငှားရန် အိမ်၊ ကွန်ဒိုနှင့် မြေ',
  ru: 'Дома, кондоминиумы и земля в Таиланде: продажа и аренда',
  TW: '泰國各地的住宅、公寓大廈與土地，出售與出租',
};

/** Gives the demo its headline, unless an admin has set one already. */
export async function seedHomeSettings(db: Db | Tx, now: Date): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: HOME_SETTINGS_KEY, value: { hero_title: DEMO_HERO_TITLES }, updatedAt: now })
    .onConflictDoNothing();
}
