import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { IMPORT_COLUMNS, type ImportColumn, type ImportRecord, MAX_CELL } from './import-columns.ts';

/** A row of the file as read, or the reason it cannot be: its number counts data rows from 1 (the header is row 0). */
export type ReadRow = { row: number; ref: string; record: ImportRecord; problems: Record<string, string[]> };

/** Why a whole file cannot be read: a code the answer translates. */
export class UnreadableFile extends Error {
  constructor(
    readonly code: 'broken_file' | 'no_header' | 'unknown_columns' | 'too_many_rows',
    detail: string,
  ) {
    super(detail);
    this.name = 'UnreadableFile';
  }
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, full-width too, or a tab or carriage return first):
 * refused (ADR 030), unless it starts with the apostrophe Baan's own export puts before such a cell (lib/csv.ts), which
 * is taken off again so an exported file reads back as it was.
 */
const FORMULA_START = /^[ \t\r]*[=+\-@＝＋－＠\t\r]/;
const ESCAPED_FORMULA = /^'(?=[ \t\r]*[=+\-@＝＋－＠\t\r])/;
/** Numbers may start with a minus (the schema says whether it is allowed); text may not. */
const NUMERIC = /^-?\d[\d,.]*$/;

export function readCell(value: string): { value: string } | { formula: true } {
  if (ESCAPED_FORMULA.test(value)) return { value: value.slice(1) };
  if (FORMULA_START.test(value) && !NUMERIC.test(value.trim())) return { formula: true };
  return { value };
}

/**
 * Reads a CSV import streaming, one row at a time (never the whole file): the header names the columns (any order;
 * unknown ones refuse the file so a misspelt column is not silently dropped), at most `maxRows` data rows (one more
 * stops the read with `too_many_rows`). A quoting error stops it with `broken_file`.
 */
export async function* readCsv(body: Readable, maxRows: number): AsyncGenerator<ReadRow> {
  const parser = body.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // One record may not grow past this many characters, so one unterminated quote cannot hold the whole file.
      max_record_size: MAX_CELL * 4,
    }),
  );
  body.on('error', (err) => parser.destroy(err));
  let header: (ImportColumn | null)[] | undefined;
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (!header) {
        const names = cells.map((c) => c.trim().toLowerCase());
        if (!names.includes('external_ref')) throw new UnreadableFile('no_header', 'no external_ref column');
        const unknown = names.filter((n) => n && !(IMPORT_COLUMNS as readonly string[]).includes(n));
        if (unknown.length > 0)
          throw new UnreadableFile('unknown_columns', unknown.slice(0, 5).join(', ').slice(0, 200));
        header = names.map((n) => (n ? (n as ImportColumn) : null));
        continue;
      }
      row += 1;
      if (row > maxRows) throw new UnreadableFile('too_many_rows', `more than ${maxRows} rows`);
      const record: ImportRecord = {};
      const problems: Record<string, string[]> = {};
      for (const [i, column] of header.entries()) {
        if (!column) continue;
        const raw = cells[i] ?? '';
        const cell = readCell(raw.length > MAX_CELL ? raw.slice(0, MAX_CELL) : raw);
        if ('formula' in cell) problems[column] = ['formula'];
        else record[column] = cell.value;
      }
      yield { row, ref: (record.external_ref ?? '').trim(), record, problems };
    }
  } catch (err) {
    if (err instanceof UnreadableFile) throw err;
    const code = (err as { code?: string }).code;
    if (typeof code === 'string' && code.startsWith('CSV_')) throw new UnreadableFile('broken_file', `${code}`);
    throw err;
  } finally {
    parser.destroy();
    body.destroy();
  }
}
