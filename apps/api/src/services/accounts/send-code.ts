import type { Language, OtpType } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import { codeMail } from '../mail/auth-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { issueOtp } from './otp-codes.ts';
import type { UserRow } from './to-public-user.ts';

export type CodeDeps = { db: Db; otpKey: Buffer; mailer: Mailer; now: Date };

/** Issues a new code (voiding older ones) and queues the e-mail that carries it. */
export async function sendCode(deps: CodeDeps, user: UserRow, type: OtpType, language: Language): Promise<void> {
  const code = await issueOtp(deps.db, deps.otpKey, user.id, type, deps.now);
  const mail = codeMail(language, type, user.name, code);
  deps.mailer.queue({ to: user.email, ...mail, devNote: { type, code } });
}
