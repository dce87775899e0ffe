import type { ContactRequest, Language } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { contactMessageMail } from './contact-mail.ts';
import type { ContactMessageRow } from './contact-wire.ts';

export type ContactDeps = { db: Db; mailer: Mailer; supportEmail: string };

/**
 * Stores the message and queues its mail to the support address, in one transaction: a mail
 * server that is down loses nothing (the job waits, and the message is in the admin console's inbox).
 */
export async function sendContactMessage(
  deps: ContactDeps,
  input: ContactRequest,
  language: Language,
  now: Date,
): Promise<ContactMessageRow> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, language, createdAt: now })
      .returning();
    if (!row) throw new Error('contact message insert returned nothing');
    await deps.mailer.queue(tx, contactMessageMail(row, deps.supportEmail));
    return row;
  });
}
