import { createHmac } from 'node:crypto';
import { and, eq, getTableColumns, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountNetworks, users } from '../../db/schema.ts';
import type { UserRow } from './to-public-user.ts';

/** A network counts as the owner's for this long after it last proved itself (ADR 019). */
export const KNOWN_NETWORK_DAYS = 90;
const KNOWN_NETWORK_MS = KNOWN_NETWORK_DAYS * 24 * 60 * 60_000;

/**
 * How a client network (lib/client-network.ts) is stored and compared: a keyed hash (base64url, 43
 * characters), so the database holds no address, and nobody without the key can tell which network
 * a row is.
 */
export function networkId(key: Buffer, network: string): string {
  return createHmac('sha256', key).update(network).digest('base64url');
}

/**
 * Whether the account with this e-mail proved itself from this network (the right password or a right
 * e-mail code) within KNOWN_NETWORK_DAYS. One indexed query whether or not the account exists.
 */
export async function isKnownNetwork(db: Db, email: string, network: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(accountNetworks)
    .innerJoin(users, eq(users.id, accountNetworks.userId))
    .where(
      and(
        eq(users.email, email.trim().toLowerCase()),
        eq(accountNetworks.network, network),
        gt(accountNetworks.lastProvedAt, new Date(now.getTime() - KNOWN_NETWORK_MS)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The account with this e-mail (if any) and whether this network is known for it, in one query: the
 * login's lookup, so a flood of logins costs the database no more than before (ADR 019).
 */
export async function findUserWithNetwork(
  db: Db,
  email: string,
  network: string,
  now: Date,
): Promise<{ user: UserRow | undefined; isKnownNetwork: boolean }> {
  const [row] = await db
    .select({ user: getTableColumns(users), known: accountNetworks.network })
    .from(users)
    .leftJoin(
      accountNetworks,
      and(
        eq(accountNetworks.userId, users.id),
        eq(accountNetworks.network, network),
        gt(accountNetworks.lastProvedAt, new Date(now.getTime() - KNOWN_NETWORK_MS)),
      ),
    )
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return { user: row?.user, isKnownNetwork: Boolean(row?.known) };
}

/** Records that the account proved itself from this network now; forgets its networks too old to count. */
export async function rememberNetwork(db: Db | Tx, userId: number, network: string, now: Date): Promise<void> {
  await db
    .insert(accountNetworks)
    .values({ userId, network, lastProvedAt: now })
    .onConflictDoUpdate({ target: [accountNetworks.userId, accountNetworks.network], set: { lastProvedAt: now } });
  await db
    .delete(accountNetworks)
    .where(
      and(
        eq(accountNetworks.userId, userId),
        lt(accountNetworks.lastProvedAt, new Date(now.getTime() - KNOWN_NETWORK_MS)),
      ),
    );
}
