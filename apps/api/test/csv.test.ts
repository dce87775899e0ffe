import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, toCsv, UTF8_BOM } from '../src/lib/csv.ts';

describe('csvCell', () => {
  it('leaves plain text, numbers and empty values alone', () => {
    expect(csvCell('Somchai')).toBe('Somchai');
    expect(csvCell('บ้านเดี่ยว สุขุมวิท')).toBe('บ้านเดี่ยว สุขุมวิท');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['+66 81 234 5678', "'+66 81 234 5678"],
  ])('escapes a formula-leading cell %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('does not escape formula characters that are not first', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('me@example.com')).toBe('me@example.com');
    expect(csvCell(' =1')).toBe(' =1');
  });

  it('quotes fields with commas, quotes or line breaks and doubles the quotes (RFC 4180)', () => {
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
    expect(csv.slice(1)).toBe("id,name\r\n1,สมชาย\r\n2,'=cmd\r\n");
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('a row joins its cells with commas', () => {
    expect(csvRow(['a', null, 3])).toBe('a,,3\r\n');
  });
});
