import { HERO_TITLE_MAX } from '@baan/contract';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, siteSettings } from '../src/db/schema.ts';
import { pageServices } from '../src/plugins/app/page-services.ts';
import { DEMO_HERO_TITLES, seedHomeSettings } from '../src/services/settings/home-settings.ts';
import { createUser } from './fixtures.ts';
import { build } from './helpers.ts';

const app = await build();
const admin = await createUser(app, { email: 'settings-admin@baan.example', role: 'admin' });
const headers = { authorization: `Bearer ${admin.token}` };
const none = { en: null, th: null, zh: null, ja: null, my: null, ru: null, TW: null };

const publicSettings = async () => (await app.inject('/api/settings/home')).json().payload;
const put = (payload: unknown) =>
  app.inject({ method: 'PUT', url: '/api/admin/settings/home', headers, payload: payload as Record<string, unknown> });
const stored = () => app.db.select().from(siteSettings);

describe('the home page headline an admin sets', () => {
  it('is unset at first: every language shows its default', async () => {
    expect(await publicSettings()).toEqual({ hero_title: none });
    expect((await app.inject({ url: '/api/admin/settings/home', headers })).json().payload).toEqual({
      hero_title: none,
    });
  });

  it('is saved per language (blank or left out: the default), audited, and shown to the public at once', async () => {
    // Read once, so the public answer is cached: the save must drop it.
    expect((await publicSettings()).hero_title.en).toBeNull();
    const res = await put({ hero_title: { en: '  Find your home in Thailand ', th: 'หาบ้านที่ใช่ทั่วไทย', zh: '   ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Settings saved.',
      payload: { hero_title: { ...none, en: 'Find your home in Thailand', th: 'หาบ้านที่ใช่ทั่วไทย' } },
    });
    expect((await publicSettings()).hero_title).toEqual({
      ...none,
      en: 'Find your home in Thailand',
      th: 'หาบ้านที่ใช่ทั่วไทย',
    });
    expect((await pageServices(app).homeSettings()).hero_title.th).toBe('หาบ้านที่ใช่ทั่วไทย');
    const [entry] = await app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'settings.update',
      targetType: 'settings',
      targetId: null,
      actorEmail: 'settings-admin@baan.example',
      details: { setting: 'hero_title', languages: ['en', 'th'] },
    });

    // The next save replaces it: Thai left out goes back to the default.
    expect((await put({ hero_title: { en: 'Find your home in Thailand' } })).statusCode).toBe(200);
    expect((await publicSettings()).hero_title).toEqual({ ...none, en: 'Find your home in Thailand' });
  });

  it(`takes up to ${HERO_TITLE_MAX} characters and refuses one more, or a control character, changing nothing`, async () => {
    const atLimit = 'ก'.repeat(HERO_TITLE_MAX);
    expect((await put({ hero_title: { en: 'Kept', th: atLimit } })).statusCode).toBe(200);
    const before = await stored();

    const tooLong = await put({ hero_title: { en: 'x'.repeat(HERO_TITLE_MAX + 1), th: 'ok' } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ 'hero_title.en': ['The headline can be at most 120 characters.'] });

    const hidden = await put({ hero_title: { ru: 'Дом\u202Eмечты' } });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().errors).toEqual({ 'hero_title.ru': ['The headline contains invisible control characters.'] });

    for (const payload of [{}, { hero_title: 'Welcome' }, { hero_title: { en: 42 } }, { hero_title: null }]) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(await stored()).toEqual(before);
    expect((await publicSettings()).hero_title).toMatchObject({ en: 'Kept', th: atLimit });
  });

  it("is not overwritten by the demo's headline, which only fills an unset site", async () => {
    const before = await stored();
    await seedHomeSettings(app.db, new Date());
    expect(await stored()).toEqual(before);
    await app.db.delete(siteSettings);
    await seedHomeSettings(app.db, new Date());
    app.listingCache.clear();
    expect((await publicSettings()).hero_title).toEqual(DEMO_HERO_TITLES);
  });
});
