import type { Language, OtpType } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import { codeMail } from '../mail/auth-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { issueOtp } from './otp-codes.ts';
import type { UserRow } from './to-public-user.ts';

export type CodeDeps = { db: Db; otpKey: Buffer; mailer: Mailer; now: Date };

/**
 * Issues a new code (voiding older ones), noting the network that asked for it (known-networks.ts
 * `networkId`), and queues the e-mail that carries it, in one transaction.
 */
export async function sendCode(
  deps: CodeDeps,
  user: UserRow,
  type: OtpType,
  language: Language,
  network: string | null,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const code = await issueOtp(tx, deps.otpKey, user.id, type, deps.now, network);
    const mail = codeMail(language, type, user.name, code);
    await deps.mailer.queue(tx, { to: user.email, ...mail, devNote: { type, code } });
  });
}
