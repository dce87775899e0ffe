/**
 * zod probes for eval support with `Function('')` to compile fast parsers; the CSP forbids eval, and the blocked
 * probe shows up as a browser issue (Lighthouse best practices). `jitless` makes zod parse without it.
 *
 * zod keeps its settings in one object on `globalThis.__zod_globalConfig` (zod/v4/core/core.js reuses an existing
 * one), so setting the flag there reaches zod even though zod itself loads later, with the first lazy chunk that
 * needs it: importing `config` from zod here would put ~4 kB gzip of zod into the entry chunk.
 * zod-jitless.test.ts checks that zod sees the flag.
 */
export function makeZodJitless(): void {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
