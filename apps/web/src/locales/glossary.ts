/**
 * Reads docs/glossary.md and checks locale strings against it: one term per concept per language.
 * The glossary test (glossary.test.ts) runs it over the web's and the API's locale files.
 */

export type GlossaryRow = { concept: string; use: string[]; ruleOut: string[] };
export type Allowance = { language: string; key: string; term: string };
/** A key that names a concept (in every language), and the concept it must not be mistaken for. */
export type Name = { key: string; concept: string; not?: string };
export type Glossary = { rows: Map<string, GlossaryRow[]>; allowed: Allowance[]; names: Name[] };
export type Violation = { language: string; key: string; term: string; text: string };

const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/**
 * Sections are `## <code> <name>` with a Concept | Use | Rule out table; `## Allowed` lists exceptions; `## Names`
 * lists keys that name a concept (Key | Concept | Not).
 */
export function parseGlossary(markdown: string, languages: readonly string[]): Glossary {
  const rows = new Map<string, GlossaryRow[]>();
  const allowed: Allowance[] = [];
  const names: Name[] = [];
  let section: string | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+(\S+)/.exec(line);
    if (heading) {
      section = heading[1];
      continue;
    }
    if (!line.trim().startsWith('|') || /^\|\s*-/.test(line.trim())) continue;
    const [first = '', second = '', third = ''] = cells(line);
    if (section === 'Allowed') {
      if (first === 'Language') continue;
      allowed.push({ language: first, key: second, term: ticked(third)[0] ?? '' });
    } else if (section === 'Names') {
      if (first === 'Key') continue;
      names.push({ key: ticked(first)[0] ?? first, concept: second, ...(third ? { not: third } : {}) });
    } else if (section && languages.includes(section)) {
      if (first === 'Concept') continue;
      const list = rows.get(section) ?? [];
      list.push({ concept: first, use: ticked(second), ruleOut: ticked(third) });
      rows.set(section, list);
    }
  }
  return { rows, allowed, names };
}

const CASELESS = /[A-Za-z\u0400-\u04FF]/;
const fold = (s: string, term: string) => (CASELESS.test(term) ? s.toLowerCase() : s);

/** What a reader sees of a string: no `{{placeholders}}`, `$t(...)` nestings or HTML tags. */
export function visibleText(text: string): string {
  return text
    .replace(/\{\{[^{}]*\}\}/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ')
    .replace(/<[^<>]+>/g, ' ');
}

/** Every ruled-out term in `strings` (key → text) for one language, less the allowed ones. */
export function findViolations(glossary: Glossary, language: string, strings: Iterable<[string, string]>): Violation[] {
  const rows = glossary.rows.get(language) ?? [];
  const found: Violation[] = [];
  for (const [key, text] of strings) {
    const visible = visibleText(text);
    for (const row of rows) {
      let rest = visible;
      for (const term of row.use) rest = fold(rest, term).split(fold(term, term)).join(' ');
      for (const term of row.ruleOut) {
        if (!fold(rest, term).includes(fold(term, term))) continue;
        const excused = glossary.allowed.some((a) => a.language === language && a.key === key && a.term === term);
        if (!excused) found.push({ language, key, term, text });
      }
    }
  }
  return found;
}

const contains = (text: string, term: string) => fold(text, term).includes(fold(term, term));

/**
 * What is wrong with the keys that name a concept in one language: a name missing from `strings`, a name without
 * any of its concept's terms, or one using a term of the concept it must not be mistaken for.
 */
export function findNameErrors(glossary: Glossary, language: string, strings: Iterable<[string, string]>): string[] {
  const texts = new Map(strings);
  const rows = glossary.rows.get(language) ?? [];
  const termsOf = (concept: string) => rows.find((r) => r.concept === concept)?.use ?? [];
  const errors: string[] = [];
  for (const { key, concept, not } of glossary.names) {
    const text = texts.get(key);
    if (text === undefined) {
      errors.push(`${key}: no such text`);
      continue;
    }
    const visible = visibleText(text);
    const terms = termsOf(concept);
    if (terms.length === 0) errors.push(`${key}: the glossary has no ${language} term for “${concept}”`);
    else if (!terms.some((term) => contains(visible, term)))
      errors.push(`${key}: “${text}” does not say ${concept} (${terms.join(', ')})`);
    for (const term of not ? termsOf(not) : []) {
      if (contains(visible, term)) errors.push(`${key}: “${text}” uses “${term}”, the term for ${not}`);
    }
  }
  return errors;
}

type Tree = { [key: string]: unknown };

/** `namespace:dotted.key` → text for every string leaf of a locale file. */
export function flattenStrings(namespace: string, tree: Tree, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.push([`${namespace}:${path}`, value]);
    else if (value && typeof value === 'object' && !Array.isArray(value))
      out.push(...flattenStrings(namespace, value as Tree, path));
  }
  return out;
}
