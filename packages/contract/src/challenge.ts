/**
 * The proof-of-work challenge of a network that sends a burst of the calls an attacker floods (ADR 019):
 * register, resendOtp, the contact and inquiry forms, and login while the password-hashing line is half
 * full. The API answers 429 with `code: "challenge_required"` and the challenge in `X-Challenge` (and its
 * difficulty in `X-Challenge-Bits`); the client finds a nonce (decimal digits) so that
 * SHA-256(challenge + nonce) starts with that many zero bits and sends the request again with
 * `X-Challenge-Solution: <challenge>:<nonce>`. Pure code: the API checks and the web app solves with it.
 */
export const CHALLENGE_HEADERS = {
  /** Response: the signed, short-lived challenge (`<payload>.<signature>`, base64url). */
  challenge: 'x-challenge',
  /** Response: the leading zero bits the solution's SHA-256 must have. */
  bits: 'x-challenge-bits',
  /** Request: `<challenge>:<nonce>`. */
  solution: 'x-challenge-solution',
} as const;

/** The longest `X-Challenge-Solution` the API reads (a challenge is about 110 characters). */
export const MAX_CHALLENGE_SOLUTION_LENGTH = 300;
/** A nonce: 1 to 20 decimal digits. */
export const CHALLENGE_NONCE = /^\d{1,20}$/;

/** How many zero bits a digest starts with. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/**
 * The device token (ADR 019): issued in this response header by a successful login, a verified sign-up
 * code and a password reset; sent back in the same request header with later logins of that account.
 */
export const DEVICE_TOKEN_HEADER = 'x-device-token';
/** A device token: 32 random bytes, base64url. */
export const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
