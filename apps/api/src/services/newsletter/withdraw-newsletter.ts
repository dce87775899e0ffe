import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consents, newsletterPending, newsletterSubscribers } from '../../db/schema.ts';
import { type ConsentSubject, ofSubject } from '../consents/consents.ts';

/**
 * Takes the address off the newsletter list, ends every subscription of the person still waiting for confirmation
 * (ADR 055: a link mailed before no longer subscribes them) and stamps every newsletter consent as withdrawn.
 */
export async function withdrawNewsletter(db: Db, subject: ConsentSubject, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const email = subject.email.toLowerCase();
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    await tx
      .delete(newsletterPending)
      .where(
        subject.userId === null
          ? eq(newsletterPending.email, email)
          : or(eq(newsletterPending.email, email), eq(newsletterPending.userId, subject.userId)),
      );
    await tx
      .update(consents)
      .set({ withdrawnAt: now })
      .where(and(ofSubject(subject), eq(consents.purpose, 'newsletter'), isNull(consents.withdrawnAt)));
  });
}
