import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, toCsv, UTF8_BOM } from '../src/lib/csv.ts';

describe('csvCell', () => {
  it('quotes every text cell; numbers and empty values stay bare', () => {
    expect(csvCell('Somchai')).toBe('"Somchai"');
    expect(csvCell('บ้านเดี่ยว สุขุมวิท')).toBe('"บ้านเดี่ยว สุขุมวิท"');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['=1+2', `"'=1+2"`],
    ['+1', `"'+1"`],
    ['-2', `"'-2"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    ['+66 81 234 5678', `"'+66 81 234 5678"`],
    [' =1+1', `"' =1+1"`],
    ['＝1+1', `"'＝1+1"`],
  ])('escapes a formula-leading cell %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  // The probe's cells: in a locale whose list separator is ";", an unquoted one split into a formula cell.
  it.each([
    ['a;=1+1;b', `"'a;=1+1;b"`],
    ['＝1+1 fullwidth; x;=2+3', `"'＝1+1 fullwidth; x;=2+3"`],
    ['total; +66 81', `"'total; +66 81"`],
    ['a, =cmd', `"'a, =cmd"`],
    ['one;\n@SUM(A1)', `"'one;\n@SUM(A1)"`],
  ])('escapes %j, where a separator would start a formula cell', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('leaves formula signs elsewhere alone (still quoted)', () => {
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('me@example.com')).toBe('"me@example.com"');
    expect(csvCell('2-bed; 3 baths')).toBe('"2-bed; 3 baths"');
    expect(csvCell('a; b=c')).toBe('"a; b=c"');
  });

  it('doubles quotes and keeps commas and line breaks inside the quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
  });
});

describe('toCsv', () => {
  it('writes a BOM, a header row and CRLF-terminated rows', () => {
    const csv = toCsv(
      ['id', 'name'],
      [
        [1, 'สมชาย'],
        [2, '=cmd'],
      ],
    );
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1)).toBe(`"id","name"\r\n1,"สมชาย"\r\n2,"'=cmd"\r\n`);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('a row joins its cells with commas', () => {
    expect(csvRow(['a', null, 3])).toBe('"a",,3\r\n');
  });
});
