import type { AgentRef, ProjectRef, Property, PropertyOwner } from '@baan/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  agencies,
  agencyMembers,
  projects,
  properties,
  propertyImages,
  propertyRooms,
  users,
} from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { imageUrls } from '../images/process-image.ts';
import { nearestStationWire } from '../transit/stations.ts';
import { numbersOnWire } from './listing-columns.ts';
import { previousPrice } from './price-history.ts';
import { rentalTermsOnWire } from './rental-term-columns.ts';

export type PropertyRow = typeof properties.$inferSelect;
type ImageRow = typeof propertyImages.$inferSelect;
type RoomRow = typeof propertyRooms.$inferSelect;

/** Groups rows by their property id, keeping the order they came in. */
function byProperty<T extends { propertyId: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.propertyId);
    if (list) list.push(row);
    else map.set(row.propertyId, [row]);
  }
  return map;
}

/**
 * Loads the images and rooms of the given listings, in one query each. `scope` narrows by a
 * sub-select instead of an id list when the caller wants every listing (no giant IN list).
 */
export async function loadDetails(
  db: Db,
  ids: number[],
  scope?: SQLWrapper,
  { pendingProjects = false }: { pendingProjects?: boolean } = {},
) {
  if (ids.length === 0) {
    return {
      images: new Map<number, ImageRow[]>(),
      rooms: new Map<number, RoomRow[]>(),
      projects: new Map<number, ProjectRef>(),
      agents: new Map<number, AgentRef>(),
    };
  }
  const imageWhere = scope ? inArray(propertyImages.propertyId, scope) : inArray(propertyImages.propertyId, ids);
  const roomWhere = scope ? inArray(propertyRooms.propertyId, scope) : inArray(propertyRooms.propertyId, ids);
  const projectWhere = scope ? inArray(properties.id, scope) : inArray(properties.id, ids);
  const [imageRows, roomRows, projectRows, agentRows] = await Promise.all([
    db
      .select()
      .from(propertyImages)
      .where(imageWhere)
      .orderBy(
        asc(propertyImages.propertyId),
        desc(propertyImages.isCover),
        asc(propertyImages.sortOrder),
        asc(propertyImages.id),
      ),
    db.select().from(propertyRooms).where(roomWhere).orderBy(asc(propertyRooms.propertyId), asc(propertyRooms.id)),
    // The listing's project, when it is public (approved, not merged away; ADR 028); its owner's and the console's
    // lists (pendingProjects) also show one waiting for review.
    db
      .select({
        propertyId: properties.id,
        id: projects.id,
        slug: projects.slug,
        name_en: projects.nameEn,
        name_th: projects.nameTh,
      })
      .from(properties)
      .innerJoin(projects, eq(projects.id, properties.projectId))
      .where(
        and(projectWhere, pendingProjects ? undefined : eq(projects.review, 'approved'), isNull(projects.mergedIntoId)),
      ),
    // The lister's public profile, when published (ADR 029); a private owner has none.
    db
      .select({
        propertyId: properties.id,
        slug: users.profileSlug,
        name: users.name,
        profileImage: users.profileImage,
        agencySlug: agencies.slug,
      })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.userId))
      .leftJoin(agencyMembers, eq(agencyMembers.userId, properties.userId))
      .leftJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
      .where(and(projectWhere, publishedProfile)),
  ]);
  const projectMap = new Map<number, ProjectRef>(
    projectRows.map(({ propertyId, ...ref }) => [propertyId, ref] as const),
  );
  const agentMap = new Map<number, AgentRef>();
  for (const row of agentRows) {
    if (row.slug === null) continue;
    agentMap.set(row.propertyId, {
      slug: row.slug,
      name: row.name,
      profile_image: row.profileImage,
      agency_slug: row.agencySlug,
    });
  }
  return { images: byProperty(imageRows), rooms: byProperty(roomRows), projects: projectMap, agents: agentMap };
}

/** What loadDetails reads. */
export type ListingDetails = Awaited<ReturnType<typeof loadDetails>>;

/** A row on the wire with its details from one loadDetails round (which may hold other listings' too). */
export function wireWithDetails(
  storage: Storage,
  row: PropertyRow,
  details: ListingDetails,
  owner?: PropertyOwner,
): Property {
  return toWireProperty(
    storage,
    row,
    details.images.get(row.id),
    details.rooms.get(row.id),
    owner,
    details.projects.get(row.id),
    details.agents.get(row.id),
  );
}

/** A user whose public page is published (ADR 029): chosen an address, switched it on, not disabled or deleted. */
export const publishedProfile = and(
  eq(users.profilePublic, true),
  isNotNull(users.profileSlug),
  isNull(users.disabledAt),
  isNull(users.deletedAt),
);

/** The stored profile image as a URL (the storage's), or null. */
export function agentRefWithUrls(storage: Storage, ref: AgentRef | null | undefined): AgentRef | null {
  if (!ref) return null;
  return { ...ref, profile_image: ref.profile_image ? storage.url(ref.profile_image) : null };
}

/** A database row (with its images and rooms) as docs/api.md "Property on the wire" has it. */
export function toWireProperty(
  storage: Storage,
  row: PropertyRow,
  images: ImageRow[] = [],
  rooms: RoomRow[] = [],
  owner?: PropertyOwner,
  project: ProjectRef | null = null,
  agent: AgentRef | null = null,
): Property {
  const wireImages = images.map((image) => {
    const urls = imageUrls(storage, { key: image.storageKey, widths: image.widths });
    return { id: image.id, image_path: urls.src, width: image.width, height: image.height, srcset: urls.srcset };
  });
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    user_type: row.userType,
    property_type: row.propertyType,
    property_sub_type: row.propertySubType,
    location: row.location,
    lat: row.lat,
    lon: row.lon,
    price: row.price,
    previous_price: previousPrice(row),
    project,
    agent: agentRefWithUrls(storage, agent),
    // Area, rooms, level, floors and the house information (listing-columns.ts).
    ...numbersOnWire(row),
    area_unit: row.areaUnit,
    price_per_sqm: row.pricePerSqm,
    nearest_station: nearestStationWire(row.stationId, row.stationDistanceM),
    foreign_quota: row.foreignQuota ? 1 : 0,
    title_deed: row.titleDeed,
    availability_date: row.availabilityDate,
    // A rent listing's terms and the move-in cost (rental-term-columns.ts).
    ...rentalTermsOnWire(row),
    language: row.language,
    is_featured: row.isFeatured ? 1 : 0,
    verified: row.verified ? 1 : 0,
    cover_image: wireImages[0]?.image_path ?? null,
    images: wireImages,
    rooms: rooms.map((room) => ({ type: room.type, quantity: room.quantity })),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    ...(owner ? { owner } : {}),
  };
}
