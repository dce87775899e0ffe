import { leadingZeroBits } from '@baan/contract';
import { sha256 } from './sha256';

/** How many hashes run side by side before the loop looks at the results (and lets the page paint). */
const BATCH = 512;

/** SHA-256 of a batch: the browser's crypto.subtle, or the script's own where it has none (plain HTTP). */
function digestAll(texts: readonly Uint8Array[]): Promise<Uint8Array[]> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return Promise.resolve(texts.map(sha256));
  return Promise.all(
    texts.map(async (text) => new Uint8Array(await subtle.digest('SHA-256', text as Uint8Array<ArrayBuffer>))),
  );
}

/**
 * Solves the API's proof-of-work challenge (ADR 019, contract challenge.ts): the first nonce (decimal digits)
 * whose SHA-256(challenge + nonce) starts with `bits` zero bits. A batch of hashes at a time, so the page stays
 * responsive: 2^16 hashes (the first challenge) take an idle browser about a second (docs/benchmarks.md).
 */
export async function solveChallenge(challenge: string, bits: number): Promise<string> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += BATCH) {
    const nonces = Array.from({ length: BATCH }, (_, i) => String(start + i));
    const digests = await digestAll(nonces.map((nonce) => encoder.encode(challenge + nonce)));
    const found = digests.findIndex((digest) => leadingZeroBits(digest) >= bits);
    if (found !== -1) return nonces[found] as string;
    // A task between batches: the status line and the rest of the page keep painting while it works.
    if ((start / BATCH) % 16 === 15) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

let solving = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Runs `work` while the page shows "Checking your connection…" (useIsCheckingConnection). */
export async function whileCheckingConnection<T>(work: () => Promise<T>): Promise<T> {
  solving += 1;
  notify();
  try {
    return await work();
  } finally {
    solving -= 1;
    notify();
  }
}

/** For useSyncExternalStore: whether a challenge is being solved now. */
export const connectionCheck = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  isChecking: () => solving > 0,
};
