import { createHash } from 'node:crypto';
import { leadingZeroBits } from '@baan/contract';
import { describe, expect, it, vi } from 'vitest';
import { connectionCheck, solveChallenge, whileCheckingConnection } from './proof-of-work';
import { sha256 } from './sha256';

const nodeSha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());

describe('sha256 (for browsers without crypto.subtle)', () => {
  it('gives node:crypto’s digest at every padding boundary and for long and non-ASCII input', () => {
    const encoder = new TextEncoder();
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) % 256);
      expect(sha256(bytes)).toEqual(nodeSha256(bytes));
    }
    const thai = encoder.encode('บ้านเดี่ยว eyJiIjoxNn0.abc123');
    expect(sha256(thai)).toEqual(nodeSha256(thai));
  });
});

describe('solveChallenge', () => {
  const challenge = 'eyJiIjoxMCwiZSI6MSwiciI6Inh5eiJ9.0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

  it('finds the first nonce whose SHA-256(challenge + nonce) has the bits, with crypto.subtle and without', async () => {
    const nonce = await solveChallenge(challenge, 10);
    const digest = nodeSha256(new TextEncoder().encode(challenge + nonce));
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(10);
    for (let n = 0; n < Number(nonce); n++) {
      expect(leadingZeroBits(nodeSha256(new TextEncoder().encode(`${challenge}${n}`)))).toBeLessThan(10);
    }
    // Served over plain HTTP a page has no crypto.subtle: the script's own SHA-256 finds the same nonce.
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    expect(await solveChallenge(challenge, 10)).toBe(nonce);
  });

  it('tells the page while it works (the "Checking your connection…" status)', async () => {
    const seen: boolean[] = [];
    const unsubscribe = connectionCheck.subscribe(() => seen.push(connectionCheck.isChecking()));
    await whileCheckingConnection(() => solveChallenge(challenge, 4));
    unsubscribe();
    expect(seen).toEqual([true, false]);
    expect(connectionCheck.isChecking()).toBe(false);
  });
});
