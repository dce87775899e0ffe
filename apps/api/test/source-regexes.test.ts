import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyse } from 'scslre';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A lint for regular expressions (Biome has no rule for this): every regex literal, and every `RegExp('…')` built from
 * a plain string, in the contract, the API and the web app is analysed by scslre (the analyser behind
 * eslint-plugin-regexp's no-super-linear-backtracking and no-super-linear-move). It reports
 * - `Move`: a quantifier the engine retries from every position, as the old currency strip's unanchored `\s*…$`
 *   (quadratic in a run of spaces: the security probe's ten-second request);
 * - `Trade` / `Self`: quantifiers that hand characters back and forth, nested ones exponentially (`(a+)+`).
 * Tests are left out: they read our own files. Fix a finding by anchoring (`^`, `\b`, a lookbehind such as
 * `(?<!0)0+$`), by classes that cannot overlap, or with string operations.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCES = ['packages/contract/src', 'apps/api/src', 'apps/web/src'];

/** Findings reviewed and accepted, by `file: /pattern/flags`, with why. Keep it empty where possible. */
const ACCEPTED = new Map<string, string>();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'test' ? [] : sourceFiles(path);
    return /\.(?:ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

type Found = { where: string; literal: { source: string; flags: string } };

/** The regex literals of one file, and `new RegExp('…', 'g')` / `RegExp('…')` with plain string arguments. */
function regexesIn(fileName: string, text: string): Found[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const at = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const plain = (node: ts.Node | undefined) =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText();
      const end = literal.lastIndexOf('/');
      found.push({ where: at(node), literal: { source: literal.slice(1, end), flags: literal.slice(end + 1) } });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const source = plain(node.arguments?.[0]);
      if (source !== undefined)
        found.push({ where: at(node), literal: { source, flags: plain(node.arguments?.[1]) ?? '' } });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** What scslre reports for one regex: `Move`, `Trade` or `Self` (with "exponential" when it is). */
function superLinear(literal: Found['literal']): string[] {
  return analyse(literal).reports.map((report) => (report.exponential ? `${report.type} (exponential)` : report.type));
}

describe('regular expressions in the source', () => {
  const files = SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir)));
  const regexes = files.flatMap((path) => regexesIn(relative(ROOT, path), readFileSync(path, 'utf8')));

  it('finds the regexes of all three source trees', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(regexes.length).toBeGreaterThan(150);
    for (const dir of SOURCES) expect(regexes.some((r) => r.where.startsWith(dir))).toBe(true);
  });

  it('have no super-linear shape (unanchored quantified text before $, nested or overlapping quantifiers)', () => {
    const findings = regexes.flatMap(({ where, literal }) => {
      const kinds = superLinear(literal);
      const key = `${where.replace(/:\d+$/, '')}: /${literal.source}/${literal.flags}`;
      return kinds.length > 0 && !ACCEPTED.has(key) ? [`${where} /${literal.source}/${literal.flags}: ${kinds}`] : [];
    });
    expect(findings).toEqual([]);
  });

  it('catches the shapes it is meant to (the old currency strip among them)', () => {
    const found = regexesIn(
      'example.ts',
      [
        'const CURRENCY = /^(?:฿|thb|baht|บาท)\\s*|\\s*(?:฿|thb|baht|บาท)$/g;',
        'const nested = new RegExp("^(a+)+$");',
        'const safe = /^\\d{1,3}(?:,\\d{3})+$/;',
      ].join('\n'),
    );
    expect(found.map((f) => [f.where, superLinear(f.literal)])).toEqual([
      ['example.ts:1', ['Move']],
      ['example.ts:2', ['Self (exponential)']],
      ['example.ts:3', []],
    ]);
  });
});
