import { z } from "zod";
import { idSchema, textSchema } from "./common.ts";
import { QueryId } from "./cost.ts";
import { listQuery, page } from "./pagination.ts";

// export/files/ (docs/exports.md): every export is a job of the file pipeline writing one file to
// the file store, listed in the scenario's downloads with requested by, requested at, status, type
// and size, downloaded through export/files/{id}/download/.

/** What a file holds. PDF_* are written by the PDF renderer (answered 400 `unsupported` until it is registered). */
export const EXPORT_DATA_TYPES = [
  "BI_CSV",
  "BI_XLSX",
  "BI_PARQUET",
  "PDF_SUMMARY",
  "PDF_REPORT",
  "TABLE",
  "RECORDS_ONLY_CALCULATED",
] as const;
export type ExportDataType = (typeof EXPORT_DATA_TYPES)[number];

/** Formats of a TABLE export. */
export const TABLE_EXPORT_FORMATS = ["CSV", "XLSX"] as const;
export type TableExportFormat = (typeof TABLE_EXPORT_FORMATS)[number];

/**
 * GET export/files/?scenario&data_type=RECORDS_ONLY_CALCULATED&driver (docs/exports.md, "Calls"): a
 * CSV of `identifier,<driver name>` with the driver's value per record from the scenario's latest
 * finished calculation, streamed at once. Without data_type: the page of the scenario's files.
 */
export const ExportFilesQuery = listQuery(["requested_at", "id", "status", "kind", "size_bytes"]).extend({
  scenario: QueryId,
  data_type: z.enum(["RECORDS_ONLY_CALCULATED"]).optional(),
  driver: QueryId.optional(),
});

/** A table of the app to export whole: its GET list call (below /api/v1) and the filters and ordering shown. */
export const TableExportSource = z.strictObject({
  /** The list call, e.g. `calculation/dimension-results/`; answers the list envelope. */
  call: textSchema.trim().min(1).max(200),
  /** The call's query parameters as shown (filters, ordering); limit and offset are the pipeline's. */
  params: z.record(textSchema.max(200), textSchema.max(2000)).default({}),
  /** Column order and titles of the file; by default every field of the rows, as named. */
  columns: z
    .array(z.strictObject({ id: textSchema.min(1).max(200), header: textSchema.max(200).optional() }))
    .max(200)
    .optional(),
  /** The file's title (the table's name as shown). */
  title: textSchema.trim().max(200).optional(),
});
export type TableExportSource = z.infer<typeof TableExportSource>;

/** POST export/files/: requests a file; answers its row at once (status PROCESSING). */
export const ExportFileRequest = z.strictObject({
  scenario: idSchema,
  data_type: z.enum(EXPORT_DATA_TYPES),
  /** RECORDS_ONLY_CALCULATED: the calculated driver. */
  driver: idSchema.optional(),
  /** PDF_REPORT: the saved report. */
  report: idSchema.optional(),
  /** TABLE: the call and its filters. */
  table: TableExportSource.optional(),
  /** TABLE: CSV (default) or XLSX. */
  format: z.enum(TABLE_EXPORT_FORMATS).optional(),
  /** PDF_*: further options of the PDF renderer (orientation …). */
  options: z.record(textSchema.max(100), z.union([textSchema.max(2000), z.number(), z.boolean()])).optional(),
});
export type ExportFileRequest = z.infer<typeof ExportFileRequest>;

/** GET export/table/: a small table exported at once (same source as TABLE). */
export const TableExportQuery = z.object({
  call: textSchema.trim().min(1).max(200),
  format: z.enum(TABLE_EXPORT_FORMATS).default("CSV"),
  /** JSON of TableExportSource.params. */
  params: textSchema.max(20_000).optional(),
  /** JSON of TableExportSource.columns. */
  columns: textSchema.max(20_000).optional(),
  title: textSchema.trim().max(200).optional(),
});

const EXPORT_STATUSES = ["PROCESSING", "PROCESSED", "ERROR"] as const;
export const ExportFile = z.object({
  id: z.number().int(),
  scenario: z.number().int().nullable(),
  /** The data_type the file was requested with. */
  kind: z.string(),
  title: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0..1 while PROCESSING. */
  progress: z.number(),
  file_name: z.string().nullable(),
  content_type: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** Why it ended in ERROR: a reason key of `export.errors` (stopped, worker_lost, failed, too_many_rows …). */
  error: z.string().nullable(),
  /** Translated text of `error`. */
  error_message: z.string().nullable(),
  requested_at: z.string(),
  requested_by: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** The API path of the download while PROCESSED, else null. */
  download_url: z.string().nullable(),
  can_stop: z.boolean(),
});
export type ExportFile = z.infer<typeof ExportFile>;
export const ExportFilePage = page(ExportFile);

/** Reasons a file ends in ERROR (keys of `errors.json` → `export_file.<reason>`). */
export const EXPORT_ERROR_REASONS = [
  "stopped",
  "worker_lost",
  "failed",
  "no_calculation",
  "too_many_rows",
  "table_failed",
] as const;
export type ExportErrorReason = (typeof EXPORT_ERROR_REASONS)[number];

/** Excel's rows per sheet (the header takes one of them). */
export const XLSX_MAX_ROWS = 1_048_576;
