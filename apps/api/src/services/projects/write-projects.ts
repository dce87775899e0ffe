import {
  type AdminProject,
  type AdminProjectFields,
  type AdminProjectPage,
  type AdminProjectsQuery,
  type AdminProjectUpdate,
  MAX_PENDING_SUGGESTIONS,
  MAX_STATION_DISTANCE_M,
  PROJECT_MESSAGES,
  type SuggestProjectRequest,
} from '@baan/contract';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { projectAliases, projects, properties, users } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import { resolvePlace } from '../locations/resolve-place.ts';
import { projectIdsNamed } from '../properties/project-names.ts';
import { STATIONS, walkingDistanceM } from '../transit/stations.ts';
import { loadAliases, loadProjectPhotos, type ProjectRow, toAdminProject } from './project-wire.ts';
import { PROJECT_PHOTOS, statsOfProject } from './read-projects.ts';

/** Nearest stations a project keeps. */
const MAX_PROJECT_STATIONS = 3;

/** The up to 3 stations within MAX_STATION_DISTANCE_M walking of a point, nearest first (ADR 018's estimate). */
export function nearestStations(lat: number, lon: number): { id: string; distance_m: number }[] {
  return STATIONS.map((s) => ({ id: s.id, distance_m: Math.round(walkingDistanceM(lat, lon, s.lat, s.lon)) }))
    .filter((s) => s.distance_m <= MAX_STATION_DISTANCE_M)
    .sort((a, b) => a.distance_m - b.distance_m || a.id.localeCompare(b.id))
    .slice(0, MAX_PROJECT_STATIONS);
}

/**
 * A slug from a name: ASCII letters and digits joined by single dashes ("Noble Ploenchit" → noble-ploenchit), at most
 * 90 characters so a `-2` still fits PROJECT_LIMITS.slug (100, the router's longest path parameter).
 */
export function slugOf(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return trimDashes(trimDashes(words).slice(0, 90)) || 'project';
}

/** Without hyphens at either end (a scan, not a regex: an unanchored `-+$` is quadratic on a long run). */
function trimDashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '-') start += 1;
  while (end > start && text[end - 1] === '-') end -= 1;
  return text.slice(start, end);
}

/** The first free slug of `base`, `base-2`, `base-3`, … */
async function freeSlug(tx: Db | Tx, base: string): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ slug: projects.slug })
        .from(projects)
        .where(sql`${projects.slug} = ${base} or ${projects.slug} like ${`${base}-%`}`)
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** Blanks and repeats (any case) dropped, order kept; the project's own names are not aliases. */
function cleanAliases(aliases: readonly string[], names: readonly (string | null | undefined)[]): string[] {
  const seen = new Set(names.filter(Boolean).map((n) => (n as string).toLowerCase()));
  const out: string[] = [];
  for (const alias of aliases) {
    const key = alias.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(alias.trim());
  }
  return out;
}

async function projectRow(tx: Db | Tx, id: number, lock = false): Promise<ProjectRow> {
  const query = tx.select().from(projects).where(eq(projects.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(PROJECT_MESSAGES.idNotFound);
  return row;
}

/** A project as the console sees it (any review state; merged-away ones too). */
export async function adminProject(db: Db, storage: Storage, id: number): Promise<AdminProject> {
  const row = await projectRow(db, id);
  const [aliases, photos, stats, total] = await Promise.all([
    loadAliases(db, [id]),
    loadProjectPhotos(db, storage, [id], PROJECT_PHOTOS),
    statsOfProject(db, id),
    db.select({ n: sql<number>`count(*)::int` }).from(properties).where(eq(properties.projectId, id)),
  ]);
  return toAdminProject(row, aliases.get(id) ?? [], stats, photos.get(id) ?? [], total[0]?.n ?? 0);
}

/** GET /api/admin/projects: projects not merged away, newest first, by name or alias and review state. */
export async function listAdminProjects(
  db: Db,
  storage: Storage,
  query: AdminProjectsQuery,
): Promise<AdminProjectPage> {
  const where = and(
    sql`${projects.mergedIntoId} is null`,
    query.review !== 'all' ? eq(projects.review, query.review) : undefined,
    query.q ? sql`${projects.id} in ${projectIdsNamed(query.q)}` : undefined,
  ) as SQL;
  const [counted, rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where),
    db
      .select({ id: projects.id })
      .from(projects)
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  return {
    items: await Promise.all(rows.map((r) => adminProject(db, storage, r.id))),
    total: counted[0]?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}

async function writeAliases(tx: Db | Tx, projectId: number, aliases: string[]): Promise<void> {
  await tx.delete(projectAliases).where(eq(projectAliases.projectId, projectId));
  if (aliases.length > 0) await tx.insert(projectAliases).values(aliases.map((alias) => ({ projectId, alias })));
}

/** The columns of the admin's fields that were given (absent ones stay; null clears an optional one). */
function adminColumns(fields: AdminProjectUpdate): Partial<typeof projects.$inferInsert> {
  const set: Partial<typeof projects.$inferInsert> = {};
  const has = (key: keyof AdminProjectUpdate) => Object.hasOwn(fields, key) && fields[key] !== undefined;
  if (has('name_en')) set.nameEn = fields.name_en;
  if (has('name_th')) set.nameTh = fields.name_th ?? null;
  if (has('developer')) set.developer = fields.developer ?? null;
  if (has('status')) set.status = fields.status;
  if (has('year_completed')) set.yearCompleted = fields.year_completed ?? null;
  if (has('towers')) set.towers = fields.towers ?? null;
  if (has('floors')) set.floors = fields.floors ?? null;
  if (has('units')) set.units = fields.units ?? null;
  if (has('facilities')) set.facilities = [...new Set(fields.facilities)];
  if (has('common_fee_per_sqm')) set.commonFeePerSqm = fields.common_fee_per_sqm ?? null;
  if (has('province')) set.province = fields.province ?? null;
  if (has('district')) set.district = fields.district ?? null;
  if (has('description')) {
    set.description = Object.fromEntries(
      Object.entries(fields.description ?? {}).filter(([, text]) => typeof text === 'string' && text.trim() !== ''),
    );
  }
  if (fields.lat !== undefined) set.lat = fields.lat;
  if (fields.lon !== undefined) set.lon = fields.lon;
  return set;
}

async function assertSlugFree(tx: Db | Tx, slug: string, except?: number): Promise<void> {
  const [other] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.slug, slug));
  if (other && other.id !== except) throw conflict(PROJECT_MESSAGES.slugTaken, { slug: [PROJECT_MESSAGES.slugTaken] });
}

/** POST /api/admin/projects: an approved project. Answers its id. */
export async function createProject(db: Db, fields: AdminProjectFields, actor: AuditActor, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    if (fields.slug) await assertSlugFree(tx, fields.slug);
    const slug = fields.slug ?? (await freeSlug(tx, slugOf(fields.name_en)));
    const [row] = await tx
      .insert(projects)
      .values({
        ...adminColumns(fields),
        nameEn: fields.name_en,
        lat: fields.lat,
        lon: fields.lon,
        slug,
        stations: nearestStations(fields.lat, fields.lon),
        review: 'approved',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: projects.id });
    if (!row) throw new Error('project insert returned no row');
    await writeAliases(tx, row.id, cleanAliases(fields.aliases ?? [], [fields.name_en, fields.name_th]));
    await recordAudit(
      tx,
      actor,
      { action: 'project.create', targetType: 'project', targetId: row.id, details: { name: fields.name_en, slug } },
      now,
    );
    return row.id;
  });
}

/** PATCH /api/admin/projects/{id}: the fields given; `aliases` replaces the list; a new position new stations. */
export async function updateProject(
  db: Db,
  id: number,
  fields: AdminProjectUpdate,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await projectRow(tx, id, true);
    if (row.mergedIntoId !== null) throw notFound(PROJECT_MESSAGES.idNotFound);
    if (fields.slug && fields.slug !== row.slug) await assertSlugFree(tx, fields.slug, id);
    const set = adminColumns(fields);
    const lat = set.lat ?? row.lat;
    const lon = set.lon ?? row.lon;
    await tx
      .update(projects)
      .set({
        ...set,
        ...(fields.slug ? { slug: fields.slug } : {}),
        ...(lat !== row.lat || lon !== row.lon ? { stations: nearestStations(lat, lon) } : {}),
        updatedAt: now,
      })
      .where(eq(projects.id, id));
    if (fields.aliases !== undefined) {
      await writeAliases(
        tx,
        id,
        cleanAliases(fields.aliases, [set.nameEn ?? row.nameEn, set.nameTh === undefined ? row.nameTh : set.nameTh]),
      );
    }
    // Which fields the admin sent (descriptions and facilities are long: their names, not their text).
    await recordAudit(
      tx,
      actor,
      {
        action: 'project.update',
        targetType: 'project',
        targetId: id,
        details: { name: set.nameEn ?? row.nameEn, fields: Object.keys(fields).sort() },
      },
      now,
    );
  });
}

/** POST /api/admin/projects/{id}/approve: a suggested project goes public (409 when it is not waiting). */
export async function approveProject(db: Db, id: number, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await projectRow(tx, id, true);
    if (row.mergedIntoId !== null) throw notFound(PROJECT_MESSAGES.idNotFound);
    if (row.review === 'approved') throw conflict(PROJECT_MESSAGES.alreadyApproved);
    await tx.update(projects).set({ review: 'approved', updatedAt: now }).where(eq(projects.id, id));
    await recordAudit(
      tx,
      actor,
      { action: 'project.approve', targetType: 'project', targetId: id, details: { name: row.nameEn } },
      now,
    );
  });
}

/**
 * DELETE /api/admin/projects/{id}: the project and the slugs merged into it go; its listings stay, unlinked.
 */
export async function deleteProject(db: Db, id: number, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await projectRow(tx, id, true);
    if (row.mergedIntoId !== null) throw notFound(PROJECT_MESSAGES.idNotFound);
    await tx.delete(projects).where(eq(projects.mergedIntoId, id));
    await tx.delete(projects).where(eq(projects.id, id));
    await recordAudit(
      tx,
      actor,
      { action: 'project.delete', targetType: 'project', targetId: id, details: { name: row.nameEn, slug: row.slug } },
      now,
    );
  });
}

/**
 * POST /api/admin/projects/{id}/merge {into_id}: every listing and alias moves to `into_id` (the merged project's own
 * names become aliases there, so they still find it), the slugs merged into it before follow, and its slug answers
 * 301 to the new page. Merging into itself, into a missing project or into one merged away is a 400 (nothing moves).
 */
export async function mergeProject(db: Db, id: number, intoId: number, actor: AuditActor, now: Date): Promise<void> {
  if (id === intoId) {
    throw badRequest(PROJECT_MESSAGES.mergeIntoSelf, { into_id: [PROJECT_MESSAGES.mergeIntoSelf] });
  }
  await db.transaction(async (tx) => {
    // Both rows locked in id order, so two merges of the same pair cannot deadlock.
    const locked = await tx
      .select()
      .from(projects)
      .where(inArray(projects.id, [id, intoId]))
      .orderBy(projects.id)
      .for('update');
    const from = locked.find((r) => r.id === id);
    const into = locked.find((r) => r.id === intoId);
    if (!from || from.mergedIntoId !== null) throw notFound(PROJECT_MESSAGES.idNotFound);
    if (!into)
      throw badRequest(PROJECT_MESSAGES.mergeTargetMissing, { into_id: [PROJECT_MESSAGES.mergeTargetMissing] });
    if (into.mergedIntoId !== null) {
      throw badRequest(PROJECT_MESSAGES.mergeIntoMerged, { into_id: [PROJECT_MESSAGES.mergeIntoMerged] });
    }
    const [fromAliases, intoAliases] = await Promise.all([
      loadAliases(tx as Db, [id]),
      loadAliases(tx as Db, [intoId]),
    ]);
    const existing = intoAliases.get(intoId) ?? [];
    const moved = cleanAliases(
      [...existing, from.nameEn, from.nameTh ?? '', ...(fromAliases.get(id) ?? [])],
      [into.nameEn, into.nameTh],
    );
    // The listings' `updated_at` stays: the market trend reads it as when a listing that left the market last changed.
    const movedListings = await tx
      .update(properties)
      .set({ projectId: intoId })
      .where(eq(properties.projectId, id))
      .returning({ id: properties.id });
    await writeAliases(tx, intoId, moved);
    await tx.delete(projectAliases).where(eq(projectAliases.projectId, id));
    await tx.update(projects).set({ mergedIntoId: intoId, updatedAt: now }).where(eq(projects.mergedIntoId, id));
    await tx.update(projects).set({ mergedIntoId: intoId, updatedAt: now }).where(eq(projects.id, id));
    await recordAudit(
      tx,
      actor,
      {
        action: 'project.merge',
        targetType: 'project',
        targetId: id,
        details: { name: from.nameEn, into_id: intoId, into: into.nameEn, listings: movedListings.length },
      },
      now,
    );
  });
}

/**
 * POST /api/projects/suggest: a project waiting for review, suggested by `userId`, placed by its location text and
 * position. The suggester may link their listings to it at once (properties/project-link.ts). At most
 * MAX_PENDING_SUGGESTIONS wait per account (409 past it, nothing written). Answers its id.
 */
export async function suggestProject(
  db: Db,
  userId: number,
  request: SuggestProjectRequest,
  now: Date,
): Promise<number> {
  const place = resolvePlace(request.location);
  return db.transaction(async (tx) => {
    // Counted under a lock on the account, so suggestions sent at once cannot pass the cap together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [waiting] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(projects)
      .where(and(eq(projects.suggestedBy, userId), eq(projects.review, 'pending'), isNull(projects.mergedIntoId)));
    if ((waiting?.n ?? 0) >= MAX_PENDING_SUGGESTIONS) throw conflict(PROJECT_MESSAGES.tooManySuggestions);
    const slug = await freeSlug(tx, slugOf(request.name_en));
    const [row] = await tx
      .insert(projects)
      .values({
        slug,
        nameEn: request.name_en,
        nameTh: request.name_th ?? null,
        lat: request.lat,
        lon: request.lon,
        location: request.location,
        province: place.province,
        district: place.district,
        stations: nearestStations(request.lat, request.lon),
        review: 'pending',
        suggestedBy: userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: projects.id });
    if (!row) throw new Error('project insert returned no row');
    return row.id;
  });
}
