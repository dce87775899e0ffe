import { lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { revokedTokens } from '../../db/schema.ts';

/**
 * Ends one token before it expires (logout): its id goes into revoked_tokens, which every API node
 * checks. Rows of tokens that have expired anyway are dropped here, so the table holds only the
 * logouts of the last 30 days (the longest token lifetime).
 */
export async function revokeToken(db: Db, token: { id: string; expiresAt: Date }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(revokedTokens).values({ jti: token.id, expiresAt: token.expiresAt }).onConflictDoNothing();
    await tx.delete(revokedTokens).where(lte(revokedTokens.expiresAt, now));
  });
}
