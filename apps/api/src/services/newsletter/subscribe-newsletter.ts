import type { Db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

/** Adds the address once; subscribing again is not an error. Returns whether it was new. */
export async function subscribeNewsletter(db: Db, email: string, language: string): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email: email.toLowerCase(), language })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}
