// Cells of the CSV files meant for a spreadsheet (account data, calculated-driver values, upload
// templates). A text cell starting with `=`, `+`, `-` or `@` (or a tab or carriage return, which
// spreadsheets skip before looking) would run as a formula when the file is opened: it is written
// with a leading `'`, which spreadsheets show as text. Plain numbers ("-12.5") are left as they
// are. Uploads read the `'` back off (restoreCell), so a downloaded file uploads unchanged. The
// model bundle is not such a file: its formulas are data (guide/model-bundle.md).

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** `value` as a spreadsheet-safe cell: formula-looking text gets a leading `'`. */
export function neutraliseCell<T>(value: T): T | string {
  if (typeof value !== "string") return value;
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** The inverse of neutraliseCell for an uploaded cell: `'=x` is read as `=x`. */
export function restoreCell(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}
