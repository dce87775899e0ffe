/**
 * A small CSV writer for exports opened in spreadsheets (Excel, LibreOffice, Google Sheets).
 *
 * - RFC 4180: fields holding a comma, a double quote, a line break are quoted, quotes doubled,
 *   rows end in CRLF.
 * - Formula injection (OWASP "CSV Injection"): a cell a spreadsheet would read as a formula
 *   (starting with =, +, -, @, a tab or a carriage return) gets a leading single quote, so
 *   `=HYPERLINK(...)` typed into a contact form shows as text instead of running.
 * - A UTF-8 byte order mark first, or Excel reads Thai (and every other non-Latin script) as
 *   mojibake.
 */

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const UTF8_BOM = '\uFEFF';

/** One cell, escaped against formulas and quoted when needed. Null and undefined are empty. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans we write ourselves; a negative number stays a number.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row, CRLF-terminated. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole document: BOM, header row, then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return UTF8_BOM + csvRow(header) + rows.map(csvRow).join('');
}
