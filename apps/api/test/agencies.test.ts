import {
  AGENCY_MESSAGES,
  AgencyLeadsResponse,
  AgencyListingsResponse,
  AgencyProfileResponse,
  AgentProfileResponse,
  DataExportResponse,
  ErrorEnvelope,
  MyAgencyResponse,
  PropertyResponse,
} from '@baan/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agencyInvitations,
  conversations,
  mailOutbox,
  packages,
  properties,
  propertyInquiries,
  users,
} from '../src/db/schema.ts';
import { deleteAccount } from '../src/services/privacy/delete-account.ts';
import { assertFeaturedQuota } from '../src/services/properties/featured-quota.ts';
import { activateSubscription } from '../src/services/subscriptions/activate-subscription.ts';
import { getSubscriptionSummary } from '../src/services/subscriptions/get-subscription-summary.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/** Agencies (ADR 037): create, invite by mail, accept, remove, assign, the admin's views, and one agency's walls. */
const app = await build();
const now = new Date('2026-11-28T00:00:00.000Z');
app.clock.now = () => now;
const DAY = 24 * 60 * 60_000;

const auth = (token: string, language?: string) => ({
  authorization: `Bearer ${token}`,
  ...(language ? { 'accept-language': language } : {}),
});
const post = (token: string, url: string, payload: object, language?: string) =>
  app.inject({ method: 'POST', url, payload, headers: auth(token, language) });
const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: auth(token) });
const del = (token: string, url: string) => app.inject({ method: 'DELETE', url, headers: auth(token) });

let n = 0;
async function person(extra: Partial<typeof users.$inferInsert> = {}) {
  n += 1;
  const user = await createUser(app, { email: `agency.person${n}@example.test` });
  if (Object.keys(extra).length > 0) await app.db.update(users).set(extra).where(eq(users.id, user.id));
  return user;
}

async function createAgency(token: string, name: string) {
  const res = await post(token, '/api/agencies', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { slug: string; name: string };
}

async function mailsTo(email: string) {
  await app.mailer.drain();
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
}

/** Invites `email`, reads the mailed link and answers the token in it. */
async function invite(
  adminToken: string,
  slug: string,
  email: string,
  role: 'agent' | 'admin' = 'agent',
  language?: string,
) {
  const res = await post(adminToken, `/api/agencies/${slug}/invitations`, { email, role }, language);
  expect(res.statusCode, res.body).toBe(201);
  const mails = await mailsTo(email);
  const mail = mails.at(-1);
  if (!mail) throw new Error('no invitation mail');
  const token = /\/dashboard\/agency\/join#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link in ${mail.text}`);
  return { token, mail };
}

const accept = (token: string, invitation: string) =>
  post(token, '/api/agencies/invitations/accept', { token: invitation });

/** An agency with its admin and one agent who joined through the mailed link. */
async function agencyWithAgent(name: string) {
  const admin = await person();
  const agency = await createAgency(admin.token, name);
  const agent = await person();
  const { token } = await invite(admin.token, agency.slug, agent.email);
  expect((await accept(agent.token, token)).statusCode).toBe(200);
  return { admin, agent, agency };
}

async function makeLead(ownerId: number, propertyId: number) {
  const [row] = await app.db
    .insert(propertyInquiries)
    .values({ propertyId, ownerId, propertyTitle: 'Lead', name: 'Buyer', email: 'buyer@example.test', message: 'Hi' })
    .returning();
  if (!row) throw new Error('no lead');
  return row;
}
const ownerOf = async (propertyId: number) =>
  (await app.db.select().from(properties).where(eq(properties.id, propertyId)))[0]?.userId;
const leadOwner = async (id: number) =>
  (await app.db.select().from(propertyInquiries).where(eq(propertyInquiries.id, id)))[0]?.ownerId;

describe('POST /api/agencies', () => {
  it('creates the agency with the caller as its admin, and a second one for the same caller is a 409', async () => {
    const admin = await person();
    const agency = await createAgency(admin.token, 'Siam Homes & Co.');
    expect(agency).toEqual({ slug: 'siam-homes-co', name: 'Siam Homes & Co.' });
    const mine = MyAgencyResponse.parse((await get(admin.token, '/api/user/agency')).json()).payload;
    expect(mine.agency).toEqual({ slug: 'siam-homes-co', name: 'Siam Homes & Co.', role: 'admin', about: null });
    expect(mine.members.map((m) => [m.user_id, m.role])).toEqual([[admin.id, 'admin']]);
    const again = await post(admin.token, '/api/agencies', { name: 'Another' });
    expect(again.statusCode).toBe(409);
    expect(ErrorEnvelope.parse(again.json()).message).toBe(AGENCY_MESSAGES.alreadyMember);
    // The same name again: another address.
    const other = await person();
    expect((await createAgency(other.token, 'Siam Homes & Co.')).slug).toBe('siam-homes-co-2');
    // A Thai name has no Latin letters: a generic address.
    const thai = await person();
    expect((await createAgency(thai.token, 'บ้านสยาม')).slug).toMatch(/^agency(-\d+)?$/);
  });

  it('refuses a missing, blank, too long or controlled name (400) and needs a login (401)', async () => {
    const user = await person();
    for (const name of [undefined, '', ' ', 'a', 'x'.repeat(121), 'x'.repeat(100_000), 'Bad\u0007name', 42]) {
      const res = await post(user.token, '/api/agencies', { name });
      expect(res.statusCode, String(name).slice(0, 20)).toBe(400);
      expect(ErrorEnvelope.parse(res.json()).errors?.name).toEqual([AGENCY_MESSAGES.nameInvalid]);
    }
    expect((await app.inject({ method: 'POST', url: '/api/agencies', payload: { name: 'Nope' } })).statusCode).toBe(
      401,
    );
    expect(MyAgencyResponse.parse((await get(user.token, '/api/user/agency')).json()).payload.agency).toBeNull();
  });
});

describe('PATCH /api/agencies/{slug}', () => {
  const patch = (token: string, slug: string, payload: object) =>
    app.inject({ method: 'PATCH', url: `/api/agencies/${slug}`, payload, headers: auth(token) });

  it('lets the admin rename the agency and rewrite its about text; the address stays', async () => {
    const { admin, agent, agency } = await agencyWithAgent('Old Name');
    const res = await patch(admin.token, agency.slug, { name: 'New Name', about: 'Villas in Phuket.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({ slug: agency.slug, name: 'New Name' });
    const page = AgencyProfileResponse.parse(
      (await app.inject({ method: 'GET', url: `/api/agencies/${agency.slug}` })).json(),
    );
    expect(page.payload).toMatchObject({ name: 'New Name', about: 'Villas in Phuket.' });
    expect((await patch(admin.token, agency.slug, { about: '' })).statusCode).toBe(200);
    const mine = MyAgencyResponse.parse((await get(admin.token, '/api/user/agency')).json()).payload;
    expect(mine.agency).toMatchObject({ name: 'New Name', about: null });
    // Not the agent, not another agency's admin, not a bad name.
    expect((await patch(agent.token, agency.slug, { name: 'Mine now' })).statusCode).toBe(403);
    const other = await person();
    await createAgency(other.token, 'Other One');
    expect((await patch(other.token, agency.slug, { name: 'Taken over' })).statusCode).toBe(403);
    expect((await patch(admin.token, agency.slug, { name: 'x'.repeat(121) })).statusCode).toBe(400);
    expect((await patch(admin.token, agency.slug, { about: 'y'.repeat(2001) })).statusCode).toBe(400);
    expect((await patch(admin.token, 'no-such-agency', { name: 'Ghost' })).statusCode).toBe(404);
    expect(
      AgencyProfileResponse.parse((await app.inject({ method: 'GET', url: `/api/agencies/${agency.slug}` })).json())
        .payload.name,
    ).toBe('New Name');
  });
});

describe('invitations', () => {
  it('mails a single-use link; accepting joins the agency as the invited role; the token twice is a 400', async () => {
    const admin = await person();
    const agency = await createAgency(admin.token, 'Joiners');
    const agent = await person();
    const { token, mail } = await invite(admin.token, agency.slug, agent.email, 'admin');
    expect(mail.subject).toBe('Join Joiners on Baan');
    expect(mail.html).toContain(`/dashboard/agency/join#token=${token}`);
    // Only a hash is stored.
    const stored = await app.db.select().from(agencyInvitations);
    expect(stored.some((row) => row.tokenHash.includes(token))).toBe(false);
    // Waiting, the admin sees it.
    const before = MyAgencyResponse.parse((await get(admin.token, '/api/user/agency')).json()).payload;
    expect(before.invitations.map((i) => [i.email, i.role])).toEqual([[agent.email, 'admin']]);

    const res = await accept(agent.token, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({ slug: agency.slug, name: 'Joiners' });
    const mine = MyAgencyResponse.parse((await get(agent.token, '/api/user/agency')).json()).payload;
    expect(mine.agency?.role).toBe('admin');
    const after = MyAgencyResponse.parse((await get(admin.token, '/api/user/agency')).json()).payload;
    expect(after.members.map((m) => m.user_id).sort()).toEqual([admin.id, agent.id].sort());
    expect(after.invitations).toEqual([]);

    const twice = await accept(agent.token, token);
    expect(twice.statusCode).toBe(400);
    expect(ErrorEnvelope.parse(twice.json()).message).toBe(AGENCY_MESSAGES.tokenInvalid);
  });

  it('refuses a forged, malformed or expired token (400) and a token for another address (403)', async () => {
    const admin = await person();
    const agency = await createAgency(admin.token, 'Expiry');
    const invitee = await person();
    for (const forged of ['A'.repeat(43), 'short', '', 'x'.repeat(10_000), '../../etc', 7]) {
      const res = await accept(invitee.token, forged as string);
      expect(res.statusCode, String(forged).slice(0, 20)).toBe(400);
      expect(ErrorEnvelope.parse(res.json()).message).toBe(AGENCY_MESSAGES.tokenInvalid);
    }
    const { token } = await invite(admin.token, agency.slug, invitee.email);
    const stranger = await person();
    const wrong = await accept(stranger.token, token);
    expect(wrong.statusCode).toBe(403);
    expect(ErrorEnvelope.parse(wrong.json()).message).toBe(AGENCY_MESSAGES.wrongInvitee);
    // A week after it was sent it expires.
    const [row] = await app.db.select().from(agencyInvitations).where(eq(agencyInvitations.email, invitee.email));
    expect(row?.expiresAt.getTime()).toBe(now.getTime() + 7 * DAY);
    // At its expiry (the clock's now): refused, and not spent by the try.
    await app.db.update(agencyInvitations).set({ expiresAt: now }).where(eq(agencyInvitations.email, invitee.email));
    expect((await accept(invitee.token, token)).statusCode).toBe(400);
    await app.db
      .update(agencyInvitations)
      .set({ expiresAt: new Date(now.getTime() + 1000) })
      .where(eq(agencyInvitations.email, invitee.email));
    expect((await accept(invitee.token, token)).statusCode).toBe(200);
  });

  it('is a 409 for someone already in another agency, and nothing changes', async () => {
    const a = await agencyWithAgent('Alpha Realty');
    const bAdmin = await person();
    await createAgency(bAdmin.token, 'Beta Realty');
    const { token } = await invite(a.admin.token, a.agency.slug, bAdmin.email);
    const res = await accept(bAdmin.token, token);
    expect(res.statusCode).toBe(409);
    expect(ErrorEnvelope.parse(res.json()).message).toBe(AGENCY_MESSAGES.alreadyMember);
    expect(MyAgencyResponse.parse((await get(bAdmin.token, '/api/user/agency')).json()).payload.agency?.name).toBe(
      'Beta Realty',
    );
    // Inviting a current member again is a 409 too.
    const again = await post(a.admin.token, `/api/agencies/${a.agency.slug}/invitations`, {
      email: a.agent.email,
      role: 'agent',
    });
    expect(again.statusCode).toBe(409);
  });

  it("is written in the invitee's language when they have an account, else in the inviter's", async () => {
    const admin = await person();
    const agency = await createAgency(admin.token, 'Polyglot');
    const thai = await person({ language: 'th' });
    const { mail } = await invite(admin.token, agency.slug, thai.email, 'agent', 'en');
    expect(mail.subject).toBe('เข้าร่วม Polyglot บน Baan');
    expect(mail.text).toContain('บริษัทนายหน้า');
    expect(mail.text).toContain('/th/dashboard/agency/join#');
    const { mail: ja } = await invite(admin.token, agency.slug, 'nobody.yet@example.test', 'admin', 'ja');
    expect(ja.subject).toBe('Baan で Polyglot に参加する');
    expect(ja.text).toContain('/ja/dashboard/agency/join#');
  });

  it('can be withdrawn by the admin: its link stops working; not by others, not once used', async () => {
    const { admin, agent, agency } = await agencyWithAgent('Withdrawers');
    const invitee = await person();
    const { token } = await invite(admin.token, agency.slug, invitee.email);
    const [row] = await app.db.select().from(agencyInvitations).where(eq(agencyInvitations.email, invitee.email));
    const url = `/api/agencies/${agency.slug}/invitations/${row?.id}`;
    expect((await del(agent.token, url)).statusCode).toBe(403);
    const other = await person();
    const otherAgency = await createAgency(other.token, 'Other Withdrawers');
    expect((await del(other.token, url)).statusCode).toBe(403);
    expect((await del(other.token, `/api/agencies/${otherAgency.slug}/invitations/${row?.id}`)).statusCode).toBe(404);
    const res = await del(admin.token, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(AGENCY_MESSAGES.withdrawn);
    expect((await accept(invitee.token, token)).statusCode).toBe(400);
    expect((await del(admin.token, url)).statusCode).toBe(404);
    expect((await del(admin.token, `/api/agencies/${agency.slug}/invitations/abc`)).statusCode).toBe(404);
    // A used one is no longer waiting.
    const [used] = await app.db.select().from(agencyInvitations).where(eq(agencyInvitations.email, agent.email));
    expect((await del(admin.token, `/api/agencies/${agency.slug}/invitations/${used?.id}`)).statusCode).toBe(404);
  });

  it('checks the invitation: bad e-mail or role is a 400, an unknown agency a 404', async () => {
    const admin = await person();
    const agency = await createAgency(admin.token, 'Checks');
    for (const payload of [
      { email: 'not-an-address', role: 'agent' },
      { email: `${'a'.repeat(400)}@example.test`, role: 'agent' },
      { email: 'ok@example.test', role: 'owner' },
      { email: 'ok@example.test' },
    ]) {
      const res = await post(admin.token, `/api/agencies/${agency.slug}/invitations`, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    for (const slug of ['no-such-agency', 'UPPER', 'x'.repeat(61)]) {
      const res = await post(admin.token, `/api/agencies/${slug}/invitations`, {
        email: 'ok@example.test',
        role: 'agent',
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('the public agency page and the agent payload', () => {
  it('lists members with a published profile and counts every member’s visible listings; 404 for an unknown slug', async () => {
    const { admin, agent, agency } = await agencyWithAgent('Public Agency');
    await app.db.update(users).set({ profileSlug: 'public-agent', profilePublic: true }).where(eq(users.id, agent.id));
    const listing = await makeListing(app, agent.id, { review: 'approved', status: 'active' });
    await makeListing(app, admin.id, { review: 'approved', status: 'active' });
    await makeListing(app, admin.id, { review: 'approved', status: 'paused' });
    const res = await app.inject({ method: 'GET', url: `/api/agencies/${agency.slug}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = AgencyProfileResponse.parse(res.json()).payload;
    expect(page).toMatchObject({
      slug: agency.slug,
      name: 'Public Agency',
      logo: null,
      about: null,
      listings_active: 2,
    });
    expect(page.agents).toEqual([
      {
        slug: 'public-agent',
        name: agent.email.split('@')[0],
        profile_image: null,
        licence_verified: 0,
        listings_active: 1,
      },
    ]);
    expect(JSON.stringify(page)).not.toContain('@');
    expect((await app.inject({ method: 'GET', url: '/api/agencies/nope-nope' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/agencies/Bad%20Slug' })).statusCode).toBe(404);

    const profile = AgentProfileResponse.parse(
      (await app.inject({ method: 'GET', url: '/api/agents/public-agent' })).json(),
    );
    expect(profile.payload.agency).toEqual({ slug: agency.slug, name: 'Public Agency' });
    const wire = PropertyResponse.parse(
      (await app.inject({ method: 'GET', url: `/api/property/${listing.id}` })).json(),
    );
    expect(wire.payload.agent?.agency_slug).toBe(agency.slug);
  });
});

describe('the admin: views, removing and moving', () => {
  it("sees every member's listings and leads, and moves a listing and a lead between members", async () => {
    const { admin, agent, agency } = await agencyWithAgent('Movers');
    const listing = await makeListing(app, agent.id, { title: 'Agent condo' });
    const lead = await makeLead(agent.id, listing.id);
    const [thread] = await app.db
      .insert(conversations)
      .values({
        propertyId: listing.id,
        inquiryId: lead.id,
        propertyTitle: 'Agent condo',
        ownerId: agent.id,
        visitorName: 'Buyer',
        visitorEmail: 'buyer@example.test',
        guestKey: 'k'.repeat(32),
      })
      .returning();

    const listings = AgencyListingsResponse.parse(
      (await get(admin.token, `/api/agencies/${agency.slug}/listings`)).json(),
    );
    expect(listings.payload.items.map((i) => [i.id, i.member.user_id])).toEqual([[listing.id, agent.id]]);
    const leads = AgencyLeadsResponse.parse((await get(admin.token, `/api/agencies/${agency.slug}/leads`)).json());
    expect(leads.payload.items.map((i) => [i.id, i.member.user_id])).toEqual([[lead.id, agent.id]]);

    const moved = await post(admin.token, `/api/property/${listing.id}/assign`, { user_id: admin.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await ownerOf(listing.id)).toBe(admin.id);
    const back = await post(admin.token, `/api/property/${listing.id}/assign`, { user_id: agent.id });
    expect(back.statusCode).toBe(200);
    expect(await ownerOf(listing.id)).toBe(agent.id);

    const movedLead = await post(admin.token, `/api/user/inquiries/${lead.id}/assign`, { user_id: admin.id });
    expect(movedLead.statusCode, movedLead.body).toBe(200);
    expect(await leadOwner(lead.id)).toBe(admin.id);
    const [after] = await app.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, thread?.id ?? 0));
    expect(after?.ownerId).toBe(admin.id);
  });

  it("removes a member: their listings and those listings' leads are now the admin's", async () => {
    const { admin, agent, agency } = await agencyWithAgent('Leavers');
    const one = await makeListing(app, agent.id);
    const two = await makeListing(app, agent.id);
    const lead = await makeLead(agent.id, one.id);
    expect((await del(admin.token, `/api/agencies/${agency.slug}/members/${admin.id}`)).statusCode).toBe(400);
    const res = await del(admin.token, `/api/agencies/${agency.slug}/members/${agent.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({ user_id: agent.id, listings_moved: 2 });
    expect(await ownerOf(one.id)).toBe(admin.id);
    expect(await ownerOf(two.id)).toBe(admin.id);
    expect(await leadOwner(lead.id)).toBe(admin.id);
    expect(MyAgencyResponse.parse((await get(agent.token, '/api/user/agency')).json()).payload.agency).toBeNull();
    // Gone is gone: a second removal names no member.
    expect((await del(admin.token, `/api/agencies/${agency.slug}/members/${agent.id}`)).statusCode).toBe(404);
    expect((await del(admin.token, `/api/agencies/${agency.slug}/members/abc`)).statusCode).toBe(404);
  });

  it('refuses a member who is not an admin (403) and a stranger (403)', async () => {
    const { admin, agent, agency } = await agencyWithAgent('Ranks');
    const listing = await makeListing(app, admin.id);
    const lead = await makeLead(admin.id, listing.id);
    const stranger = await person();
    for (const who of [agent, stranger]) {
      const calls = [
        await post(who.token, `/api/agencies/${agency.slug}/invitations`, { email: 'x@example.test', role: 'admin' }),
        await del(who.token, `/api/agencies/${agency.slug}/members/${admin.id}`),
        await post(who.token, `/api/property/${listing.id}/assign`, { user_id: who.id }),
        await post(who.token, `/api/user/inquiries/${lead.id}/assign`, { user_id: who.id }),
        await get(who.token, `/api/agencies/${agency.slug}/listings`),
        await get(who.token, `/api/agencies/${agency.slug}/leads`),
      ];
      expect(calls.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
      expect(ErrorEnvelope.parse(calls[0]?.json()).message).toBe(AGENCY_MESSAGES.notAdmin);
    }
    expect(await ownerOf(listing.id)).toBe(admin.id);
    expect(await leadOwner(lead.id)).toBe(admin.id);
  });

  it("keeps agency A's admin away from agency B's members, listings and leads", async () => {
    const a = await agencyWithAgent('Agency A');
    const b = await agencyWithAgent('Agency B');
    const bListing = await makeListing(app, b.agent.id);
    const bLead = await makeLead(b.agent.id, bListing.id);
    const aListing = await makeListing(app, a.agent.id);
    const aLead = await makeLead(a.agent.id, aListing.id);
    const loner = await person();
    const lonerListing = await makeListing(app, loner.id);

    const status = async (p: Promise<{ statusCode: number }>) => (await p).statusCode;
    // B's things through A's admin: no such listing, lead or member in A (404); B's pages are B's admin's (403).
    expect(await status(post(a.admin.token, `/api/property/${bListing.id}/assign`, { user_id: a.agent.id }))).toBe(404);
    expect(await status(post(a.admin.token, `/api/property/${lonerListing.id}/assign`, { user_id: a.admin.id }))).toBe(
      404,
    );
    expect(await status(post(a.admin.token, `/api/user/inquiries/${bLead.id}/assign`, { user_id: a.agent.id }))).toBe(
      404,
    );
    expect(await status(del(a.admin.token, `/api/agencies/${a.agency.slug}/members/${b.agent.id}`))).toBe(404);
    expect(await status(del(a.admin.token, `/api/agencies/${b.agency.slug}/members/${b.agent.id}`))).toBe(403);
    expect(await status(get(a.admin.token, `/api/agencies/${b.agency.slug}/listings`))).toBe(403);
    expect(await status(get(a.admin.token, `/api/agencies/${b.agency.slug}/leads`))).toBe(403);
    expect(
      await status(
        post(a.admin.token, `/api/agencies/${b.agency.slug}/invitations`, { email: 'y@example.test', role: 'agent' }),
      ),
    ).toBe(403);
    // A's things to a B member or a stranger: the target must be in A (400).
    for (const target of [b.agent.id, b.admin.id, loner.id, 999_999]) {
      const res = await post(a.admin.token, `/api/property/${aListing.id}/assign`, { user_id: target });
      expect(res.statusCode).toBe(400);
      expect(ErrorEnvelope.parse(res.json()).errors?.user_id).toEqual([AGENCY_MESSAGES.targetNotMember]);
      expect(
        (await post(a.admin.token, `/api/user/inquiries/${aLead.id}/assign`, { user_id: target })).statusCode,
      ).toBe(400);
    }
    for (const bad of [undefined, 'x', -1, 1.5, 2 ** 40]) {
      expect((await post(a.admin.token, `/api/property/${aListing.id}/assign`, { user_id: bad })).statusCode).toBe(400);
    }
    // Nothing moved; A's views hold only A's members.
    expect(await ownerOf(bListing.id)).toBe(b.agent.id);
    expect(await leadOwner(bLead.id)).toBe(b.agent.id);
    expect(await ownerOf(aListing.id)).toBe(a.agent.id);
    expect(await ownerOf(lonerListing.id)).toBe(loner.id);
    const aListings = AgencyListingsResponse.parse(
      (await get(a.admin.token, `/api/agencies/${a.agency.slug}/listings`)).json(),
    );
    expect(aListings.payload.items.map((i) => i.id)).toEqual([aListing.id]);
    const aLeads = AgencyLeadsResponse.parse((await get(a.admin.token, `/api/agencies/${a.agency.slug}/leads`)).json());
    expect(aLeads.payload.items.map((i) => i.id)).toEqual([aLead.id]);
  });
});

describe('personal data (PDPA)', () => {
  it('ends the membership and drops the invitations mailed to the address', async () => {
    const { admin, agent, agency } = await agencyWithAgent('Forgetters');
    const invitee = await person();
    await invite(admin.token, agency.slug, invitee.email);
    // The person's copy of their data names the agency.
    const exported = await get(agent.token, '/api/user/data-export');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(DataExportResponse.parse(exported.json()).payload.account.agency).toMatchObject({
      slug: agency.slug,
      name: 'Forgetters',
      role: 'agent',
    });
    await app.db.transaction((tx) => deleteAccount(tx, agent.id, now));
    await app.db.transaction((tx) => deleteAccount(tx, invitee.id, now));
    const mine = MyAgencyResponse.parse((await get(admin.token, '/api/user/agency')).json()).payload;
    expect(mine.members.map((m) => m.user_id)).toEqual([admin.id]);
    expect(mine.invitations).toEqual([]);
    expect(await app.db.select().from(agencyInvitations).where(eq(agencyInvitations.email, invitee.email))).toEqual([]);
  });
});

describe('package sharing', () => {
  /** A 30-day period of a package with a featured quota of `quota`, starting at the test clock's now. */
  async function subscribe(userId: number, quota: number) {
    const [pkg] = await app.db
      .insert(packages)
      .values({ name: `Agency ${quota}`, price: 1000, featuredQuota: quota })
      .returning();
    if (!pkg) throw new Error('no package');
    await app.db.transaction((tx) =>
      activateSubscription(
        tx,
        {
          userId,
          packageId: pkg.id,
          durationDays: 30,
          amount: pkg.price,
          paymentMethod: 'test',
          paymentId: null,
          grantedBy: null,
        },
        now,
      ),
    );
    return pkg;
  }
  const quota = async (token: string) => (await get(token, '/api/user/featured-quota')).json().payload;
  const active = async (userId: number) => (await getSubscriptionSummary(app.db, userId, now)).is_active;

  it("covers the members with the admin's package and shares its featured quota among them", async () => {
    const { admin, agent, agency } = await agencyWithAgent('Sharers');
    expect(await active(agent.id)).toBe(0);
    const pkg = await subscribe(admin.id, 2);
    expect(await active(agent.id)).toBe(1);
    expect((await getSubscriptionSummary(app.db, agent.id, now)).package_id).toBe(pkg.id);
    expect(await quota(agent.token)).toMatchObject({ quota: 2, used: 0, left: 2 });

    await makeListing(app, admin.id, { isFeatured: true });
    await makeListing(app, agent.id, { isFeatured: true });
    // One pool of two: both see it full, and neither may feature a third.
    expect(await quota(admin.token)).toMatchObject({ quota: 2, used: 2, left: 0 });
    expect(await quota(agent.token)).toMatchObject({ quota: 2, used: 2, left: 0 });
    await expect(assertFeaturedQuota(app.db, agent.id, now)).rejects.toMatchObject({ statusCode: 403 });
    await expect(assertFeaturedQuota(app.db, admin.id, now)).rejects.toMatchObject({ statusCode: 403 });

    // A stranger is not covered; a removed member no longer is.
    const stranger = await person();
    expect(await active(stranger.id)).toBe(0);
    expect((await del(admin.token, `/api/agencies/${agency.slug}/members/${agent.id}`)).statusCode).toBe(200);
    expect(await active(agent.id)).toBe(0);
    // The removed member's featured listing is now the admin's: still two in the pool.
    expect(await quota(admin.token)).toMatchObject({ quota: 2, used: 2, left: 0 });
  });

  it('keeps a member with a package of their own on their own quota', async () => {
    const { admin, agent } = await agencyWithAgent('Own Packages');
    await subscribe(admin.id, 1);
    await subscribe(agent.id, 3);
    await makeListing(app, admin.id, { isFeatured: true });
    expect(await quota(agent.token)).toMatchObject({ quota: 3, used: 0, left: 3 });
    expect(await quota(admin.token)).toMatchObject({ quota: 1, used: 1, left: 0 });
    await assertFeaturedQuota(app.db, agent.id, now);
  });
});
