import { z } from 'zod';
import { isPhoneNumber, PHONE_INPUT_MAX } from './input.ts';

/** Digits of an SMS code (e-mail codes have OTP_LENGTH). */
export const PHONE_CODE_LENGTH = 6;

export const PHONE_MESSAGES = {
  phoneRequired: 'Please enter your mobile number.',
  phoneInvalid: 'Please enter a phone number such as 081 234 5678 or +66 81 234 5678.',
  phoneTooLong: 'The mobile number is too long.',
  codeRequired: 'Please enter the full 6-digit code from the SMS.',
  codeSent: 'We sent a 6-digit code by SMS. It is valid for 10 minutes.',
  wrongCode: 'That code is not right. Please check the SMS and try again.',
  expiredCode: 'That code has expired. Please ask for a new one.',
  voidedCode: 'Too many wrong tries for this code. Please ask for a new one.',
  noCode: 'Ask for a code first.',
  verified: 'Your phone number is verified.',
  smsOff: 'Phone verification is not available right now.',
  /** 429 `sms_budget_spent`: the budget of SMS to the number's country is spent for now (ADR 056). */
  budgetSpent:
    'We cannot send more codes to numbers in this country right now. If you already have a code, you can still enter it; otherwise please try again later.',
} as const;
const M = PHONE_MESSAGES;

export const SendPhoneCodeRequest = z.object({
  phone_number: z
    .string({ error: M.phoneRequired })
    .max(PHONE_INPUT_MAX, { message: M.phoneTooLong, abort: true })
    .trim()
    .min(1, M.phoneRequired)
    .refine(isPhoneNumber, M.phoneInvalid),
});
export type SendPhoneCodeRequest = z.infer<typeof SendPhoneCodeRequest>;

export const VerifyPhoneRequest = z.object({
  code: z
    .string({ error: M.codeRequired })
    .max(20, { message: M.codeRequired, abort: true })
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), M.codeRequired),
});
export type VerifyPhoneRequest = z.infer<typeof VerifyPhoneRequest>;
