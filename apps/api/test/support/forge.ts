/**
 * A token or signature with one character changed in its middle. Not the last one: the last character of base64url
 * carries padding bits, so "…A" and "…B" can decode to the same bytes and the "forged" value would still verify.
 */
export function forged(value: string): string {
  const at = Math.floor(value.length / 2);
  return `${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`;
}
