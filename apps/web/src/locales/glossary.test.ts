import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { findNameErrors, findViolations, flattenStrings, parseGlossary } from './glossary';

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

  it('rules out the terms the November 2026 language review found drifting', () => {
    const check = (language: string, text: string) =>
      findViolations(glossary, language, [['x:y', text]]).map((v) => v.term);
    // th: the featured badge is ประกาศเด่น; แนะนำ is the Recommended page.
    expect(check('th', 'แต่จะไม่เป็นประกาศแนะนำและ')).toEqual(['ประกาศแนะนำ']);
    expect(check('th', 'แต่จะไม่เป็นประกาศเด่นและ')).toEqual([]);
    // TW: an account is 帳號; a condo is 大樓.
    expect(check('TW', '您的 Baan 帳戶驗證碼已暫停')).toEqual(['帳戶']);
    expect(check('TW', '您的 Baan 帳號驗證碼已暫停')).toEqual([]);
    expect(check('TW', '曼谷公寓大廈出售')).toEqual(['公寓大廈']);
    // ja: one word for visitor (訪問者), and the owner's listings are 掲載物件.
    expect(check('ja', '閲覧者から届いたメッセージ')).toEqual(['閲覧者']);
    expect(check('ja', '訪問者から届いたメッセージ')).toEqual([]);
    expect(check('ja', 'マイ物件に戻る')).toEqual(['マイ物件']);
    // my: a visitor is ကြည့်ရှုသူ, not a house guest (ဧည့်သည်); the living room (ဧည့်ခန်း) is fine.
    expect(check('my', 'ဧည့်သည်များ ဤကြော်ငြာကို ဖွင့်၍မရပါ')).toEqual(['ဧည့်သည်']);
    expect(check('my', 'ဧည့်ခန်း')).toEqual([]);
    // ru: аккаунт, not учётная запись in any case; e-mail in full words in a sentence; sale or rent is a deal type.
    expect(check('ru', 'Коды для вашей учётной записи Baan')).toEqual(['учётной записи']);
    expect(check('ru', 'Чтобы защитить учетную запись')).toEqual(['учетную запись']);
    expect(check('ru', 'Причина отправлена по эл. почте.')).toEqual(['эл. почте']);
    expect(check('ru', 'Эл. почта')).toEqual([]);
    expect(check('ru', 'Статус объекта')).toEqual(['статус объекта']);
    expect(check('ru', 'Мои объекты')).toEqual(['Мои объекты']);
  });

  it('flags a name that uses the word of the concept it must not be mistaken for, or lacks its own', () => {
    const names = (language: string, nav: string, title = nav, status = '') =>
      findNameErrors(glossary, language, [
        ['common:nav.recommend', nav],
        ['listings:recommend.title', title],
        ['property:define.status', status],
      ]);
    // ja おすすめ and ru Рекомендуемые are the featured badge's words: the page cannot be called so.
    expect(names('ja', 'おすすめ', '厳選物件', '取引の種類')).toEqual([
      'common:nav.recommend: “おすすめ” does not say recommended page (厳選物件)',
      'common:nav.recommend: “おすすめ” uses “おすすめ”, the term for featured',
    ]);
    expect(names('ru', 'Рекомендуемые', 'Подборка Baan', 'Тип сделки')).toEqual([
      'common:nav.recommend: “Рекомендуемые” does not say recommended page (Подборка Baan)',
      'common:nav.recommend: “Рекомендуемые” uses “рекомендуемые”, the term for featured',
    ]);
    expect(names('zh', '推荐房源', '推荐', '房产状态')).toEqual([
      'property:define.status: “房产状态” does not say sale or rent (租售类型)',
    ]);
    expect(names('en', 'Recommended', 'Recommended', 'Sale or rent')).toEqual([]);
    expect(findNameErrors(glossary, 'en', [])).toEqual([
      'common:nav.recommend: no such text',
      'listings:recommend.title: no such text',
      'property:define.status: no such text',
    ]);
  });

  it.each([...LANGUAGES])('%s names the Recommended page and the sale-or-rent choice in its own terms', (language) => {
    expect(glossary.names.map((n) => n.key)).toEqual(
      expect.arrayContaining(['common:nav.recommend', 'listings:recommend.title', 'property:define.status']),
    );
    expect(findNameErrors(glossary, language, stringsOf(language))).toEqual([]);
  });

  it.each([...LANGUAGES])('%s uses no ruled-out term', (language) => {
    const strings = stringsOf(language);
    expect(strings.length).toBeGreaterThan(500);
    const found = findViolations(glossary, language, strings).map((v) => `${v.key}: “${v.term}” in “${v.text}”`);
    expect(found).toEqual([]);
  });
});
