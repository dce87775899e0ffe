import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { findViolations, flattenStrings, parseGlossary } from './glossary';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const glossary = parseGlossary(readFileSync(here('../../../../docs/glossary.md'), 'utf8'), LANGUAGES);

/** The web's namespaces and the API's mail texts: what a user reads on screen and in a mail. */
const LOCALE_ROOTS = [
  { root: here('.'), prefix: '' },
  { root: here('../../../api/src/locales'), prefix: 'api/' },
];

function stringsOf(language: string): [string, string][] {
  const out: [string, string][] = [];
  for (const { root, prefix } of LOCALE_ROOTS) {
    const dir = `${root}/${language}`;
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const tree = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
      out.push(...flattenStrings(`${prefix}${file.replace(/\.json$/, '')}`, tree));
    }
  }
  return out;
}

describe('glossary (docs/glossary.md)', () => {
  const concepts = (language: string) => (glossary.rows.get(language) ?? []).map((r) => r.concept);

  it('gives every language a term for every concept', () => {
    const english = concepts('en');
    expect(english).toEqual(expect.arrayContaining(['listing', 'package', 'owner', 'agent', 'featured', 'e-mail']));
    for (const language of LANGUAGES) {
      expect(concepts(language), language).toEqual(expect.arrayContaining(english));
      for (const row of glossary.rows.get(language) ?? []) {
        if (row.concept !== 'polite particle') expect(row.use.length, `${language} ${row.concept}`).toBeGreaterThan(0);
      }
    }
  });

  it('allows only terms that a row rules out', () => {
    for (const allowance of glossary.allowed) {
      const rows = glossary.rows.get(allowance.language) ?? [];
      expect(
        rows.some((r) => r.ruleOut.includes(allowance.term)),
        `${allowance.language} ${allowance.key}`,
      ).toBe(true);
    }
  });

  it('flags a ruled-out term, ignores it inside the right one, in placeholders and in tags', () => {
    const check = (language: string, text: string) =>
      findViolations(glossary, language, [['x:y', text]]).map((v) => v.term);
    expect(check('ja', 'アパートを探す')).toEqual(['アパート']);
    expect(check('ja', 'アパートメントを探す')).toEqual([]);
    expect(check('zh', '联系房东')).toEqual(['房东']);
    expect(check('ru', 'Ваш Email')).toEqual(['email']);
    expect(check('ru', 'Письмо на {{email}}')).toEqual([]);
    expect(check('en', 'Check your <email>inbox</email>')).toEqual([]);
  });

  it.each([...LANGUAGES])('%s uses no ruled-out term', (language) => {
    const strings = stringsOf(language);
    expect(strings.length).toBeGreaterThan(500);
    const found = findViolations(glossary, language, strings).map((v) => `${v.key}: “${v.term}” in “${v.text}”`);
    expect(found).toEqual([]);
  });
});
