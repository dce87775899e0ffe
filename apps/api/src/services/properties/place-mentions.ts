import { createHash } from 'node:crypto';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import { allPlaces, type Place } from '../locations/place-ids.ts';
import { isSpacedWordChar } from '../search/normalise-query.ts';
import { containsPattern, searchText, searchWords } from './search-text.ts';

/**
 * How a listing's text names a place (ADR 027, 040, 044), as data: the same rules give the search's SQL conditions
 * (mentionConditions) and the rows of `place_mentions`, from which the database keeps each listing's `named_places`
 * (migration 0038's trigger). A rule matches when every part it has holds: `words` all among the listing's words,
 * `pattern` LIKE on the lower-cased text, `regex` (`~`) on it.
 */
export type MentionRule = { words: string[] | null; pattern: string | null; regex: string | null };

/**
 * Names shorter than this are not looked for in the text: the trigram index cannot find fewer than three characters
 * (a LIKE on "曼谷" reads the whole index and tests every listing; 4 s at 100,000 listings, docs/benchmarks.md). Such a
 * name still finds the place's listings: the condition is built from the place, whose other names are longer.
 */
const MIN_MENTION = 3;

/** `\m…\M` (PostgreSQL's word edges) around a spaced-script name; the regex's own characters taken literally. */
function wordPattern(name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`);
  return `\\m${escaped}\\M`;
}

/** ASCII words between ASCII separators: what PostgreSQL splits the same way under any locale. */
const ASCII_WORDS = /^[a-z0-9_]+(?:[^a-z0-9_\u0080-\u{10ffff}]+[a-z0-9_]+)*$/u;
/** One word of letters of a spaced script, none of them ASCII (under the C locale none is a word character). */
const NON_ASCII_WORD = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]+$/u;

/**
 * The rule for one (lower-cased) name. A name in a spaced script must stand as a word ("Ari" is not in "Ferrari"): by
 * the listing's words where that is the same test under every locale (ADR 040: a one-word name is one of the words; a
 * name of several ASCII words needs them all among the words, then the phrase at word edges), else the trigram index
 * finds the candidates by LIKE and the word-edge regex checks them. A name in an unspaced script by LIKE alone.
 */
export function mentionRule(name: string): MentionRule {
  const spaced = isSpacedWordChar(name[0]) || isSpacedWordChar(name[name.length - 1]);
  if (!spaced) return { words: null, pattern: containsPattern(name), regex: null };
  if (ASCII_WORDS.test(name)) {
    const words = name.split(/[^a-z0-9_]+/);
    return { words, pattern: null, regex: words.length === 1 ? null : wordPattern(name) };
  }
  // Every letter outside ASCII: a word character everywhere but the C locale, where such a name never stands between
  // word edges and is never one of the words either.
  if (NON_ASCII_WORD.test(name) && ![...name].some((c) => c.charCodeAt(0) < 0x80)) {
    return { words: [name], pattern: null, regex: null };
  }
  return { words: null, pattern: containsPattern(name), regex: wordPattern(name) };
}

/** The rules for a place's or station's names: each name lower-cased once, short ones left out. */
export function mentionRules(names: readonly string[]): MentionRule[] {
  const seen = new Set<string>();
  const out: MentionRule[] = [];
  for (const raw of names) {
    const name = raw.toLowerCase().trim();
    if ([...name].length < MIN_MENTION || seen.has(name)) continue;
    seen.add(name);
    out.push(mentionRule(name));
  }
  return out;
}

/** Words as one text[] parameter, each quoted (a word "null" is a word, not NULL); none holds a quote or backslash. */
const wordArray = (words: readonly string[]) => sql`${`{${words.map((w) => `"${w}"`).join(',')}}`}::text[]`;

/**
 * A rule as a condition on the listing. `regexp_like`, a function, for the phrase after the words: the planner cannot
 * trade the word index for the trigram index's slow regex scan.
 */
function ruleCondition(rule: MentionRule): SQL {
  const parts: SQL[] = [];
  if (rule.words) parts.push(sql`${searchWords} @> ${wordArray(rule.words)}`);
  if (rule.pattern) parts.push(sql`${searchText} like ${rule.pattern}`);
  if (rule.regex)
    parts.push(rule.words ? sql`regexp_like(${searchText}, ${rule.regex})` : sql`${searchText} ~ ${rule.regex}`);
  return parts.length === 1 ? (parts[0] as SQL) : sql`(${sql.join(parts, sql` and `)})`;
}

/** A spaced-script name by the listing's words, where that is exact (mentionRule); else null. */
export function wordMention(name: string): SQL | null {
  const rule = mentionRule(name);
  return rule.words ? ruleCondition(rule) : null;
}

/** A spaced-script name by LIKE and the word-edge regex: what wordMention must equal (test/search-words.test.ts). */
export function patternMention(name: string): SQL {
  return ruleCondition({ words: null, pattern: containsPattern(name), regex: wordPattern(name) });
}

/** The listing's text names one of these names: one condition per name, any of which holds. */
export function mentionConditions(names: readonly string[]): SQL[] {
  return mentionRules(names).map(ruleCondition);
}

/** The listing is stored under the place (or a place inside it: a province's districts, Sukhumvit's Thonglor). */
export function storedInPlace(place: Place): SQL {
  const { entry } = place;
  if (place.kind === 'province') return eq(properties.province, entry.name.en);
  if (place.kind === 'district') {
    return and(eq(properties.district, entry.name.en), eq(properties.province, entry.province?.en ?? '')) as SQL;
  }
  return inArray(properties.place, [place.id, ...place.parts]);
}

/**
 * The places (not provinces) whose names the listing's text holds while it is not stored under them (migration 0038,
 * kept by its trigger). Outside the Drizzle schema, as search_words: no listing read fetches it.
 */
export const namedPlaces = sql`"properties"."named_places"`;

/** The listing's text names the place and it is not stored under it: one GIN lookup (`properties_named_places_idx`). */
export function namesPlaceElsewhere(places: readonly Place[]): SQL {
  return sql`${namedPlaces} && ${`{${places.map((p) => `"${p.id}"`).join(',')}}`}::text[]`;
}

/** One row of `place_mentions`. */
type MentionRow = MentionRule & {
  place: string;
  stored_places: string[] | null;
  district: string | null;
  province: string | null;
};

/** Every place's rules as rows (places that can be named: not provinces), in a stable order. */
export function placeMentionRows(places: readonly Place[] = allPlaces()): MentionRow[] {
  const rows: MentionRow[] = [];
  for (const place of [...places].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    if (place.kind === 'province') continue;
    const stored =
      place.kind === 'district'
        ? { stored_places: null, district: place.entry.name.en, province: place.entry.province?.en ?? '' }
        : { stored_places: [place.id, ...place.parts], district: null, province: null };
    for (const rule of mentionRules(place.phrases)) rows.push({ place: place.id, ...rule, ...stored });
  }
  return rows;
}

/** What the rows say, as a version: the database's `named_places` were computed from the rows of this version. */
export function placeMentionsVersion(rows: readonly MentionRow[]): string {
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

/** pg_advisory_xact_lock key of the rewrite ("plac" in ASCII): nodes starting together rewrite once. */
const SYNC_LOCK = 0x706c6163;

/** Rows written per INSERT statement. */
const INSERT_BATCH = 200;

/**
 * Makes `place_mentions` and every listing's `named_places` those of today's gazetteer (ADR 044). Called at start, after
 * the migrations: when the stored version is today's it reads one row and returns false. Otherwise, in one transaction
 * (so no search sees half of it, and the trigger computes new rows from the new rules once it commits): the rows
 * replaced, every listing's named places cleared and given again place by place from the search's own conditions on
 * their indexes, the version stored. Answers whether it rewrote.
 */
export async function syncPlaceMentions(db: Db, places: readonly Place[] = allPlaces()): Promise<boolean> {
  const rows = placeMentionRows(places);
  const version = placeMentionsVersion(rows);
  const current = async (tx: Pick<Db, 'execute'>) => {
    const result = await tx.execute(sql`select version from place_mentions_state where id = 1`);
    const list = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { version: string }[];
    return list[0]?.version ?? null;
  };
  if ((await current(db)) === version) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK})`);
    if ((await current(tx)) === version) return false;
    await tx.execute(sql`delete from place_mentions`);
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const values = rows.slice(i, i + INSERT_BATCH).map(
        (r) =>
          sql`(${r.place}, ${r.words ? wordArray(r.words) : sql`null::text[]`}, ${r.pattern}::text, ${r.regex}::text,
               ${r.stored_places ? wordArray(r.stored_places) : sql`null::text[]`}, ${r.district}::text, ${r.province}::text)`,
      );
      await tx.execute(
        sql`insert into place_mentions (place, words, pattern, regex, stored_places, district, province) values ${sql.join(values, sql`, `)}`,
      );
    }
    await tx.execute(sql`update properties set named_places = '{}' where named_places <> '{}'`);
    // Place by place, in the order the trigger sorts them: each listing's array ends up as the trigger would write it.
    for (const place of [...places].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
      if (place.kind === 'province') continue;
      const named = mentionConditions(place.phrases);
      if (named.length === 0) continue;
      await tx.execute(
        sql`update properties set named_places = array_append(named_places, ${place.id}::text)
            where (${sql.join(named, sql` or `)}) and (${storedInPlace(place)}) is not true`,
      );
    }
    await tx.execute(
      sql`insert into place_mentions_state (id, version) values (1, ${version})
          on conflict (id) do update set version = excluded.version`,
    );
    return true;
  });
}
