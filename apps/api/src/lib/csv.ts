/**
 * A small CSV writer for exports opened in spreadsheets (Excel, LibreOffice, Google Sheets).
 *
 * - RFC 4180: every text cell is quoted (quotes doubled), numbers are not; rows end in CRLF.
 *   Quoting only cells with a comma is not enough: Excel in a locale whose list separator is `;`
 *   (most of Europe) splits an unquoted `a;=1+1;b` into three cells, the middle one a formula.
 * - Formula injection (OWASP "CSV Injection"): a cell a spreadsheet could read as a formula gets a
 *   leading single quote, so `=HYPERLINK(...)` typed into a contact form shows as text instead of
 *   running: one starting (after any spaces) with =, +, -, @ (ASCII or full-width), a tab or a
 *   carriage return, and one where such a sign follows a `;` or `,` (a cell a separator would split).
 * - A UTF-8 byte order mark first, or Excel reads Thai (and every other non-Latin script) as
 *   mojibake.
 */

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[ \t\r]*[=+\-@＝＋－＠\t\r]/;
const FORMULA_AFTER_SEPARATOR = /[;,][ \t\r\n]*[=+\-@＝＋－＠]/;

export const UTF8_BOM = '\uFEFF';

/** One cell: text escaped against formulas and always quoted. Null and undefined are empty. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans we write ourselves; a negative number stays a number.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === '') return '';
  const text = FORMULA_START.test(value) || FORMULA_AFTER_SEPARATOR.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One row, CRLF-terminated. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole document: BOM, header row, then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return UTF8_BOM + csvRow(header) + rows.map(csvRow).join('');
}
