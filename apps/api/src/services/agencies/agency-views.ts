import type { AgencyLeads, AgencyLeadsQuery, AgencyListings, AgencyProfile, MyAgency } from '@baan/contract';
import { and, asc, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  agencies,
  agencyInvitations,
  agencyMembers,
  conversations,
  properties,
  propertyInquiries,
  users,
} from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { toWireInquiry } from '../contact/contact-wire.ts';
import { listUserProperties } from '../owners/list-user-properties.ts';
import { publishedProfile } from '../properties/property-wire.ts';
import { isVisible } from '../properties/visible.ts';
import { membershipOf, toWireInvitation } from './agencies.ts';

/** GET /api/agencies/{slug}: the public page's data, or null. Only members with a published profile are named. */
export async function getAgencyProfile(db: Db, storage: Storage, slug: string): Promise<AgencyProfile | null> {
  const [agency] = await db.select().from(agencies).where(eq(agencies.slug, slug));
  if (!agency) return null;
  const memberIds = db
    .select({ id: agencyMembers.userId })
    .from(agencyMembers)
    .where(eq(agencyMembers.agencyId, agency.id));
  const activeCount = sql<number>`(select count(*)::int from ${properties} where ${properties.userId} = ${users.id} and ${isVisible})`;
  const [agents, [active]] = await Promise.all([
    db
      .select({
        slug: users.profileSlug,
        name: users.name,
        profileImage: users.profileImage,
        licenceVerified: users.licenceVerified,
        listingsActive: activeCount,
      })
      .from(agencyMembers)
      .innerJoin(users, eq(users.id, agencyMembers.userId))
      .where(and(eq(agencyMembers.agencyId, agency.id), publishedProfile))
      .orderBy(asc(agencyMembers.joinedAt), asc(users.id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(properties)
      .where(and(inArray(properties.userId, memberIds), isVisible)),
  ]);
  return {
    slug: agency.slug,
    name: agency.name,
    logo: agency.logo ? storage.url(agency.logo) : null,
    about: agency.about,
    agents: agents.flatMap((a) =>
      a.slug === null
        ? []
        : [
            {
              slug: a.slug,
              name: a.name,
              profile_image: a.profileImage ? storage.url(a.profileImage) : null,
              licence_verified: a.licenceVerified ? (1 as const) : (0 as const),
              listings_active: a.listingsActive,
            },
          ],
    ),
    listings_active: active?.n ?? 0,
  };
}

/** GET /api/user/agency: the caller's agency and role; its admins also get the members and waiting invitations. */
export async function getMyAgency(db: Db, userId: number, now: Date): Promise<MyAgency> {
  const mine = await membershipOf(db, userId);
  if (!mine) return { agency: null, members: [], invitations: [] };
  const agency = { slug: mine.slug, name: mine.name, role: mine.role, about: mine.about };
  if (mine.role !== 'admin') return { agency, members: [], invitations: [] };
  const [members, invitations] = await Promise.all([
    db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        role: agencyMembers.role,
        profileSlug: users.profileSlug,
        joinedAt: agencyMembers.joinedAt,
        listings: sql<number>`(select count(*)::int from ${properties} where ${properties.userId} = ${users.id})`,
      })
      .from(agencyMembers)
      .innerJoin(users, eq(users.id, agencyMembers.userId))
      .where(eq(agencyMembers.agencyId, mine.agencyId))
      .orderBy(asc(agencyMembers.joinedAt), asc(users.id)),
    db
      .select()
      .from(agencyInvitations)
      .where(
        and(
          eq(agencyInvitations.agencyId, mine.agencyId),
          isNull(agencyInvitations.usedAt),
          gt(agencyInvitations.expiresAt, now),
        ),
      )
      .orderBy(desc(agencyInvitations.id))
      .limit(200),
  ]);
  return {
    agency,
    members: members.map((m) => ({
      user_id: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      profile_slug: m.profileSlug,
      listings_count: m.listings,
      joined_at: m.joinedAt.toISOString(),
    })),
    invitations: invitations.map(toWireInvitation),
  };
}

async function memberNames(db: Db, agencyId: number) {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(agencyMembers)
    .innerJoin(users, eq(users.id, agencyMembers.userId))
    .where(eq(agencyMembers.agencyId, agencyId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** GET /api/agencies/{slug}/listings (the admin, checked by the route): every member's listings, newest first. */
export async function agencyListings(db: Db, storage: Storage, agencyId: number): Promise<AgencyListings> {
  const names = await memberNames(db, agencyId);
  const ids = [...names.keys()];
  const rows = await listUserProperties(db, storage, ids);
  const owners = new Map(
    (
      await db
        .select({ id: properties.id, userId: properties.userId })
        .from(properties)
        .where(inArray(properties.userId, ids))
    ).map((r) => [r.id, r.userId]),
  );
  return {
    items: rows.map((row) => {
      const userId = owners.get(row.id) ?? 0;
      return { ...row, member: { user_id: userId, name: names.get(userId) ?? '' } };
    }),
  };
}

/** GET /api/agencies/{slug}/leads (the admin, checked by the route): every member's leads, newest first. */
export async function agencyLeads(db: Db, agencyId: number, query: AgencyLeadsQuery): Promise<AgencyLeads> {
  const names = await memberNames(db, agencyId);
  const ids = [...names.keys()];
  const filters: SQL[] = [inArray(propertyInquiries.ownerId, ids)];
  if (query.status) filters.push(eq(propertyInquiries.status, query.status));
  const where = and(...filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ inquiry: propertyInquiries, conversationId: conversations.id })
      .from(propertyInquiries)
      .leftJoin(conversations, eq(conversations.inquiryId, propertyInquiries.id))
      .where(where)
      .orderBy(desc(propertyInquiries.createdAt), desc(propertyInquiries.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(propertyInquiries).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...toWireInquiry(r.inquiry),
      conversation_id: r.conversationId,
      member: { user_id: r.inquiry.ownerId, name: names.get(r.inquiry.ownerId) ?? '' },
    })),
    total: counted?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}
