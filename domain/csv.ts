/**
 * CSV for spreadsheets. Cells are quoted when they hold a comma, quote or line break, and a cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) gets a leading
 * apostrophe: addresses typed into the public newsletter form must never execute on an admin's machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  // A number is never run as a formula; a negative figure must stay a number the spreadsheet can add up.
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows joined with CRLF, as RFC 4180 asks and Excel expects. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
