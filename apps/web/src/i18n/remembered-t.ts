/**
 * Remembered translations (issue 27 item 1, ADR 060). A server render asks i18next for a few hundred texts, most of
 * them the same on every page (the header, the footer, the search form, the labels of a listing's facts), and
 * i18next's `t` resolves each one anew: the key's namespace and nesting, the resource look-up with its fallbacks,
 * interpolation and nesting passes — about a tenth of a page's render. With the same resources, language, namespace
 * and key prefix, the same key and options give the same text, so a fixed `t` is wrapped to remember what it
 * answered: calls without options, and calls whose options are only strings, numbers and booleans (a count, a
 * name), by the options' JSON. Anything else (an object among the options, `returnObjects`, a function) goes to
 * i18next each time.
 *
 * What is remembered belongs to the resource store: clones of an instance share it (the server's per-request
 * instances), and any change to it (a bundle added or removed) forgets everything it held. A store remembers at most
 * MAX_REMEMBERED texts and MAX_REMEMBERED_CHARS characters (then starts again), and never a call longer than
 * MAX_REMEMBERED_CALL (a search text or address of any length is translated anew), so keys and values made from data
 * (a price, a date, what a request typed) cannot grow it without bound. A call is remembered by its key and each
 * option's name, type and value with their lengths, so no text (whatever characters it holds) reads as another call.
 */
import type { i18n as I18n, TFunction } from 'i18next';

export const MAX_REMEMBERED = 20_000;
/** At most this many characters, the calls' and their answers' together (about 4 MB of text). */
export const MAX_REMEMBERED_CHARS = 2_000_000;
/** A call (its key and options) longer than this is not remembered. */
export const MAX_REMEMBERED_CALL = 1_000;

interface Memory {
  size: number;
  /** The characters of the calls and answers held. */
  chars: number;
  /** By language, namespace and key prefix, then by key (and options). */
  fixed: Map<string, Map<string, unknown>>;
}

type Store = I18n['store'];

const memories = new WeakMap<Store, Memory>();

function memoryOf(store: Store): Memory {
  let memory = memories.get(store);
  if (!memory) {
    const made: Memory = { size: 0, chars: 0, fixed: new Map() };
    const forget = () => {
      made.size = 0;
      made.chars = 0;
      made.fixed.clear();
    };
    store.on('added', forget);
    store.on('removed', forget);
    memories.set(store, made);
    memory = made;
  }
  return memory;
}

/** The options' part of a remembered call's key, or null when they cannot be remembered by value. */
function optionsKey(options: object): string | null {
  let key = '';
  for (const [name, value] of Object.entries(options)) {
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean' && value !== undefined) return null;
    if (name === 'returnObjects' || name === 'returnDetails' || name === 'lng' || name === 'lngs') return null;
    const text = String(value);
    // Lengths first: a name or value never reads as the end of one option and the start of another.
    key += `|${name.length}:${name}${type[0]}${text.length}:${text}`;
  }
  return key;
}

/**
 * `t` (a fixed `t` of `i18n` for `language`, `namespace` and `keyPrefix`) that remembers its answers in `i18n`'s
 * resource store. The answers are i18next's own: the first call of a key (and options) asks it.
 */
export function rememberedT(
  i18n: I18n,
  t: TFunction,
  language: string,
  namespace: string | null,
  keyPrefix: string | undefined,
): TFunction {
  const memory = memoryOf(i18n.store);
  const ask = t as unknown as (...args: unknown[]) => unknown;
  const place = `${language}\u0000${namespace ?? ''}\u0000${keyPrefix ?? ''}`;
  const remembered = (...args: unknown[]): unknown => {
    const [key, options] = args;
    if (typeof key !== 'string' || args.length > 2) return ask(...args);
    let slot: string | null = `${key.length}:${key}`;
    if (options !== undefined) {
      const extra = options !== null && typeof options === 'object' ? optionsKey(options) : null;
      slot = extra === null ? null : `${slot}${extra}`;
    }
    if (slot === null || slot.length > MAX_REMEMBERED_CALL) return ask(...args);
    let answers = memory.fixed.get(place);
    const known = answers?.get(slot);
    if (known !== undefined || answers?.has(slot)) return known;
    const answer = ask(...args);
    // Asking may have changed the resources (a missing key saved): what was held then is gone.
    answers = memory.fixed.get(place);
    const chars = slot.length + (typeof answer === 'string' ? answer.length : 0);
    if (memory.size >= MAX_REMEMBERED || memory.chars + chars > MAX_REMEMBERED_CHARS) {
      memory.size = 0;
      memory.chars = 0;
      memory.fixed.clear();
      answers = undefined;
    }
    if (!answers) {
      answers = new Map();
      memory.fixed.set(place, answers);
    }
    answers.set(slot, answer);
    memory.size += 1;
    memory.chars += chars;
    return answer;
  };
  // A fixed `t` carries what it is fixed to (react-i18next's Trans reads them).
  const fixed = t as unknown as { lng?: unknown; ns?: unknown; keyPrefix?: unknown };
  return Object.assign(remembered, {
    lng: fixed.lng,
    ns: fixed.ns,
    keyPrefix: fixed.keyPrefix,
  }) as unknown as TFunction;
}

/** Tests: how many texts `i18n`'s store remembers. */
export function rememberedCount(i18n: I18n): number {
  return memories.get(i18n.store)?.size ?? 0;
}

/** Tests: how many characters (calls and answers) `i18n`'s store remembers. */
export function rememberedChars(i18n: I18n): number {
  return memories.get(i18n.store)?.chars ?? 0;
}
