import type { ReactNode } from 'react';

/**
 * Tables that turn into cards under 768 px: one markup (rows become blocks, each cell shows its column name), so
 * screen readers and tests see the same table at every width.
 */
export const table = {
  wrap: 'mt-4 md:overflow-x-auto md:rounded-xl md:border md:border-slate-200 md:bg-white',
  table: 'w-full text-left text-sm max-md:block',
  thead: 'bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase max-md:sr-only',
  th: 'px-3 py-2.5 whitespace-nowrap',
  tbody: 'max-md:block max-md:space-y-3 md:divide-y md:divide-slate-200',
  tr: 'align-top max-md:block max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-3 max-md:shadow-sm',
  td: 'px-3 py-2.5 max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1',
};

export interface TableProps<T> {
  caption: string;
  /** Column names by key, in order. */
  columns: Record<string, string>;
  /** One row's cells. */
  children: (row: T) => ReactNode;
}

/** The table shell: a screen-reader caption, one header row of column names, and a row per item (keyed by id). */
export function DataTable<T extends { id: number }>({
  caption,
  columns,
  rows,
  children,
}: TableProps<T> & { rows: readonly T[] }) {
  return (
    <div className={table.wrap}>
      <table className={table.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={table.thead}>
          <tr>
            {Object.values(columns).map((column) => (
              <th key={column} scope="col" className={table.th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={table.tbody}>
          {rows.map((row) => (
            <tr key={row.id} className={table.tr}>
              {children(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell; on small screens its column name leads it. */
export function Cell({
  label,
  children,
  className = '',
  isLabelHidden = false,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  /** The card needs no name for this cell (the title leads the card, the buttons say what they do). */
  isLabelHidden?: boolean;
}) {
  return (
    <td className={`${table.td} ${className}`}>
      {isLabelHidden ? null : (
        <span className="w-24 shrink-0 text-xs font-semibold text-slate-500 md:hidden" aria-hidden="true">
          {label}
        </span>
      )}
      <div className="min-w-0 max-md:flex-1">{children}</div>
    </td>
  );
}
