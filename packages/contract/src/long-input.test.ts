import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.ts';

/**
 * Every parser and schema the contract exports, run on 100,000 spaces (the security probe's ReDoS: a price of "1",
 * 100,000 spaces and "x" held the whole server for ten seconds in a quadratic currency strip). Each must answer
 * within a generous bound; a quadratic one takes seconds. Exports added later are covered without an edit here.
 * The bound leaves room for a CI machine whose two cores are shared (50 ms failed there at load 7 for a linear parser
 * that takes 5 ms on a quiet one) and is still far below what a quadratic scan of 100,000 characters costs.
 */
const SPACES = ' '.repeat(100_000);
const INPUTS = [SPACES, `${SPACES}x`, `1${SPACES}x`, `฿${SPACES}1`];
const BOUND_MS = 400;

/** An object that answers the long text for any key asked: an options object, a form, `{rai, ngan, wah}`. */
const everyKey = (text: string) =>
  new Proxy({} as Record<string, unknown>, {
    get: (_target, key) => (typeof key === 'string' ? text : undefined),
    has: () => true,
  });

function objectShape(schema: z.ZodType): string[] {
  const def = (schema as { _zod?: { def?: { shape?: Record<string, unknown> } } })._zod?.def;
  return def?.shape ? Object.keys(def.shape) : [];
}

/** Functions that take a record of form fields rather than text: given one with the long text in every field. */
const FORM_READERS = new Set<unknown>([contract.nestPropertyFields]);

/** Runs one export on one input every way it can take it; throws are fine (a refusal), slowness is not. */
function exercise(value: unknown, text: string): void {
  if (FORM_READERS.has(value)) {
    (value as (fields: Record<string, string>) => unknown)({ price: text, 'rooms[0][type]': text, title: text });
    return;
  }
  if (value instanceof z.ZodType) {
    value.safeParse(text);
    const keys = objectShape(value);
    if (keys.length > 0) value.safeParse(Object.fromEntries(keys.map((key) => [key, text])));
    return;
  }
  if (typeof value !== 'function') return;
  for (const args of [[text], [text, everyKey(text)], [everyKey(text)], [text, text]]) {
    try {
      (value as (...a: unknown[]) => unknown)(...args);
    } catch {
      // A refusal by throwing is an answer.
    }
  }
}

/** The best of three runs, in ms: a slow machine's hiccup passes, a super-linear parser never does. */
function bestOf3(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const started = Date.now();
    run();
    best = Math.min(best, Date.now() - started);
  }
  return best;
}

describe('every contract parser on 100,000 spaces', () => {
  const exported = Object.entries(contract).filter(
    ([, value]) => value instanceof z.ZodType || typeof value === 'function',
  );

  it('covers the number readers and the listing schemas', () => {
    const names = exported.map(([name]) => name);
    for (const name of ['parseAmount', 'parseCount', 'parseLandParts', 'CreatePropertyFields', 'UpdatePropertyFields'])
      expect(names).toContain(name);
    expect(exported.length).toBeGreaterThan(100);
  });

  it.each(exported)(`%s answers within ${BOUND_MS} ms`, (_name, value) => {
    for (const text of INPUTS) expect(bestOf3(() => exercise(value, text))).toBeLessThan(BOUND_MS);
  });

  it('refuses such text as a number before reading it', () => {
    for (const text of INPUTS) {
      expect(contract.parseAmount(text, { currency: true, decimals: true })).toEqual({
        ok: false,
        problem: 'notNumber',
      });
      expect(contract.parseCount(text)).toEqual({ ok: false, problem: 'wholeNumber' });
      expect(contract.parseLandParts({ wah: text })).toEqual({ ok: false, part: 'wah', problem: 'notNumber' });
    }
    const edit = contract.UpdatePropertyFields.safeParse({ price: `1${SPACES}x`, avg_utilities: SPACES });
    expect(edit.success).toBe(false);
    expect(edit.error?.issues.map((issue) => issue.path[0])).toEqual(['price', 'avg_utilities']);
  });
});
