import { createHash, randomBytes } from 'node:crypto';
import {
  AGENCY_INVITATION_DAYS,
  type AgencyInvitation,
  type AgencyRef,
  type AgencyRole,
  type CreateAgencyRequest,
  type InviteMemberRequest,
  type Language,
  AGENCY_MESSAGES as M,
  type UpdateAgencyRequest,
} from '@baan/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  agencies,
  agencyInvitations,
  agencyMembers,
  conversations,
  properties,
  propertyInquiries,
  users,
} from '../../db/schema.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { agencyInvitationMail } from './agency-mail.ts';

/**
 * Agencies (ADR 037): a user belongs to at most one agency (agency_members' primary key). Listings and leads stay
 * owned by users; the agency's admin reaches its members' listings and leads through membership, and every such
 * call checks that both the thing and the person it moves to are in the caller's own agency.
 */

const DAY = 24 * 60 * 60_000;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export type Membership = { agencyId: number; slug: string; name: string; about: string | null; role: AgencyRole };

/** The caller's agency and role, or null. */
export async function membershipOf(db: Db | Tx, userId: number): Promise<Membership | null> {
  const [row] = await db
    .select({
      agencyId: agencies.id,
      slug: agencies.slug,
      name: agencies.name,
      about: agencies.about,
      role: agencyMembers.role,
    })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(eq(agencyMembers.userId, userId));
  return row ?? null;
}

/** The agency at `slug` where the caller is an admin: 404 for an unknown slug, 403 for anyone but its admins. */
export async function requireAgencyAdmin(db: Db, userId: number, slug: string) {
  const [agency] = await db.select().from(agencies).where(eq(agencies.slug, slug));
  if (!agency) throw notFound(M.notFound);
  const mine = await membershipOf(db, userId);
  if (!mine || mine.agencyId !== agency.id || mine.role !== 'admin') throw forbidden(M.notAdmin);
  return agency;
}

/** The caller's agency when they are its admin (the assign calls, which name no agency): 403 otherwise. */
async function requireAnyAdmin(db: Db, userId: number): Promise<Membership> {
  const mine = await membershipOf(db, userId);
  if (mine?.role !== 'admin') throw forbidden(M.notAdmin);
  return mine;
}

/** Whether `userId` is a member of the agency. */
async function isMember(db: Db | Tx, agencyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: agencyMembers.userId })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, userId)));
  return Boolean(row);
}

/** An address from the agency's name: ASCII letters and digits joined by single hyphens, or `agency`. */
export function slugFromName(name: string): string {
  // Words of ASCII letters and digits, joined by one hyphen each (no regex that trims runs from the end: linear).
  const words = name
    .normalize('NFKD')
    // The accents NFKD took apart (é → e + ◌́) go, so "Réal" stays one word.
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let ascii = '';
  for (const word of words) {
    const next = ascii ? `${ascii}-${word}` : word;
    if (next.length > 50) {
      if (!ascii) ascii = word.slice(0, 50);
      break;
    }
    ascii = next;
  }
  return ascii.length >= 3 ? ascii : 'agency';
}

async function freeSlug(db: Db | Tx, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: agencies.slug })
        .from(agencies)
        .where(inArray(agencies.slug, candidates(base)))
    ).map((r) => r.slug),
  );
  return candidates(base).find((slug) => !taken.has(slug)) ?? `${base}-${randomBytes(3).toString('hex')}`;
}
const candidates = (base: string) => [base, ...Array.from({ length: 9 }, (_, i) => `${base}-${i + 2}`)];

/** POST /api/agencies: a new agency with the caller as its admin; 409 when the caller already belongs to one. */
export async function createAgency(db: Db, userId: number, input: CreateAgencyRequest, now: Date): Promise<AgencyRef> {
  if (await membershipOf(db, userId)) throw conflict(M.alreadyMember);
  for (let attempt = 0; attempt < 3; attempt++) {
    const slug =
      attempt === 0
        ? await freeSlug(db, slugFromName(input.name))
        : `${slugFromName(input.name)}-${randomBytes(3).toString('hex')}`;
    try {
      return await db.transaction(async (tx) => {
        const [agency] = await tx
          .insert(agencies)
          .values({ slug, name: input.name, about: input.about ?? null, createdAt: now })
          .returning();
        if (!agency) throw new Error('agency insert returned nothing');
        await tx.insert(agencyMembers).values({ userId, agencyId: agency.id, role: 'admin', joinedAt: now });
        return { slug: agency.slug, name: agency.name };
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Two agencies at once for one user: the membership's key refuses the second.
      if (await membershipOf(db, userId)) throw conflict(M.alreadyMember);
    }
  }
  throw conflict(M.alreadyMember);
}

/** PATCH /api/agencies/{slug}: the admin renames the agency or rewrites its about text (the address stays). */
export async function updateAgency(
  db: Db,
  userId: number,
  slug: string,
  input: UpdateAgencyRequest,
): Promise<AgencyRef> {
  await requireAgencyAdmin(db, userId, slug);
  const [row] = await db
    .update(agencies)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.about !== undefined ? { about: input.about } : {}),
    })
    .where(eq(agencies.slug, slug))
    .returning();
  if (!row) throw notFound(M.notFound);
  return { slug: row.slug, name: row.name };
}

export type InvitationDeps = {
  mailer: Mailer;
  publicUrl: string;
  /** Counts the mail to the invited address (its daily limit); run once the invitation is allowed, before it is made. */
  beforeMail?: (email: string) => Promise<void>;
};

/**
 * POST /api/agencies/{slug}/invitations: a single-use token (only its hash stored), mailed in the invitee's language
 * when they have an account, else in the inviter's. 409 when the address's account is already a member.
 */
export async function inviteMember(
  db: Db,
  deps: InvitationDeps,
  inviter: { id: number; name: string },
  slug: string,
  input: InviteMemberRequest,
  inviterLanguage: Language,
  now: Date,
): Promise<AgencyInvitation> {
  const agency = await requireAgencyAdmin(db, inviter.id, slug);
  const [invitee] = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.deletedAt)));
  if (invitee && (await isMember(db, agency.id, invitee.id))) {
    throw conflict(M.inviteeMember, { email: [M.inviteeMember] });
  }
  await deps.beforeMail?.(input.email);
  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agencyInvitations)
      .values({
        agencyId: agency.id,
        email: input.email,
        role: input.role,
        tokenHash: tokenHash(token),
        invitedBy: inviter.id,
        expiresAt: new Date(now.getTime() + AGENCY_INVITATION_DAYS * DAY),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('invitation insert returned nothing');
    await deps.mailer.queue(
      tx,
      agencyInvitationMail(
        { email: input.email, role: input.role, token, language: invitee?.language ?? inviterLanguage },
        agency,
        inviter,
        deps.publicUrl,
      ),
    );
    return toWireInvitation(row);
  });
}

export function toWireInvitation(row: typeof agencyInvitations.$inferSelect): AgencyInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** DELETE /api/agencies/{slug}/invitations/{id}: the admin withdraws a waiting invitation (its link stops working). */
export async function withdrawInvitation(db: Db, adminId: number, slug: string, id: number) {
  const agency = await requireAgencyAdmin(db, adminId, slug);
  const gone = await db
    .delete(agencyInvitations)
    .where(
      and(eq(agencyInvitations.id, id), eq(agencyInvitations.agencyId, agency.id), isNull(agencyInvitations.usedAt)),
    )
    .returning({ id: agencyInvitations.id });
  if (gone.length === 0) throw notFound(M.invitationNotFound);
  return { id };
}

/**
 * POST /api/agencies/invitations/accept: 400 for a forged, used or expired token; 403 when the caller's address is
 * not the invited one; 409 when the caller already belongs to an agency. The token is spent in the same transaction
 * that adds the member, and only if it is still unused then (two accepts at once: one wins).
 */
export async function acceptInvitation(
  db: Db,
  user: { id: number; email: string },
  token: string,
  now: Date,
): Promise<AgencyRef & { role: AgencyRole }> {
  const [invitation] = await db
    .select({ row: agencyInvitations, slug: agencies.slug, name: agencies.name })
    .from(agencyInvitations)
    .innerJoin(agencies, eq(agencies.id, agencyInvitations.agencyId))
    .where(eq(agencyInvitations.tokenHash, tokenHash(token)));
  const invalid = () => badRequest(M.tokenInvalid, { token: [M.tokenInvalid] });
  if (!invitation || invitation.row.usedAt || invitation.row.expiresAt <= now) throw invalid();
  if (invitation.row.email !== user.email.toLowerCase()) throw forbidden(M.wrongInvitee);
  if (await membershipOf(db, user.id)) throw conflict(M.alreadyMember);
  try {
    await db.transaction(async (tx) => {
      const spent = await tx
        .update(agencyInvitations)
        .set({ usedAt: now, usedBy: user.id })
        .where(and(eq(agencyInvitations.id, invitation.row.id), isNull(agencyInvitations.usedAt)))
        .returning({ id: agencyInvitations.id });
      if (spent.length === 0) throw invalid();
      await tx
        .insert(agencyMembers)
        .values({ userId: user.id, agencyId: invitation.row.agencyId, role: invitation.row.role, joinedAt: now });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.alreadyMember);
    throw err;
  }
  return { slug: invitation.slug, name: invitation.name, role: invitation.row.role };
}

/**
 * DELETE /api/agencies/{slug}/members/{user_id}: the member leaves; their listings, with the leads and threads on
 * them, are now the admin's (the listings stay with the agency). An admin cannot remove themselves.
 */
export async function removeMember(db: Db, adminId: number, slug: string, memberId: number) {
  const agency = await requireAgencyAdmin(db, adminId, slug);
  if (memberId === adminId) throw badRequest(M.removeSelf);
  if (!(await isMember(db, agency.id, memberId))) throw notFound(M.memberNotFound);
  return db.transaction(async (tx) => {
    await tx
      .delete(agencyMembers)
      .where(and(eq(agencyMembers.userId, memberId), eq(agencyMembers.agencyId, agency.id)));
    const moved = await tx
      .update(properties)
      .set({ userId: adminId })
      .where(eq(properties.userId, memberId))
      .returning({ id: properties.id });
    const ids = moved.map((r) => r.id);
    if (ids.length > 0) {
      await tx
        .update(propertyInquiries)
        .set({ ownerId: adminId })
        .where(and(eq(propertyInquiries.ownerId, memberId), inArray(propertyInquiries.propertyId, ids)));
      await tx
        .update(conversations)
        .set({ ownerId: adminId })
        .where(and(eq(conversations.ownerId, memberId), inArray(conversations.propertyId, ids)));
    }
    return { user_id: memberId, listings_moved: ids.length };
  });
}

/** The target of an assign call must be a member of the admin's agency (400 on `user_id`). */
async function requireTarget(db: Db, agencyId: number, userId: number) {
  if (!(await isMember(db, agencyId, userId))) throw badRequest(M.targetNotMember, { user_id: [M.targetNotMember] });
}

/**
 * POST /api/property/{id}/assign: the admin moves a member's listing to another member (or to themselves). A listing
 * outside the admin's agency answers as a missing one (404), whoever holds it.
 */
export async function assignListing(db: Db, adminId: number, propertyId: number, targetId: number) {
  const mine = await requireAnyAdmin(db, adminId);
  const [listing] = await db
    .select({ id: properties.id, userId: properties.userId })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!listing || !(await isMember(db, mine.agencyId, listing.userId))) throw notFound(M.listingNotFound);
  await requireTarget(db, mine.agencyId, targetId);
  await db.update(properties).set({ userId: targetId }).where(eq(properties.id, propertyId));
  return { id: propertyId, user_id: targetId };
}

/** POST /api/user/inquiries/{id}/assign: the admin moves a member's lead (and the thread it opened) to another member. */
export async function assignLead(db: Db, adminId: number, inquiryId: number, targetId: number) {
  const mine = await requireAnyAdmin(db, adminId);
  const [lead] = await db
    .select({ id: propertyInquiries.id, ownerId: propertyInquiries.ownerId })
    .from(propertyInquiries)
    .where(eq(propertyInquiries.id, inquiryId));
  if (!lead || !(await isMember(db, mine.agencyId, lead.ownerId))) throw notFound(M.leadNotFound);
  await requireTarget(db, mine.agencyId, targetId);
  await db.transaction(async (tx) => {
    await tx.update(propertyInquiries).set({ ownerId: targetId }).where(eq(propertyInquiries.id, inquiryId));
    await tx.update(conversations).set({ ownerId: targetId }).where(eq(conversations.inquiryId, inquiryId));
  });
  return { id: inquiryId, user_id: targetId };
}
