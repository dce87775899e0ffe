import { DEVICE_TOKEN_HEADER, DEVICE_TOKEN_PATTERN } from '@baan/contract';

/**
 * The device tokens this browser was given (ADR 019), one per account e-mail: a login that sends its account's
 * token is not refused by limits others on the same network spent (an office, a carrier's NAT). Kept in
 * localStorage, as a session that is remembered is; never shown, never logged.
 */
const DEVICE_TOKENS_KEY = 'baan.deviceTokens';
/** Accounts remembered per browser; the one used longest ago goes first. */
const MAX_ACCOUNTS = 5;

type Stored = Record<string, string>;

const normal = (email: string) => email.trim().toLowerCase();

function read(): Stored {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DEVICE_TOKENS_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && DEVICE_TOKEN_PATTERN.test(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

/** The header that carries this browser's token for the account, if it has one. */
export function deviceTokenHeaders(email: string): Record<string, string> {
  const token = read()[normal(email)];
  return token ? { [DEVICE_TOKEN_HEADER]: token } : {};
}

/** Keeps the token an answer handed back (login, a verified sign-up code, a reset) for the account. */
export function keepDeviceToken(email: string, headers: Headers | undefined): void {
  const token = headers?.get(DEVICE_TOKEN_HEADER);
  if (!token || !DEVICE_TOKEN_PATTERN.test(token)) return;
  const { [normal(email)]: _old, ...others } = read();
  // Newest last: the oldest accounts drop out first.
  const kept = Object.entries({ ...others, [normal(email)]: token }).slice(-MAX_ACCOUNTS);
  try {
    localStorage.setItem(DEVICE_TOKENS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage unavailable (private mode, quota): logins from here count as from any new device.
  }
}
