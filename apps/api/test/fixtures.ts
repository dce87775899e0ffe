import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { packages, properties, users } from '../src/db/schema.ts';
import { resolvePlace } from '../src/services/locations/resolve-place.ts';
import { activateSubscription as activate } from '../src/services/subscriptions/activate-subscription.ts';

/**
 * A verified user written straight to the database, with a real signed token. For tests whose
 * subject is not sign-up itself (that journey is covered by the accounts tests).
 */
export async function createUser(app: FastifyInstance, opts: { email: string; role?: 'user' | 'admin' }) {
  const [row] = await app.db
    .insert(users)
    .values({
      name: opts.email.split('@')[0] ?? 'Test user',
      email: opts.email.toLowerCase(),
      passwordHash: '!fixture-no-login',
      role: opts.role ?? 'user',
      // An established account: the moderation gate holds listings of accounts younger than 7 days (ADR 017),
      // counted from the sign-up or the verification, whichever is later.
      emailVerifiedAt: new Date(Date.now() - 30 * 24 * 60 * 60_000),
      createdAt: new Date(Date.now() - 30 * 24 * 60 * 60_000),
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  const token = await app.tokens.sign(row, false);
  return { id: row.id, email: row.email, token };
}

/** Gives the user a 30-day period on the cheapest package, as an approved payment would. */
export async function activateSubscription(app: FastifyInstance, userId: number) {
  const [pkg] = await app.db.select().from(packages).orderBy(asc(packages.price)).limit(1);
  if (!pkg) throw new Error('no package to subscribe to');
  await app.db.transaction((tx) =>
    activate(
      tx,
      {
        userId,
        packageId: pkg.id,
        durationDays: pkg.durationDays,
        amount: pkg.price,
        paymentMethod: 'test',
        paymentId: null,
        grantedBy: null,
      },
      new Date(),
    ),
  );
}

let minute = 0;
/**
 * A listing written straight to the table (a rented one-bedroom condo in Bangkok unless `listing`
 * says otherwise), one minute newer than the previous one made in the same test file, so the
 * newest is the last made.
 */
export async function makeListing(
  app: FastifyInstance,
  userId: number,
  listing: Partial<typeof properties.$inferInsert> = {},
) {
  minute += 1;
  const [row] = await app.db
    .insert(properties)
    .values({
      userId,
      title: `Listing ${minute}`,
      description: 'A pleasant place.',
      type: 'rent',
      userType: 'owner',
      propertyType: 'residential',
      propertySubType: 'condo',
      location: 'Bangkok',
      price: 10_000,
      area: 30,
      bedRooms: 1,
      bathRooms: 1,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
      // As a listing created through the API: the district and province its location names.
      ...resolvePlace(listing.location ?? 'Bangkok'),
      ...listing,
    })
    .returning();
  if (!row) throw new Error('no listing');
  return row;
}

/** Every day 09:00–18:00 on the Bangkok clock: the viewing hours owners keep in the viewing tests. */
export const EVERY_DAY_HOURS = Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '09:00', end: '18:00' }));

/** Saves the owner's viewing hours through the API (PUT /api/user/viewing-slots), every day 09:00–18:00 unless given. */
export async function keepViewingHours(app: FastifyInstance, token: string, slots = EVERY_DAY_HOURS) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/user/viewing-slots',
    payload: { slots },
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`viewing hours not saved: ${res.statusCode} ${res.body}`);
}
