import type {
  AreaMarketQuery,
  MarketFigures,
  Project,
  ProjectListingsQuery,
  ProjectListQuery,
  ProjectPage,
  PropertyPage,
} from '@baan/contract';
import { DEFAULT_PER_PAGE } from '@baan/contract';
import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, properties } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { isPublicProject, projectIdsNamed } from '../properties/project-names.ts';
import { loadDetails, toWireProperty } from '../properties/property-wire.ts';
import { isVisible } from '../properties/visible.ts';
import { placeKey, storedAreaFigures } from './area-figures.ts';
import { marketFigures } from './market.ts';
import { projectStats } from './project-stats.ts';
import {
  loadAliases,
  loadProjectPhotos,
  NO_STATS,
  type ProjectRow,
  type ProjectStats,
  toProject,
  toProjectSummary,
} from './project-wire.ts';

/** A gazetteer name as stored ("Bangkok", "Khlong Toei") matched by any case or by its slug ("khlong-toei"). */
export function placeNamed(column: SQLWrapper, value: string): SQL {
  // Spaces and hyphens do not count: "pathum-wan" (a page address), "Pathum Wan" and "Pathumwan" name one district.
  // Both sides through one SQL expression, so the name matches the stored area figures' keys (area-figures.ts).
  return sql`${placeKey(column)} = ${placeKey(sql`${value.trim()}::text`)}`;
}

type StatsRow = { sale_n: unknown; rent_n: unknown; sale_med: unknown; rent_med: unknown };
const round = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));
export const statsOf = (row: Partial<StatsRow> | undefined): ProjectStats =>
  row
    ? {
        saleCount: Number(row.sale_n ?? 0),
        rentCount: Number(row.rent_n ?? 0),
        saleMedian: round(row.sale_med),
        rentMedian: round(row.rent_med),
      }
    : NO_STATS;

/** The yield expression used to sort (the wire's value is computed from the rounded medians, market.ts). */
const yieldSql = sql`(case when round(s.sale_med) > 0 and s.rent_med is not null then round(s.rent_med) * 1200.0 / round(s.sale_med) end)`;

function projectOrder(sort: ProjectListQuery['sort']): SQL {
  switch (sort) {
    case 'price_per_sqm_asc':
      return sql`s.sale_med asc nulls last, ${projects.id} asc`;
    case 'price_per_sqm_desc':
      return sql`s.sale_med desc nulls last, ${projects.id} asc`;
    case 'yield_desc':
      return sql`${yieldSql} desc nulls last, ${projects.id} asc`;
    case 'year_desc':
      return sql`${projects.yearCompleted} desc nulls last, ${projects.id} asc`;
    case 'listings_desc':
      return sql`coalesce(s.sale_n, 0) + coalesce(s.rent_n, 0) desc, ${projects.id} asc`;
    default:
      return sql`lower(${projects.nameEn}) asc, ${projects.id} asc`;
  }
}

/** GET /api/projects: approved projects, filtered, sorted and paged, with their figures now. */
export async function listProjects(db: Db, storage: Storage, query: ProjectListQuery): Promise<ProjectPage> {
  const conditions: SQL[] = [isPublicProject];
  if (query.q) conditions.push(sql`${projects.id} in ${projectIdsNamed(query.q)}`);
  if (query.province) conditions.push(placeNamed(projects.province, query.province));
  if (query.district) conditions.push(placeNamed(projects.district, query.district));
  if (query.station) conditions.push(sql`${projects.stations} @> ${JSON.stringify([{ id: query.station }])}::jsonb`);
  const where = and(...conditions) as SQL;
  const [counted, rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where),
    db.execute(sql`
      select ${projects.id} as id, s.sale_n, s.rent_n, s.sale_med, s.rent_med
      from ${projects} left join ${projectStats} s on s.project_id = ${projects.id}
      where ${where}
      order by ${projectOrder(query.sort)}
      limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`),
  ]);
  const found = ((rows as { rows?: (StatsRow & { id: unknown })[] }).rows ?? []).map((r) => ({
    id: Number(r.id),
    stats: statsOf(r),
  }));
  const ids = found.map((f) => f.id);
  const [projectRows, aliases, photos] = await Promise.all([
    ids.length > 0
      ? db
          .select()
          .from(projects)
          .where(
            sql`${projects.id} in ${sql`(${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`}`,
          )
      : [],
    loadAliases(db, ids),
    loadProjectPhotos(db, storage, ids, 1),
  ]);
  const byId = new Map(projectRows.map((r) => [r.id, r]));
  return {
    items: found.flatMap(({ id, stats }) => {
      const row = byId.get(id);
      return row ? [toProjectSummary(row, aliases.get(id) ?? [], stats, photos.get(id)?.[0]?.image_path ?? null)] : [];
    }),
    total: counted[0]?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}

/** One project's figures now (the list's sub-select for one project). */
export async function statsOfProject(db: Db, id: number): Promise<ProjectStats> {
  const result = await db.execute(sql`select s.* from ${projectStats} s where s.project_id = ${id}`);
  return statsOf(((result as { rows?: StatsRow[] }).rows ?? [])[0]);
}

/** A public project by slug, or the slug a merged-away project now lives at; null for anything else. */
export async function findPublicProject(
  db: Db,
  slug: string,
): Promise<{ row: ProjectRow } | { redirect: string } | null> {
  const [row] = await db.select().from(projects).where(eq(projects.slug, slug));
  if (!row) return null;
  if (row.mergedIntoId !== null) {
    const [into] = await db
      .select({ slug: projects.slug })
      .from(projects)
      .where(and(eq(projects.id, row.mergedIntoId), isPublicProject));
    return into ? { redirect: into.slug } : null;
  }
  return row.review === 'approved' ? { row } : null;
}

/** Photos a project page shows at most. */
export const PROJECT_PHOTOS = 12;

/** GET /api/projects/{slug}: the project with its figures and photos, a redirect for a merged-away slug, or null. */
export async function getProject(
  db: Db,
  storage: Storage,
  slug: string,
): Promise<{ project: Project } | { redirect: string } | null> {
  const found = await findPublicProject(db, slug);
  if (!found || 'redirect' in found) return found;
  const { row } = found;
  const [aliases, photos, stats] = await Promise.all([
    loadAliases(db, [row.id]),
    loadProjectPhotos(db, storage, [row.id], PROJECT_PHOTOS),
    statsOfProject(db, row.id),
  ]);
  return { project: toProject(row, aliases.get(row.id) ?? [], stats, photos.get(row.id) ?? []) };
}

/**
 * GET /api/projects/{slug}/listings: the project's visible listings (a merged-away slug: its new project's), of one
 * type and exactly this many bedrooms when asked, cheapest first; null for an unknown slug.
 */
export async function projectListings(
  db: Db,
  storage: Storage,
  slug: string,
  query: ProjectListingsQuery,
): Promise<PropertyPage | null> {
  const found = await findPublicProject(db, slug);
  if (!found) return null;
  const id =
    'row' in found
      ? found.row.id
      : await findPublicProject(db, found.redirect).then((f) => (f && 'row' in f ? f.row.id : null));
  if (id === null) return null;
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const where = and(
    isVisible,
    eq(properties.projectId, id),
    query.type ? eq(properties.type, query.type) : undefined,
    query.bedrooms !== undefined ? eq(properties.bedRooms, query.bedrooms) : undefined,
  ) as SQL;
  const [counted, rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(properties).where(where),
    db
      .select()
      .from(properties)
      .where(where)
      .orderBy(asc(properties.price), desc(properties.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const {
    images,
    rooms,
    projects: refs,
    agents,
  } = await loadDetails(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) =>
      toWireProperty(storage, r, images.get(r.id), rooms.get(r.id), undefined, refs.get(r.id), agents.get(r.id)),
    ),
    total: counted[0]?.n ?? 0,
    page,
    per_page: perPage,
  };
}

/** GET /api/projects/{slug}/market; null for an unknown slug. */
export async function projectMarket(db: Db, slug: string, months: number, now: Date): Promise<MarketFigures | null> {
  let found = await findPublicProject(db, slug);
  if (found && 'redirect' in found) found = await findPublicProject(db, found.redirect);
  if (!found || !('row' in found)) return null;
  return marketFigures(db, eq(properties.projectId, found.row.id) as SQL, now, months);
}

/**
 * GET /api/market: an area's figures for one sub type; null when no listing or project was ever stored under that
 * province (and district), so a misspelt area is a 404, not a page of empty figures. Read from the figures the
 * `market.areas` job stored this month (area-figures.ts); computed here only where it has not run yet.
 */
export async function areaMarket(db: Db, query: AreaMarketQuery, now: Date): Promise<MarketFigures | null> {
  const stored = await storedAreaFigures(db, query.province, query.district, query.sub_type, query.months, now);
  if (stored) return stored;
  const area = and(
    placeNamed(sql`${properties.province}`, query.province),
    query.district ? placeNamed(sql`${properties.district}`, query.district) : undefined,
  ) as SQL;
  const [known] = await db.select({ id: properties.id }).from(properties).where(area).limit(1);
  if (!known) return null;
  return marketFigures(db, and(area, eq(properties.propertySubType, query.sub_type)) as SQL, now, query.months);
}
