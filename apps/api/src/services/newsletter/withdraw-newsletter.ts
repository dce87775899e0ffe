import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consents, newsletterSubscribers } from '../../db/schema.ts';
import { type ConsentSubject, ofSubject } from '../consents/consents.ts';

/** Takes the address off the newsletter list and stamps every newsletter consent of the person as withdrawn. */
export async function withdrawNewsletter(db: Db, subject: ConsentSubject, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, subject.email.toLowerCase()));
    await tx
      .update(consents)
      .set({ withdrawnAt: now })
      .where(and(ofSubject(subject), eq(consents.purpose, 'newsletter'), isNull(consents.withdrawnAt)));
  });
}
