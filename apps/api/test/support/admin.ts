import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { auditLog, packages, payments } from '../../src/db/schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely in tests; the contract schemas check shapes.
export type Json = Record<string, any>;
export const json = (res: LightMyRequestResponse) => res.json() as Json;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

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
