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
    readonly reason: "invalid_encoding" | "unreadable",
    readonly values: Record<string, string>,
    readonly line: number | null = null,
  ) {
    super(`${reason} ${JSON.stringify(values)}`);
    this.name = "UnreadableFileError";
  }
}

/** Reads a file as batches of rows; `onBytes` is told how many bytes of the file were consumed. */
export type RowReader = (path: string, onBytes: (bytes: number) => void) => AsyncGenerator<SheetRow[]>;
