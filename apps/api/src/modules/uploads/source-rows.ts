import type { UploadErrorReason } from "@costflow/contract/uploads";

/** One row of an uploaded sheet (CSV record or worksheet row), cells as text. */
export interface SheetRow {
  /** Line (CSV) or row number (worksheet) where the row starts, 1-based. */
  line: number;
  fields: string[];
  /** A syntax problem of the row: its cells are not to be trusted. */
  problem?: { reason: UploadErrorReason; line: number; column: number };
}

/**
 * The file cannot be read on from here (bad encoding, broken workbook): reported as one error,
 * and the file is refused as a whole.
 */
export class UnreadableFileError extends Error {
  constructor(
    readonly reason:
      | "invalid_encoding"
      | "unreadable"
      | "too_many_columns"
      | "too_many_rows"
      | "too_large_inflated",
    readonly values: Record<string, string | number>,
    readonly line: number | null = null,
  ) {
    super(`${reason} ${JSON.stringify(values)}`);
    this.name = "UnreadableFileError";
  }
}

/** Limits of what one uploaded file may hold (upload-settings.ts reads them from the environment). */
export interface ReadCaps {
  /** Columns of a row: a value further right refuses the file. */
  columns: number;
  /** Data rows (the header line not counted). */
  rows: number;
  /** A workbook's size once its parts are inflated, bytes. */
  inflatedBytes: number;
}
