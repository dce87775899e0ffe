import {
  AGENT_LIMITS,
  AGENT_MESSAGES,
  AgentProfile,
  AgentProfileResponse,
  ErrorEnvelope,
  PropertyPageResponse,
  PropertyResponse,
  PublicProfileResponse,
} from '@baan/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { properties, propertyInquiries, users } from '../src/db/schema.ts';
import { deleteAccount } from '../src/services/privacy/delete-account.ts';
import { exportPersonalData } from '../src/services/privacy/export-personal-data.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/** Public agent profiles (ADR 029): GET /api/agents/{slug}, its listings, PATCH /api/user/profile/public, Property.agent. */
const app = await build();
const NOW = new Date('2026-11-28T00:00:00.000Z');
app.clock.now = () => NOW;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const patch = (token: string, payload: unknown) =>
  app.inject({ method: 'PATCH', url: '/api/user/profile/public', payload: payload as object, headers: auth(token) });
const getAgent = (slug: string) => app.inject({ method: 'GET', url: `/api/agents/${slug}` });
/** The first message on a field or on one of its items (`areas.3`). */
const fieldError = (errors: Record<string, string[]> | undefined, field: string) =>
  Object.entries(errors ?? {}).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1][0];
const userRow = async (id: number) => (await app.db.select().from(users).where(eq(users.id, id)))[0];

async function publish(token: string, slug: string, extra: Record<string, unknown> = {}) {
  const res = await patch(token, { slug, public: true, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return PublicProfileResponse.parse(res.json()).payload;
}

/** A small deterministic random source (the figures are checked against a brute-force count over what it made). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('PATCH /api/user/profile/public', () => {
  it('saves the profile, publishes it and answers it back (languages in the list order, repeats dropped)', async () => {
    const agent = await createUser(app, { email: 'somchai.agent@example.test' });
    const res = await patch(agent.token, {
      slug: 'somchai-realty',
      public: true,
      company_name: 'Somchai Realty',
      languages: ['th', 'en', 'th'],
      areas: ['Sukhumvit', 'Thonglor', 'Sukhumvit'],
      licence_number: 'AR-12/345',
      about: 'Condos on Sukhumvit\nsince 2010.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const parsed = PublicProfileResponse.parse(res.json());
    expect(parsed.message).toBe(AGENT_MESSAGES.saved);
    expect(parsed.payload).toEqual({
      slug: 'somchai-realty',
      public: 1,
      company_name: 'Somchai Realty',
      languages: ['en', 'th'],
      areas: ['Sukhumvit', 'Thonglor'],
      licence_number: 'AR-12/345',
      licence_verified: 0,
      about: 'Condos on Sukhumvit\nsince 2010.',
    });
    const read = await app.inject({ method: 'GET', url: '/api/user/profile/public', headers: auth(agent.token) });
    expect(PublicProfileResponse.parse(read.json()).payload).toEqual(parsed.payload);
    expect((await getAgent('somchai-realty')).statusCode).toBe(200);
  });

  it('needs a login', async () => {
    expect((await app.inject({ method: 'PATCH', url: '/api/user/profile/public', payload: {} })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/user/profile/public' })).statusCode).toBe(401);
  });

  it('takes a slug of 3 and of 60 characters, refuses 2 and 61 and any other form (400, nothing written)', async () => {
    const person = await createUser(app, { email: 'slug.bounds@example.test' });
    const before = await userRow(person.id);
    const bad = [
      'ab',
      'a'.repeat(AGENT_LIMITS.slug + 1),
      'Upper-Case',
      'double--hyphen',
      '-leading',
      'trailing-',
      'spa ce',
      'ไทย',
      'a'.repeat(100_000),
      42,
    ];
    for (const slug of bad) {
      const res = await patch(person.token, { slug });
      expect(res.statusCode, String(slug).slice(0, 40)).toBe(400);
      const envelope = ErrorEnvelope.parse(res.json());
      expect(envelope.errors?.slug).toEqual([AGENT_MESSAGES.slugInvalid]);
    }
    expect(await userRow(person.id)).toEqual(before);
    for (const slug of ['abc', 'b'.repeat(AGENT_LIMITS.slug)]) {
      const res = await patch(person.token, { slug });
      expect(res.statusCode, res.body).toBe(200);
      expect((await userRow(person.id))?.profileSlug).toBe(slug);
    }
  });

  it('refuses a slug another account uses (409, nothing written) and keeps one the caller already has', async () => {
    const first = await createUser(app, { email: 'slug.first@example.test' });
    const second = await createUser(app, { email: 'slug.second@example.test' });
    await publish(first.token, 'bangkok-homes');
    await patch(second.token, { about: 'Before' });
    const before = await userRow(second.id);
    const res = await patch(second.token, { slug: 'bangkok-homes', about: 'After', public: true });
    expect(res.statusCode, res.body).toBe(409);
    expect(ErrorEnvelope.parse(res.json())).toMatchObject({
      message: AGENT_MESSAGES.slugTaken,
      errors: { slug: [AGENT_MESSAGES.slugTaken] },
    });
    expect(await userRow(second.id)).toEqual(before);
    // The owner of the slug may send it again.
    expect((await patch(first.token, { slug: 'bangkok-homes', about: 'Same slug' })).statusCode).toBe(200);
  });

  it('will not publish without an address (400 on slug)', async () => {
    const person = await createUser(app, { email: 'no.slug@example.test' });
    const res = await patch(person.token, { public: true });
    expect(res.statusCode).toBe(400);
    expect(ErrorEnvelope.parse(res.json()).errors?.slug).toEqual([AGENT_MESSAGES.slugRequired]);
    expect((await userRow(person.id))?.profilePublic).toBe(false);
  });

  it('bounds every field: at the limit accepted, one past it refused with its own message', async () => {
    const person = await createUser(app, { email: 'field.bounds@example.test' });
    const cases: [string, unknown, unknown, string][] = [
      [
        'company_name',
        'c'.repeat(AGENT_LIMITS.company),
        'c'.repeat(AGENT_LIMITS.company + 1),
        AGENT_MESSAGES.companyInvalid,
      ],
      [
        'areas',
        Array.from({ length: AGENT_LIMITS.areas }, (_, i) => `Area ${i}`),
        Array.from({ length: AGENT_LIMITS.areas + 1 }, (_, i) => `Area ${i}`),
        AGENT_MESSAGES.areasInvalid,
      ],
      ['areas', ['a'.repeat(AGENT_LIMITS.area)], ['a'.repeat(AGENT_LIMITS.area + 1)], AGENT_MESSAGES.areasInvalid],
      [
        'licence_number',
        '1'.repeat(AGENT_LIMITS.licence),
        '1'.repeat(AGENT_LIMITS.licence + 1),
        AGENT_MESSAGES.licenceInvalid,
      ],
      ['about', 'x'.repeat(AGENT_LIMITS.about), 'x'.repeat(AGENT_LIMITS.about + 1), AGENT_MESSAGES.aboutInvalid],
      ['languages', ['en', 'th', 'zh', 'ja', 'my', 'ru', 'TW'], ['en', 'xx'], AGENT_MESSAGES.languagesInvalid],
    ];
    for (const [field, atLimit, past, message] of cases) {
      const before = await userRow(person.id);
      const refused = await patch(person.token, { [field]: past });
      expect(refused.statusCode, field).toBe(400);
      expect(fieldError(ErrorEnvelope.parse(refused.json()).errors, field), field).toBe(message);
      expect(await userRow(person.id), field).toEqual(before);
      expect((await patch(person.token, { [field]: atLimit })).statusCode, field).toBe(200);
    }
  });

  it('refuses hidden characters, markup in a licence number and wrong types', async () => {
    const person = await createUser(app, { email: 'bad.types@example.test' });
    const before = await userRow(person.id);
    const bad: [string, unknown][] = [
      ['company_name', 'Evil\u202Eoc'],
      ['about', 'nul\u0000byte'],
      ['areas', ['ok', '\u0007']],
      ['areas', 'Sukhumvit'],
      ['languages', 'en'],
      ['licence_number', '<script>'],
      ['licence_number', 12345],
      ['public', 'yes'],
    ];
    for (const [field, value] of bad) {
      const res = await patch(person.token, { [field]: value });
      expect(res.statusCode, `${field}=${String(value)}`).toBe(400);
      expect(fieldError(ErrorEnvelope.parse(res.json()).errors, field), field).toBeDefined();
    }
    expect(await userRow(person.id)).toEqual(before);
  });

  it('a changed licence number loses its verified mark; the same number sent again keeps it', async () => {
    const agent = await createUser(app, { email: 'licence.change@example.test' });
    await publish(agent.token, 'licence-agent', { licence_number: 'LIC-1' });
    await app.db.update(users).set({ licenceVerified: true }).where(eq(users.id, agent.id));
    const same = await patch(agent.token, { licence_number: 'LIC-1', about: 'x' });
    expect(PublicProfileResponse.parse(same.json()).payload.licence_verified).toBe(1);
    expect(AgentProfileResponse.parse((await getAgent('licence-agent')).json()).payload.licence_verified).toBe(1);
    const other = await patch(agent.token, { licence_number: 'LIC-2' });
    expect(PublicProfileResponse.parse(other.json()).payload).toMatchObject({
      licence_number: 'LIC-2',
      licence_verified: 0,
    });
    expect(AgentProfileResponse.parse((await getAgent('licence-agent')).json()).payload.licence_verified).toBe(0);
    // Clearing it also leaves it unverified.
    await app.db.update(users).set({ licenceVerified: true }).where(eq(users.id, agent.id));
    await patch(agent.token, { licence_number: '' });
    expect(await userRow(agent.id)).toMatchObject({ licenceNumber: null, licenceVerified: false });
  });
});

describe('GET /api/agents/{slug}', () => {
  it('answers 404 for an unknown, unpublished, disabled or deleted profile and for an address of no slug form', async () => {
    const hidden = await createUser(app, { email: 'hidden.agent@example.test' });
    await patch(hidden.token, { slug: 'hidden-agent' });
    const disabled = await createUser(app, { email: 'disabled.agent@example.test' });
    await publish(disabled.token, 'disabled-agent');
    await app.db.update(users).set({ disabledAt: NOW }).where(eq(users.id, disabled.id));
    const deleted = await createUser(app, { email: 'deleted.agent@example.test' });
    await publish(deleted.token, 'deleted-agent');
    await app.db.update(users).set({ deletedAt: NOW }).where(eq(users.id, deleted.id));
    const unpublished = await createUser(app, { email: 'unpublished.agent@example.test' });
    await publish(unpublished.token, 'was-public');
    await patch(unpublished.token, { public: false });
    for (const slug of [
      'nobody-here',
      'hidden-agent',
      'disabled-agent',
      'deleted-agent',
      'was-public',
      'UPPER',
      'a'.repeat(61),
      '%3Cscript%3E',
    ]) {
      for (const url of [`/api/agents/${slug}`, `/api/agents/${slug}/listings`]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(ErrorEnvelope.parse(res.json()).message).toBe(AGENT_MESSAGES.notFound);
      }
    }
  });

  it('shows exactly the contract fields and never an e-mail address or a phone number', async () => {
    const agent = await createUser(app, { email: 'private.contact@example.test' });
    await app.db
      .update(users)
      .set({ phoneNumber: '+66 81 234 5678', lineId: 'secretline', companyName: 'Contact Co' })
      .where(eq(users.id, agent.id));
    await publish(agent.token, 'contact-agent', { languages: ['th'], areas: ['Silom'], licence_number: 'L-9' });
    const listing = await makeListing(app, agent.id, { userType: 'agent' });
    const res = await getAgent('contact-agent');
    expect(res.statusCode).toBe(200);
    const payload = AgentProfileResponse.parse(res.json()).payload;
    expect(Object.keys(payload).sort()).toEqual(Object.keys(AgentProfile.shape).sort());
    expect(payload).toMatchObject({
      slug: 'contact-agent',
      name: 'private.contact',
      company_name: 'Contact Co',
      languages: ['th'],
      areas: ['Silom'],
      licence_number: 'L-9',
      licence_verified: 0,
      phone_verified: 0,
      agency: null,
      listings_active: 1,
    });
    const listings = await app.inject({ method: 'GET', url: '/api/agents/contact-agent/listings' });
    for (const text of [res.body, listings.body]) {
      expect(text).not.toContain('private.contact@example.test');
      expect(text).not.toContain('@');
      expect(text).not.toContain('234 5678');
      expect(text).not.toContain('secretline');
    }
    expect(PropertyPageResponse.parse(listings.json()).payload.items.map((p) => p.id)).toEqual([listing.id]);
  });

  it('computes listings_active, closed_12m and the response figures as a brute-force count of generated data', async () => {
    const agent = await createUser(app, { email: 'figures.agent@example.test' });
    await publish(agent.token, 'figures-agent');
    const next = random(2026);
    const statuses = ['active', 'paused', 'sold', 'rented', 'hidden'] as const;
    const reviews = ['approved', 'approved', 'approved', 'pending', 'rejected'] as const;
    const made: { status: string; review: string; updatedAt: Date }[] = [];
    for (let i = 0; i < 60; i += 1) {
      const status = statuses[Math.floor(next() * statuses.length)] ?? 'active';
      const review = reviews[Math.floor(next() * reviews.length)] ?? 'approved';
      // Up to 15 months back, some right at the 12-month edge.
      const updatedAt =
        i % 10 === 0
          ? new Date(Date.UTC(2025, 10, 28) + (i % 20 === 0 ? 0 : -1))
          : new Date(NOW.getTime() - Math.floor(next() * 450) * DAY);
      await makeListing(app, agent.id, { status, review, updatedAt });
      made.push({ status, review, updatedAt });
    }
    // Another account's listings and inquiries never count.
    const other = await createUser(app, { email: 'figures.other@example.test' });
    const othersListing = await makeListing(app, other.id, { status: 'sold', updatedAt: NOW });
    const [someListing] = await app.db.select().from(properties).where(eq(properties.userId, agent.id)).limit(1);
    const inquiries: { createdAt: Date; respondedAt: Date | null }[] = [];
    for (let i = 0; i < 80; i += 1) {
      const createdAt = new Date(NOW.getTime() - Math.floor(next() * 480 * DAY) - Math.floor(next() * 59_000));
      const answered = next() < 0.7;
      const respondedAt = answered
        ? new Date(createdAt.getTime() + Math.floor(next() * 3 * DAY) + Math.floor(next() * 59_000))
        : null;
      inquiries.push({ createdAt, respondedAt });
    }
    const values = (ownerId: number, propertyId: number | null, rows: typeof inquiries) =>
      rows.map((r) => ({
        propertyId,
        ownerId,
        propertyTitle: 'x',
        name: 'Buyer',
        email: 'buyer@example.com',
        message: 'Hello',
        status: r.respondedAt ? ('contacted' as const) : ('new' as const),
        createdAt: r.createdAt,
        respondedAt: r.respondedAt,
      }));
    await app.db.insert(propertyInquiries).values(values(agent.id, someListing?.id ?? null, inquiries));
    await app.db
      .insert(propertyInquiries)
      .values(values(other.id, othersListing.id, [{ createdAt: NOW, respondedAt: NOW }]));

    const since = new Date('2025-11-28T00:00:00.000Z');
    const active = made.filter((m) => m.status === 'active' && m.review === 'approved').length;
    const closed = made.filter(
      (m) => (m.status === 'sold' || m.status === 'rented') && m.review === 'approved' && m.updatedAt >= since,
    ).length;
    const inWindow = inquiries.filter((r) => r.createdAt >= since);
    const answered = inWindow.filter((r) => r.respondedAt !== null);
    const seconds = answered
      .map((r) => ((r.respondedAt as Date).getTime() - r.createdAt.getTime()) / 1000)
      .sort((a, b) => a - b);
    const mid = Math.floor(seconds.length / 2);
    const medianSeconds =
      seconds.length % 2 === 1
        ? (seconds[mid] as number)
        : ((seconds[mid - 1] as number) + (seconds[mid] as number)) / 2;
    expect(inWindow.length).toBeGreaterThan(20);
    expect(closed).toBeGreaterThan(0);

    const payload = AgentProfileResponse.parse((await getAgent('figures-agent')).json()).payload;
    expect(payload).toMatchObject({
      listings_active: active,
      closed_12m: closed,
      response_rate_pct: Math.round((answered.length * 100) / inWindow.length),
      median_response_minutes: Math.round(medianSeconds / 60),
    });
    expect(payload.member_since).toBe((await userRow(agent.id))?.createdAt.toISOString());
    const page = PropertyPageResponse.parse(
      (await app.inject({ method: 'GET', url: '/api/agents/figures-agent/listings?per_page=100' })).json(),
    ).payload;
    expect(page.total).toBe(active);
  });

  it('leaves the response figures null under 5 inquiries in the window, and shows them at 5', async () => {
    const agent = await createUser(app, { email: 'few.inquiries@example.test' });
    await publish(agent.token, 'few-inquiries');
    const listing = await makeListing(app, agent.id);
    const add = (createdAt: Date, respondedAt: Date | null) =>
      app.db.insert(propertyInquiries).values({
        propertyId: listing.id,
        ownerId: agent.id,
        propertyTitle: 'x',
        name: 'Buyer',
        email: 'buyer@example.com',
        message: 'Hello',
        createdAt,
        respondedAt,
      });
    // Old ones (outside the 12 months) do not count.
    for (let i = 0; i < 6; i += 1) await add(new Date('2025-01-01T00:00:00Z'), new Date('2025-01-01T00:10:00Z'));
    for (let i = 0; i < 4; i += 1)
      await add(new Date(NOW.getTime() - DAY), new Date(NOW.getTime() - DAY + 30 * MINUTE));
    let payload = AgentProfileResponse.parse((await getAgent('few-inquiries')).json()).payload;
    expect(payload).toMatchObject({ response_rate_pct: null, median_response_minutes: null });
    await add(new Date(NOW.getTime() - DAY), null);
    payload = AgentProfileResponse.parse((await getAgent('few-inquiries')).json()).payload;
    expect(payload).toMatchObject({ response_rate_pct: 80, median_response_minutes: 30 });
  });
});

describe('GET /api/agents/{slug}/listings', () => {
  it('pages the visible listings, premium then newest first, by type; bad paging is a 400', async () => {
    const agent = await createUser(app, { email: 'paged.agent@example.test' });
    await publish(agent.token, 'paged-agent');
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await makeListing(app, agent.id, { type: i % 2 ? 'sale' : 'rent' })).id);
    await makeListing(app, agent.id, { status: 'paused' });
    await makeListing(app, agent.id, { review: 'pending' });
    const get = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/agents/paged-agent/listings${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return PropertyPageResponse.parse(res.json()).payload;
    };
    const first = await get('?per_page=2');
    expect(first).toMatchObject({ total: 5, page: 1, per_page: 2 });
    expect(first.items.map((p) => p.id)).toEqual([ids[4], ids[3]]);
    expect((await get('?per_page=2&page=3')).items.map((p) => p.id)).toEqual([ids[0]]);
    expect((await get('?type=sale')).items.map((p) => p.id)).toEqual([ids[3], ids[1]]);
    for (const query of ['?page=0', '?per_page=1000', '?type=lease', '?page=abc']) {
      const res = await app.inject({ method: 'GET', url: `/api/agents/paged-agent/listings${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('Property.agent on the wire', () => {
  it('names the published lister on listings, and null for a private owner; follows publishing at once', async () => {
    const agent = await createUser(app, { email: 'wire.agent@example.test' });
    const privateOwner = await createUser(app, { email: 'wire.owner@example.test' });
    const agentsListing = await makeListing(app, agent.id, { userType: 'agent', title: 'Wire agent listing' });
    const ownersListing = await makeListing(app, privateOwner.id, { title: 'Wire owner listing' });
    const detail = async (id: number) =>
      PropertyResponse.parse((await app.inject({ method: 'GET', url: `/api/property/${id}` })).json()).payload;
    const search = async () =>
      PropertyPageResponse.parse(
        (await app.inject({ method: 'GET', url: '/api/properties?q=Wire&per_page=50' })).json(),
      ).payload.items;
    // Read (and cache) before publishing.
    expect((await detail(agentsListing.id)).agent).toBeNull();
    expect((await search()).every((p) => p.agent === null)).toBe(true);
    await publish(agent.token, 'wire-agent');
    const ref = { slug: 'wire-agent', name: 'wire.agent', profile_image: null, agency_slug: null };
    expect((await detail(agentsListing.id)).agent).toEqual(ref);
    expect((await detail(ownersListing.id)).agent).toBeNull();
    const found = await search();
    expect(found.find((p) => p.id === agentsListing.id)?.agent).toEqual(ref);
    expect(found.find((p) => p.id === ownersListing.id)?.agent).toBeNull();
    // A new photo or name of the published profile reaches the (cached) listing at once.
    const boundary = '----baanagenttest';
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 10, g: 120, b: 90 } } })
      .png()
      .toBuffer();
    const upload = await app.inject({
      method: 'POST',
      url: '/api/update/profile',
      headers: { ...auth(agent.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="profile_image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((await detail(agentsListing.id)).agent?.profile_image).toMatch(/\/uploads\//);
    await app.inject({
      method: 'POST',
      url: '/api/update/profile',
      headers: auth(agent.token),
      payload: { name: 'Wire Agent Renamed' },
    });
    expect((await detail(agentsListing.id)).agent?.name).toBe('Wire Agent Renamed');
    // Unpublishing takes it off again.
    await patch(agent.token, { public: false });
    expect((await detail(agentsListing.id)).agent).toBeNull();
  });
});

describe('PDPA: the public profile in the data export and in account deletion', () => {
  it('exports the profile, and deleting the account erases it and frees its address', async () => {
    const agent = await createUser(app, { email: 'pdpa.agent@example.test' });
    await publish(agent.token, 'pdpa-agent', { areas: ['Ari'], licence_number: 'P-1', about: 'About me' });
    const row = await userRow(agent.id);
    if (!row) throw new Error('no user');
    const exported = await exportPersonalData(app.db, app.storage, app.conversationKey, row, NOW);
    expect(exported.account.public_profile).toMatchObject({ slug: 'pdpa-agent', public: 1, areas: ['Ari'] });
    await app.db.transaction((tx) => deleteAccount(tx, agent.id, NOW));
    expect(await userRow(agent.id)).toMatchObject({
      profileSlug: null,
      profilePublic: false,
      profileAreas: [],
      profileAbout: null,
      licenceNumber: null,
    });
    expect((await getAgent('pdpa-agent')).statusCode).toBe(404);
    const next = await createUser(app, { email: 'pdpa.next@example.test' });
    expect((await patch(next.token, { slug: 'pdpa-agent' })).statusCode).toBe(200);
  });
});
