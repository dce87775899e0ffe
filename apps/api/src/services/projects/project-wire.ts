import type { AdminProject, Project, ProjectDescription, ProjectFacility, ProjectSummary } from '@baan/contract';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectAliases, type projects, properties, propertyImages } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { imageUrls } from '../images/process-image.ts';
import { isVisible } from '../properties/visible.ts';
import { nearestStationWire } from '../transit/stations.ts';
import { grossYield } from './market.ts';

export type ProjectRow = typeof projects.$inferSelect;

/** A project's figures now (project-stats.ts): counts of visible listings and the medians per m². */
export type ProjectStats = {
  saleCount: number;
  rentCount: number;
  saleMedian: number | null;
  rentMedian: number | null;
};
export const NO_STATS: ProjectStats = { saleCount: 0, rentCount: 0, saleMedian: null, rentMedian: null };

/** The aliases of these projects, in the order they were added. */
export async function loadAliases(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ projectId: projectAliases.projectId, alias: projectAliases.alias })
    .from(projectAliases)
    .where(inArray(projectAliases.projectId, ids))
    .orderBy(asc(projectAliases.id));
  for (const row of rows) map.set(row.projectId, [...(map.get(row.projectId) ?? []), row.alias]);
  return map;
}

/**
 * The photos of these projects: the covers of their visible listings (premium, then newest first), at most `max`
 * each. A project has no photos of its own yet (ADR 028).
 */
export async function loadProjectPhotos(db: Db, storage: Storage, ids: number[], max: number) {
  const map = new Map<number, Project['images']>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      projectId: properties.projectId,
      id: propertyImages.id,
      key: propertyImages.storageKey,
      widths: propertyImages.widths,
      width: propertyImages.width,
      height: propertyImages.height,
    })
    .from(propertyImages)
    .innerJoin(properties, eq(properties.id, propertyImages.propertyId))
    .where(
      and(
        inArray(properties.projectId, ids),
        isNotNull(properties.projectId),
        eq(propertyImages.isCover, true),
        isVisible,
      ),
    )
    .orderBy(desc(properties.premium), desc(properties.createdAt), desc(properties.id));
  for (const row of rows) {
    if (row.projectId === null) continue;
    const list = map.get(row.projectId) ?? [];
    if (list.length >= max) continue;
    const urls = imageUrls(storage, { key: row.key, widths: row.widths });
    list.push({ id: row.id, image_path: urls.src, width: row.width, height: row.height, srcset: urls.srcset });
    map.set(row.projectId, list);
  }
  return map;
}

/** A project row as ProjectSummary. */
export function toProjectSummary(
  row: ProjectRow,
  aliases: string[],
  stats: ProjectStats,
  cover: string | null,
): ProjectSummary {
  return {
    id: row.id,
    slug: row.slug,
    name_en: row.nameEn,
    name_th: row.nameTh,
    aliases,
    developer: row.developer,
    status: row.status,
    year_completed: row.yearCompleted,
    towers: row.towers,
    floors: row.floors,
    units: row.units,
    facilities: row.facilities as ProjectFacility[],
    common_fee_per_sqm: row.commonFeePerSqm,
    lat: row.lat,
    lon: row.lon,
    province: row.province,
    district: row.district,
    nearest_stations: row.stations.flatMap((s) => nearestStationWire(s.id, s.distance_m) ?? []),
    cover_image: cover,
    listings_for_sale: stats.saleCount,
    listings_for_rent: stats.rentCount,
    median_price_per_sqm: stats.saleMedian,
    median_rent_per_sqm: stats.rentMedian,
    gross_yield_pct: grossYield(stats.saleMedian, stats.rentMedian),
  };
}

/** A project row as Project (with description and photos). */
export function toProject(row: ProjectRow, aliases: string[], stats: ProjectStats, images: Project['images']): Project {
  return {
    ...toProjectSummary(row, aliases, stats, images[0]?.image_path ?? null),
    description: row.description as ProjectDescription,
    images,
  };
}

/** A project as the console sees it. */
export function toAdminProject(
  row: ProjectRow,
  aliases: string[],
  stats: ProjectStats,
  images: Project['images'],
  listingsTotal: number,
): AdminProject {
  return {
    ...toProject(row, aliases, stats, images),
    review: row.review,
    suggested_by: row.suggestedBy,
    listings_total: listingsTotal,
  };
}
