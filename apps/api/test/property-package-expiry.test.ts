import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { activateSubscription, createUser } from './fixtures.ts';
import { build } from './helpers.ts';

const DAY = 24 * 60 * 60_000;

describe("POST /api/property checks the package at the app's time", async () => {
  const app = await build();
  const owner = await createUser(app, { email: 'expiring@baan.example' });
  await activateSubscription(app, owner.id);
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
  const realNow = app.clock.now;
  const listings = async () => (await app.db.select({ n: count() }).from(properties))[0]?.n ?? 0;

  /** A listing sent with a token signed at the app's (moved) time, as a fresh login would give. */
  const add = async (title: string) => {
    const token = await app.tokens.sign({ id: owner.id, sessionVersion: 0 }, false);
    const fd = new FormData();
    const fields: Record<string, string> = {
      type: 'sale',
      user_type: 'owner',
      property_type: 'residential',
      property_sub_type: 'condo',
      location: 'Ari, Phaya Thai, Bangkok',
      title,
      description: 'Quiet street, near BTS Ari.',
      price: '3500000',
      area: '40',
      level: '5',
      bed_rooms: '1',
      bath_rooms: '1',
      kitchen: '1',
      floors: '1',
    };
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('cover_image', new Blob([jpeg]), 'cover.jpg');
    return app.inject({
      method: 'POST',
      url: '/api/property',
      payload: fd,
      headers: { authorization: `Bearer ${token}` },
    });
  };

  it('adds a listing on day 29 of the 30-day package', async () => {
    app.clock.now = () => new Date(realNow().getTime() + 29 * DAY);
    try {
      expect((await add('Day 29 condo')).statusCode).toBe(201);
    } finally {
      app.clock.now = realNow;
    }
  });

  it('refuses it (403) once the package has ended, writing nothing', async () => {
    const before = await listings();
    app.clock.now = () => new Date(realNow().getTime() + 31 * DAY);
    try {
      const res = await add('Day 31 condo');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        message: 'An active package is needed to add a listing. Choose a package first.',
      });
    } finally {
      app.clock.now = realNow;
    }
    expect(await listings()).toBe(before);
  });
});
