/** Roughly what the server's e-mail check accepts; the server has the last word. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * The footer's own check of the address, without zod: the footer is on every page, and zod in the
 * entry chunk costs every first visit ~18 kB gzip. Returns the trimmed address, or null when it
 * cannot be one.
 */
export function newsletterEmail(value: string): string | null {
  const email = value.trim();
  return email.length <= 320 && EMAIL.test(email) ? email : null;
}
