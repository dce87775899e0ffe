import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { packages, subscriptions, users } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { packageEndReminderMail } from './reminder-mail.ts';

/** How long before the end of an owner's last period they are reminded. */
export const REMINDER_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mails each owner whose last period (none bought after it) ends within REMINDER_DAYS, once per period: the mark
 * (`subscriptions.reminder_sent_at`) and the mail commit together, so a second pass, or a second node, sends nothing.
 * Returns how many were mailed.
 */
export async function sendEndReminders(
  db: Db,
  notice: { mailer: Mailer; publicUrl: string },
  now: Date,
): Promise<number> {
  const until = new Date(now.getTime() + REMINDER_DAYS * DAY_MS);
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        isNull(subscriptions.reminderSentAt),
        isNull(users.disabledAt),
        sql`${subscriptions.endsAt} > ${now.toISOString()}::timestamptz`,
        sql`${subscriptions.endsAt} <= ${until.toISOString()}::timestamptz`,
        sql`not exists (select 1 from subscriptions later
                         where later.user_id = ${subscriptions.userId} and later.ends_at > ${subscriptions.endsAt})`,
      ),
    );
  let sent = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      // Claimed in the mail's transaction: whoever marks it sends it.
      const [claimed] = await tx
        .update(subscriptions)
        .set({ reminderSentAt: now })
        .where(and(eq(subscriptions.id, id), isNull(subscriptions.reminderSentAt)))
        .returning({ userId: subscriptions.userId, packageId: subscriptions.packageId, endsAt: subscriptions.endsAt });
      if (!claimed) return;
      const [owner] = await tx
        .select({ email: users.email, name: users.name, language: users.language, packageName: packages.name })
        .from(users)
        .innerJoin(packages, eq(packages.id, claimed.packageId))
        .where(eq(users.id, claimed.userId));
      if (!owner) return;
      await notice.mailer.queue(tx, packageEndReminderMail(owner, owner.packageName, claimed.endsAt, notice.publicUrl));
      sent += 1;
    });
  }
  return sent;
}
