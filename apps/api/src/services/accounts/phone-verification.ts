import { type Language, maskPhone, PHONE_MESSAGES } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SmsBudgetRules } from '../../lib/sms-budget-rules.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { mailT } from '../mail/mail-i18n.ts';
import { isEstablishedAccount, spendSmsBudget } from '../sms/sms-budget.ts';
import { assertCodeTryAllowed, type CodeTry, isBeingTried } from './code-guard.ts';
import { consumeOtp, issueOtp, liveOtp } from './otp-codes.ts';
import type { UserRow } from './to-public-user.ts';

/** The durable job that hands one SMS to the provider (plugins/infra/sms.ts); retried while the provider is down. */
export const SMS_JOB = 'sms.send';
export type SmsJobPayload = { to: string; text: string };

/**
 * Issues a 6-digit code for the number (voiding the user's older phone codes; only its hash is stored, as for
 * e-mail codes) and queues the SMS that carries it, in one transaction (ADR 036). The SMS first counts against its
 * destination's budget (ADR 056): when that is spent the 429 rolls everything back, so the older code stays live,
 * nothing is queued and nothing is counted.
 */
export async function sendPhoneCode(
  deps: { db: Db; otpKey: Buffer; now: Date; budget: SmsBudgetRules },
  user: UserRow,
  e164: string,
  language: Language,
  network: string | null,
): Promise<void> {
  const established = await isEstablishedAccount(deps.db, user, deps.budget, deps.now);
  await deps.db.transaction(async (tx) => {
    await spendSmsBudget(tx, deps.budget, e164, established, deps.now);
    const code = await issueOtp(tx, deps.otpKey, user.id, 'phone', deps.now, network, e164);
    const payload: SmsJobPayload = { to: e164, text: mailT(language).text('sms.phoneCode', { code }) };
    await enqueueJob(tx, SMS_JOB, payload, { runAt: deps.now, maxAttempts: 8 });
  });
}

export type PhoneVerifyResult = { ok: true; phone: string } | { ok: false; message: string; tried: boolean };

/**
 * Checks a phone code with the e-mail codes' rules (code-guard.ts: per-code and per-network tries, an attacked
 * account's own network always passes). A right code stores the number it was sent to as verified.
 */
export async function verifyPhoneCode(
  deps: { db: Db; otpKey: Buffer; now: Date },
  user: UserRow,
  code: string,
  from: { network: string; isKnownNetwork: boolean },
): Promise<PhoneVerifyResult> {
  const refuse = (message: string) => badRequest(message, { code: [message] });
  const live = await liveOtp(deps.db, user.id, 'phone');
  if (!live?.target) throw refuse(PHONE_MESSAGES.noCode);
  if (live.expiresAt.getTime() <= deps.now.getTime()) throw refuse(PHONE_MESSAGES.expiredCode);
  const attempt: CodeTry = { user, live, network: from.network, isKnownNetwork: from.isKnownNetwork, now: deps.now };
  await assertCodeTryAllowed(deps.db, attempt);
  const result = await consumeOtp(deps.db, deps.otpKey, live, code, deps.now, from);
  if (result !== 'ok') {
    const message = result === 'voided' ? PHONE_MESSAGES.voidedCode : PHONE_MESSAGES.wrongCode;
    return { ok: false, message, tried: await isBeingTried(deps.db, attempt) };
  }
  await deps.db
    .update(users)
    .set({ phoneNumber: live.target, phoneVerifiedAt: deps.now, updatedAt: deps.now })
    .where(eq(users.id, user.id));
  return { ok: true, phone: maskPhone(live.target) };
}
