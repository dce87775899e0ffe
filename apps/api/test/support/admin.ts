import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { auditLog, packages, payments, properties } from '../../src/db/schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely in tests; the contract schemas check shapes.
export type Json = Record<string, any>;
export const json = (res: LightMyRequestResponse) => res.json() as Json;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let minute = 0;
/** A listing written straight to the table, one minute newer than the previous one. */
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
      ...listing,
    })
    .returning();
  if (!row) throw new Error('no listing');
  return row;
}

/** A pending PromptPay payment on the cheapest package, as a submitted receipt leaves it. */
export async function makePendingQrPayment(app: FastifyInstance, userId: number, transactionId: string) {
  const [pkg] = await app.db.select().from(packages).orderBy(asc(packages.price)).limit(1);
  if (!pkg) throw new Error('no package');
  const [row] = await app.db
    .insert(payments)
    .values({
      userId,
      packageId: pkg.id,
      amount: pkg.price,
      method: 'qr',
      status: 'pending',
      provider: 'promptpay',
      transactionId,
      reference: `REF-${transactionId}`,
    })
    .returning();
  if (!row) throw new Error('no payment');
  return row;
}

/** Audit rows for one action on one record. */
export async function auditRows(app: FastifyInstance, action: string, targetId: number | null) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), targetId === null ? undefined : eq(auditLog.targetId, targetId)));
}

export async function auditCount(app: FastifyInstance): Promise<number> {
  return (await app.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
}
