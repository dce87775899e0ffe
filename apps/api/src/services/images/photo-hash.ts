/**
 * A difference hash with fewer set bits than this, or more than 64 minus it, comes from a picture with almost no
 * structure (one colour, a plain gradient): many different uploads share it, so it proves nothing.
 */
export const HASH_MIN_BITS = 8;

/** How many bits of a 16-hex-digit hash are set. */
export function hashBits(hex: string): number {
  let bits = 0;
  for (const digit of hex) {
    let n = Number.parseInt(digit, 16);
    while (n) {
      bits += n & 1;
      n >>= 1;
    }
  }
  return bits;
}

/** Whether a photo hash says something about the picture (see HASH_MIN_BITS). */
export function isDistinctiveHash(hash: string | null | undefined): hash is string {
  if (!hash || !/^[0-9a-f]{16}$/.test(hash)) return false;
  const bits = hashBits(hash);
  return bits >= HASH_MIN_BITS && bits <= 64 - HASH_MIN_BITS;
}
