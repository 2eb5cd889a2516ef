/**
 * CSV for spreadsheets. Cells are quoted when they hold a comma, quote or line break, and a cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) gets a leading
 * apostrophe: addresses typed into the public newsletter form must never execute on an admin's machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A figure written with a fixed number of decimals ('-1180.00'): a number to the spreadsheet, kept as written. */
export interface CsvFigure {
  readonly figure: string;
}

/** `amount` (an integer count of hundredths, such as paise) with two decimals. */
export function hundredths(amount: number): CsvFigure {
  return { figure: (amount / 100).toFixed(2) };
}

export type CsvValue = string | number | CsvFigure | null | undefined;

export function csvCell(value: CsvValue): string {
  if (typeof value === 'object' && value !== null) return value.figure;
  let text = value === null || value === undefined ? '' : String(value);
  // A number is never run as a formula; a negative figure must stay a number the spreadsheet can add up.
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows joined with CRLF, as RFC 4180 asks and Excel expects. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
