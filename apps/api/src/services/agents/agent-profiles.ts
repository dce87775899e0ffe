import {
  AGENT_FIGURES_MONTHS,
  AGENT_MESSAGES,
  type AgentListingsQuery,
  type AgentProfile,
  isLanguage,
  type Language,
  MIN_INQUIRIES_FOR_FIGURES,
  type PropertyPage,
  type PublicProfile,
  type UpdatePublicProfileRequest,
} from '@baan/contract';
import { and, desc, eq, gte, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies, agencyMembers, properties, propertyInquiries, users } from '../../db/schema.ts';
import { badRequest, conflict, isUniqueViolation } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { UserRow } from '../accounts/to-public-user.ts';
import { loadDetails, publishedProfile, toWireProperty } from '../properties/property-wire.ts';
import { isVisible } from '../properties/visible.ts';
import { queueLicenceCheck } from '../verifications/verifications.ts';

/**
 * Public agent profiles (ADR 029): an account's page at /agent/{slug} once its owner published it, with figures
 * measured from its listings and its lead inbox. Nothing here ever reads or answers an e-mail address or a phone.
 */

const languagesOf = (codes: string[]): Language[] => codes.filter(isLanguage);

/** The start of the figures' window: the same instant twelve calendar months before `now` (UTC). */
export function figuresSince(now: Date): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - AGENT_FIGURES_MONTHS);
  return since;
}

/** The account behind a published slug, or null (unknown, unpublished, disabled or deleted). */
async function findPublished(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: users.id,
      slug: users.profileSlug,
      name: users.name,
      companyName: users.companyName,
      profileImage: users.profileImage,
      languages: users.profileLanguages,
      areas: users.profileAreas,
      licenceNumber: users.licenceNumber,
      licenceVerified: users.licenceVerified,
      phoneVerified: sql<boolean>`${users.phoneVerifiedAt} is not null and ${users.phoneNumber} is not null`,
      about: users.profileAbout,
      createdAt: users.createdAt,
      agencySlug: agencies.slug,
      agencyName: agencies.name,
    })
    .from(users)
    .leftJoin(agencyMembers, eq(agencyMembers.userId, users.id))
    .leftJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(and(eq(users.profileSlug, slug), publishedProfile));
  return row ?? null;
}

/** GET /api/agents/{slug}: the public profile with its figures, or null. */
export async function getAgentProfile(db: Db, storage: Storage, slug: string, now: Date): Promise<AgentProfile | null> {
  const agent = await findPublished(db, slug);
  if (!agent) return null;
  const since = figuresSince(now);
  const [[active], [closed], [inbox]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(properties)
      .where(and(eq(properties.userId, agent.id), isVisible)),
    // No status history yet: a listing marked sold or rented counts when its last change is within the window.
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(properties)
      .where(
        and(
          eq(properties.userId, agent.id),
          inArray(properties.status, ['sold', 'rented']),
          eq(properties.review, 'approved'),
          gte(properties.updatedAt, since),
        ),
      ),
    db
      .select({
        total: sql<number>`count(*)::int`,
        answered: sql<number>`count(${propertyInquiries.respondedAt})::int`,
        minutes: sql<
          string | null
        >`round((percentile_cont(0.5) within group (order by extract(epoch from ${propertyInquiries.respondedAt} - ${propertyInquiries.createdAt})))::numeric / 60)`,
      })
      .from(propertyInquiries)
      .where(and(eq(propertyInquiries.ownerId, agent.id), gte(propertyInquiries.createdAt, since))),
  ]);
  const total = inbox?.total ?? 0;
  const answered = inbox?.answered ?? 0;
  const enough = total >= MIN_INQUIRIES_FOR_FIGURES;
  return {
    slug: slug,
    name: agent.name,
    company_name: agent.companyName,
    profile_image: agent.profileImage ? storage.url(agent.profileImage) : null,
    languages: languagesOf(agent.languages),
    areas: agent.areas,
    licence_number: agent.licenceNumber,
    licence_verified: agent.licenceVerified ? 1 : 0,
    phone_verified: agent.phoneVerified ? 1 : 0,
    about: agent.about,
    member_since: agent.createdAt.toISOString(),
    listings_active: active?.n ?? 0,
    closed_12m: closed?.n ?? 0,
    response_rate_pct: enough ? Math.round((answered * 100) / total) : null,
    median_response_minutes: enough && answered > 0 && inbox?.minutes != null ? Number(inbox.minutes) : null,
    agency: agent.agencySlug && agent.agencyName ? { slug: agent.agencySlug, name: agent.agencyName } : null,
  };
}

/** GET /api/agents/{slug}/listings: the agent's visible listings, premium then newest first; null for no profile. */
export async function agentListings(
  db: Db,
  storage: Storage,
  slug: string,
  query: AgentListingsQuery,
): Promise<PropertyPage | null> {
  const agent = await findPublished(db, slug);
  if (!agent) return null;
  const where = and(
    isVisible,
    eq(properties.userId, agent.id),
    query.type ? eq(properties.type, query.type) : undefined,
  ) as SQL;
  const [counted, rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(properties).where(where),
    db
      .select()
      .from(properties)
      .where(where)
      .orderBy(desc(properties.premium), desc(properties.createdAt), desc(properties.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  const { images, rooms, projects, agents } = await loadDetails(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) =>
      toWireProperty(storage, r, images.get(r.id), rooms.get(r.id), undefined, projects.get(r.id), agents.get(r.id)),
    ),
    total: counted[0]?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}

/** The owner's own public profile (GET and PATCH /api/user/profile/public). */
export function toPublicProfile(row: UserRow): PublicProfile {
  return {
    slug: row.profileSlug,
    public: row.profilePublic ? 1 : 0,
    company_name: row.companyName,
    languages: languagesOf(row.profileLanguages),
    areas: row.profileAreas,
    licence_number: row.licenceNumber,
    licence_verified: row.licenceVerified ? 1 : 0,
    about: row.profileAbout,
  };
}

const slugTaken = () => conflict(AGENT_MESSAGES.slugTaken, { slug: [AGENT_MESSAGES.slugTaken] });

/**
 * PATCH /api/user/profile/public: a field left out stays as it is, null or blank clears an optional one. Publishing
 * needs an address (400); an address another account uses is a 409 (also when two take it at once: the unique
 * index). A licence number that changes is unverified until an admin checks it again. Nothing is written on a refusal.
 */
export async function updatePublicProfile(
  db: Db,
  user: UserRow,
  input: UpdatePublicProfileRequest,
  now: Date,
): Promise<UserRow> {
  const slug = input.slug ?? user.profileSlug;
  const isPublic = input.public ?? user.profilePublic;
  if (isPublic && !slug) throw badRequest(AGENT_MESSAGES.slugRequired, { slug: [AGENT_MESSAGES.slugRequired] });
  if (input.slug !== undefined && input.slug !== user.profileSlug) {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.profileSlug, input.slug), ne(users.id, user.id), isNotNull(users.profileSlug)));
    if (other) throw slugTaken();
  }
  const licenceChanged = input.licence_number !== undefined && input.licence_number !== user.licenceNumber;
  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          profileSlug: slug,
          profilePublic: isPublic,
          ...(input.company_name !== undefined ? { companyName: input.company_name } : {}),
          ...(input.languages !== undefined ? { profileLanguages: input.languages } : {}),
          ...(input.areas !== undefined ? { profileAreas: input.areas } : {}),
          ...(input.about !== undefined ? { profileAbout: input.about } : {}),
          ...(licenceChanged ? { licenceNumber: input.licence_number, licenceVerified: false } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, user.id))
        .returning();
      // A new licence number enters the admin queue; a cleared one only withdraws the waiting check (ADR 032).
      if (licenceChanged) await queueLicenceCheck(tx, user.id, input.licence_number ?? null, now);
      return updated;
    });
    if (!row) throw new Error('user vanished during update');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}
