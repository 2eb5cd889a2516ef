import type { ReactNode } from 'react';

export interface Column<T> {
  /** The column heading; a string for a visible one, an element (e.g. an sr-only span) otherwise. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes of the heading and of every cell in the column (padding, alignment, colour). */
  className?: string;
  /** Classes of the heading alone, when it differs from the cells (otherwise `className`). */
  headerClassName?: string;
}

/**
 * A list as a table: the heading row, then one row per record. With `cards`, the table is the wide-screen view
 * and phones get one card per record instead (a table of eight columns does not fit 375 px). With `empty`, a list
 * without records shows that instead of a table with no rows.
 */
export function DataTable<T>({
  rows,
  rowKey,
  columns,
  caption,
  rowProps,
  cards,
  empty,
  className = 'panel overflow-x-auto',
  tableClassName = 'w-full text-left text-sm',
  headClassName = 'border-b border-shadow text-xs tracking-wider text-ash uppercase',
  bodyClassName = 'divide-y divide-shadow',
}: {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  columns: readonly Column<T>[];
  caption?: string;
  rowProps?: (row: T) => { className?: string; 'data-testid'?: string };
  cards?: (row: T) => ReactNode;
  empty?: ReactNode;
  /** Classes of the wrapper around the table (its frame and scrolling). */
  className?: string;
  tableClassName?: string;
  headClassName?: string;
  bodyClassName?: string;
}) {
  if (empty !== undefined && rows.length === 0) return <>{empty}</>;
  const table = (
    <div className={cards ? `${className} hidden lg:block` : className}>
      <table className={tableClassName}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={headClassName}>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.headerClassName ?? column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={bodyClassName}>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column, index) => (
                <td key={index} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (!cards) return table;
  return (
    <>
      {table}
      <ul className="space-y-3 lg:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)}>{cards(row)}</li>
        ))}
      </ul>
    </>
  );
}
