import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { consents, newsletterPending, newsletterSubscribers } from '../../db/schema.ts';
import { type ConsentSource, type ConsentSubject, ofSubject, recordConsent } from '../consents/consents.ts';

/**
 * Puts the address on the newsletter list and records the consent (PDPA: when, to which notice, from where). An
 * address already on the list keeps its consent in force: no second row. Returns whether the address was new.
 * Only for an address that is proven (ADR 055): an account's own (verified) address, or a footer subscription whose
 * mailed link was confirmed. Whatever still waited for confirmation for the address ends here.
 */
export async function subscribeNewsletter(
  db: Db | Tx,
  subject: ConsentSubject,
  options: { language: string; source: ConsentSource; now: Date },
): Promise<boolean> {
  const email = subject.email.toLowerCase();
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(newsletterSubscribers)
      .values({ email, language: options.language, createdAt: options.now })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id });
    const [inForce] = await tx
      .select({ id: consents.id })
      .from(consents)
      .where(and(ofSubject(subject), eq(consents.purpose, 'newsletter'), isNull(consents.withdrawnAt)))
      .limit(1);
    if (!inForce) await recordConsent(tx, subject, 'newsletter', options.source, options.now);
    await tx.delete(newsletterPending).where(eq(newsletterPending.email, email));
    return added.length > 0;
  });
}
