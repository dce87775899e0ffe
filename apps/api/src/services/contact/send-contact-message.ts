import type { ContactRequest, Language } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { contactMessageMail } from './contact-mail.ts';
import type { ContactMessageRow } from './contact-wire.ts';

export type ContactDeps = { db: Db; mailer: Mailer; supportEmail: string };

/**
 * Stores the message, then queues its mail to the support address. Stored first, so a mail
 * server that is down loses nothing: the message stays in the admin console's inbox.
 */
export async function sendContactMessage(
  deps: ContactDeps,
  input: ContactRequest,
  language: Language,
  now: Date,
): Promise<ContactMessageRow> {
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ ...input, language, createdAt: now })
    .returning();
  if (!row) throw new Error('contact message insert returned nothing');
  deps.mailer.queue(contactMessageMail(row, deps.supportEmail));
  return row;
}
