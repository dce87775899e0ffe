import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import {
  listingPrices,
  projectAliases,
  projects,
  properties,
  propertyImages,
  propertyRooms,
  users,
} from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { resolvePlace } from '../locations/resolve-place.ts';
import { PACKAGE_TIERS } from '../packages/package-tiers.ts';
import { nearestStations, slugOf } from '../projects/write-projects.ts';
import { seedHomeSettings } from '../settings/home-settings.ts';
import { nearestStation } from '../transit/stations.ts';
import { demoCatalogue } from './demo-catalogue.ts';
import { poolKey, renderPicturePool } from './demo-picture-pool.ts';
import { demoProjects } from './demo-projects.ts';

/** Package tiers: ensured at every start-up by ensurePackageTiers, demo or not. */
export const DEMO_PACKAGES = PACKAGE_TIERS;

/** The demo listings' owners. They cannot log in: their password hash is no hash at all. */
export const DEMO_OWNERS = [
  {
    name: 'Siam Prime Realty',
    email: 'contact@siamprime.example',
    lineId: '@siamprime',
    phoneNumber: '+66 2 123 4567',
    phoneVerified: true,
    companyName: 'Siam Prime Realty Co., Ltd.',
    isAgent: true,
  },
  {
    name: 'Andaman Coast Homes',
    email: 'hello@andamancoast.example',
    lineId: '@andamancoast',
    phoneNumber: '+66 76 555 019',
    phoneVerified: true,
    companyName: 'Andaman Coast Homes',
    isAgent: true,
  },
  {
    name: 'Lanna Living',
    email: 'team@lannaliving.example',
    lineId: 'lanna.living',
    phoneNumber: '+66 53 111 223',
    phoneVerified: true,
    companyName: 'Lanna Living Property',
    isAgent: true,
  },
  {
    name: 'Somchai Jaidee',
    email: 'somchai.jaidee@owners.example',
    lineId: 'somchai.j',
    phoneNumber: '+66 81 234 5678',
    phoneVerified: true,
    companyName: null,
    isAgent: false,
  },
  {
    name: 'Malee Srisuk',
    email: 'malee.srisuk@owners.example',
    phoneNumber: '+66 89 765 4321',
    // Not proved by SMS yet: her listings show the number without the verified mark.
    phoneVerified: false,
    companyName: null,
    isAgent: false,
  },
];

/** Distinct variants drawn per scene kind: 6 kinds × 5 = 30 pictures shared by all listings. */
const PICTURE_VARIANTS = 5;

/** Package tiers exist in every database now, so only listings tell whether demo data was seeded. */
async function isEmpty(tx: Tx): Promise<boolean> {
  const [listing] = await tx.select({ n: sql<number>`count(*)::int` }).from(properties);
  return (listing?.n ?? 0) === 0;
}

async function seedListings(tx: Tx, storage: Storage, now: Date): Promise<number> {
  const owners = await tx
    .insert(users)
    .values(
      DEMO_OWNERS.map((o) => ({
        name: o.name,
        email: o.email,
        // Not a hash any hasher produces, so no password ever verifies against it.
        passwordHash: `!demo-owner-no-login!${randomBytes(24).toString('hex')}`,
        phoneNumber: o.phoneNumber,
        phoneVerifiedAt: o.phoneVerified ? now : null,
        lineId: o.lineId ?? null,
        companyName: o.companyName,
        emailVerifiedAt: now,
      })),
    )
    .returning({ id: users.id });
  const listings = demoCatalogue(owners.length, PICTURE_VARIANTS, now);
  const pool = await renderPicturePool(storage, PICTURE_VARIANTS);
  // The demo projects (demo data, invented buildings), approved, with their aliases and nearest stations.
  const projectDefs = demoProjects();
  const projectRows = await tx
    .insert(projects)
    .values(
      projectDefs.map((p) => ({
        slug: slugOf(p.nameEn),
        nameEn: p.nameEn,
        nameTh: p.nameTh,
        developer: p.developer,
        status: p.status,
        yearCompleted: p.yearCompleted,
        towers: p.towers,
        floors: p.floors,
        units: p.units,
        facilities: p.facilities,
        commonFeePerSqm: p.commonFeePerSqm,
        lat: p.lat,
        lon: p.lon,
        location: p.location,
        ...resolvePlace(p.location),
        place: undefined,
        stations: nearestStations(p.lat, p.lon),
        description: p.description,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: projects.id });
  await tx
    .insert(projectAliases)
    .values(
      projectDefs.flatMap((p, i) => p.aliases.map((alias) => ({ projectId: projectRows[i]?.id as number, alias }))),
    );
  const rows = await tx
    .insert(properties)
    .values(
      listings.map((l) => {
        const created = new Date(now.getTime() - l.ageMinutes * 60_000);
        const {
          ownerIndex,
          scenes,
          rooms,
          ageMinutes,
          projectIndex,
          earlierPrices,
          priceChangedMinutesAgo,
          ...fields
        } = l;
        const before = earlierPrices[earlierPrices.length - 1];
        return {
          ...fields,
          projectId: projectIndex === null ? null : (projectRows[projectIndex]?.id ?? null),
          priceBefore: before?.price ?? null,
          priceChangedAt:
            priceChangedMinutesAgo === null ? null : new Date(now.getTime() - priceChangedMinutesAgo * 60_000),
          // As a listing created through the API: its nearest station within reach, or none.
          ...nearestStation(fields.lat, fields.lon),
          ...resolvePlace(fields.location),
          userId: owners[ownerIndex]?.id as number,
          userType: DEMO_OWNERS[ownerIndex]?.isAgent ? ('agent' as const) : ('owner' as const),
          createdAt: created,
          updatedAt: created,
        };
      }),
    )
    .returning({ id: properties.id });
  const images = listings.flatMap((l, i) =>
    l.scenes.map((scene, order) => {
      const picture = pool.get(poolKey(scene.kind, scene.variant));
      if (!picture) throw new Error(`demo picture ${scene.kind}:${scene.variant} missing`);
      return {
        propertyId: rows[i]?.id as number,
        storageKey: picture.key,
        width: picture.width,
        height: picture.height,
        widths: picture.widths,
        isCover: order === 0,
        sortOrder: order,
      };
    }),
  );
  await tx.insert(propertyImages).values(images);
  // Every listing's prices (ADR 028): the earlier ones back-filled, then the current one since its last change.
  await tx.insert(listingPrices).values(
    listings.flatMap((l, i) => {
      const propertyId = rows[i]?.id as number;
      const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
      return [
        ...l.earlierPrices.map((p) => ({ propertyId, price: p.price, changedAt: at(p.ageMinutes) })),
        { propertyId, price: l.price, changedAt: at(l.priceChangedMinutesAgo ?? l.ageMinutes) },
      ];
    }),
  );
  const rooms = listings.flatMap((l, i) => l.rooms.map((room) => ({ ...room, propertyId: rows[i]?.id as number })));
  if (rooms.length > 0) await tx.insert(propertyRooms).values(rooms);
  return rows.length;
}

/**
 * Fills an empty database with demo data on first start: a few owners and 320 listings with
 * generated photos (the package tiers are ensured separately at every start). Runs under an
 * advisory lock so two processes starting together against one PostgreSQL do not both seed; a
 * database with any listing is left alone.
 */
export async function seedDemo(db: Db, log: FastifyBaseLogger, storage: Storage, now = new Date()): Promise<void> {
  const started = Date.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    if (!(await isEmpty(tx))) return;
    const count = await seedListings(tx, storage, now);
    // A real headline instead of the spec's "Welcome to Our Website" (which stays the default an admin can change).
    await seedHomeSettings(tx, now);
    log.info({ listings: count, ms: Date.now() - started }, 'demo data seeded');
  });
}
