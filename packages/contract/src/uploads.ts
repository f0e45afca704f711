import { z } from "zod";
import { queryIdSchema } from "./common.ts";
import arUploads from "./i18n/ar/uploads.json" with { type: "json" };
import enUploads from "./i18n/en/uploads.json" with { type: "json" };
import esUploads from "./i18n/es/uploads.json" with { type: "json" };
import ptUploads from "./i18n/pt/uploads.json" with { type: "json" };
import { DEFAULT_LANGUAGE, type Language } from "./languages.ts";
import { listQuery, page } from "./pagination.ts";

// File uploads of a scenario's data (spec: "Data upload with modes Merge, Append, Replace",
// "Upload process: mode, status, requested, errors"), processed as a background job, and the
// software wizard's description of the files (docStructure, templates).

const IsoDateTime = z.iso.datetime({ offset: true });
const Id = queryIdSchema;

/**
 * What a file holds; its columns are those of the model bundle's file of the same content
 * (guide/model-bundle.md). ACCOUNTS and COST_POOLS are master data of the scenario's model
 * (shared by all its scenarios); the others are numbers of the scenario.
 */
export const UPLOAD_KINDS = [
  "ACCOUNTS",
  "ACCOUNT_VALUES",
  "COST_POOLS",
  "POOL_DRIVER_VALUES",
  "RECORDS",
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * MERGE: update the rows whose key exists, insert the others. APPEND: insert only; a key that
 * already exists is an error. REPLACE: the file becomes the whole set (the scenario's values, the
 * dimension's records, the model's accounts or pools); rows absent from the file are deleted.
 */
export const UPLOAD_MODES = ["MERGE", "APPEND", "REPLACE"] as const;
export type UploadMode = (typeof UPLOAD_MODES)[number];

const UPLOAD_STATUSES = ["PROCESSING", "PROCESSED", "ERROR", "STOPPED"] as const;

/** Accepted file name endings. */
export const UPLOAD_FORMATS = [".csv", ".xlsx"] as const;
/** At most this many errors are listed per upload; the rest are counted. */
export const UPLOAD_ERROR_CAP = 1000;
/** Default largest accepted file (UPLOAD_MAX_BYTES overrides it on the server). */
export const UPLOAD_MAX_BYTES_DEFAULT = 50 * 1024 * 1024;

/** The form fields of `POST uploads/` (multipart, next to the `file` part). */
export const UploadRequest = z.strictObject({
  scenario: Id,
  kind: z.enum(UPLOAD_KINDS),
  mode: z.enum(UPLOAD_MODES),
  /** Required for RECORDS (the dimension whose records the file holds), refused otherwise. */
  dimension: Id.optional(),
});
export type UploadRequest = z.infer<typeof UploadRequest>;

/** 202 answer of `POST uploads/`: the file is stored and its processing queued. */
export const UploadAccepted = z.object({
  id: z.number().int(),
  status: z.literal("PROCESSING"),
  /** "Process file requested", in the request's language. */
  message: z.string(),
});
export type UploadAccepted = z.infer<typeof UploadAccepted>;

export const UPLOAD_ERROR_REASONS = [
  "no_header",
  "unknown_column",
  "missing_column",
  "duplicate_column",
  "field_count",
  "required",
  "invalid_number",
  "invalid_date",
  "invalid_boolean",
  "too_long",
  "unknown_account",
  "unknown_pool",
  "unknown_pool_driver",
  "unknown_record",
  "duplicate_key",
  "already_exists",
  "pool_in_use",
  "bad_quote",
  "unclosed_quote",
  "invalid_encoding",
  "unreadable",
  "file_missing",
  "processing_failed",
  "worker_lost",
  "too_many_columns",
  "too_many_rows",
  "too_large_inflated",
  "more_errors",
] as const;
export type UploadErrorReason = (typeof UPLOAD_ERROR_REASONS)[number];

/** One problem of a file: where (line and column are 1-based; null when not tied to a cell) and why. */
export const UploadError = z.object({
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  /** The column's name in the file's header. */
  field: z.string().nullable(),
  reason: z.enum(UPLOAD_ERROR_REASONS),
  /** The reason in the request's language, with the offending value. */
  message: z.string(),
});
export type UploadError = z.infer<typeof UploadError>;

export const UploadProcess = z.object({
  id: z.number().int(),
  scenario: z.number().int(),
  kind: z.enum(UPLOAD_KINDS),
  dimension: z.number().int().nullable(),
  mode: z.enum(UPLOAD_MODES),
  status: z.enum(UPLOAD_STATUSES),
  file_name: z.string(),
  requested_at: IsoDateTime,
  /** Display name of the requester (e-mail when nameless); null once that user is deleted. */
  requested_by: z.string().nullable(),
  finished_at: IsoDateTime.nullable(),
  /** 0..1 */
  progress: z.number().min(0).max(1),
  rows_done: z.number().int(),
  /** Rows of the file: an estimate while it is read, exact afterwards. */
  rows_total: z.number().int().nullable(),
  /** All errors found, including those beyond the listed ones. */
  errors_count: z.number().int(),
  stop_requested: z.boolean(),
});
export type UploadProcess = z.infer<typeof UploadProcess>;

/** `GET uploads/{id}/`: the process with its errors (at most UPLOAD_ERROR_CAP, then a "more" line). */
export const UploadDetail = UploadProcess.extend({ errors: z.array(UploadError) });
export type UploadDetail = z.infer<typeof UploadDetail>;

/** `GET uploads/?scenario`: newest first by default. */
export const UploadListQuery = listQuery([
  "requested_at",
  "status",
  "kind",
  "mode",
  "file_name",
  "id",
]).extend({
  scenario: Id,
  kind: z.enum(UPLOAD_KINDS).optional(),
  status: z.enum(UPLOAD_STATUSES).optional(),
  dimension: Id.optional(),
});
export const UploadPage = page(UploadProcess);
export type UploadPage = z.infer<typeof UploadPage>;

// Software wizard: the expected files ----------------------------------------------------------

/** CODE: the row's key; REFERENCE: the key of another file's row (see `references`). */
const COLUMN_TYPES = ["CODE", "TEXT", "DECIMAL", "DATE", "BOOLEAN", "REFERENCE"] as const;

export const DocColumn = z.object({
  name: z.string(),
  type: z.enum(COLUMN_TYPES),
  required: z.boolean(),
  /** For REFERENCE columns: the kind whose key it holds (RECORDS: of `dimension`). */
  references: z.enum(["ACCOUNTS", "COST_POOLS", "POOL_DRIVERS", "RECORDS"]).nullable(),
  /** For references to records: the code of the dimension. */
  dimension: z.string().nullable(),
});
export type DocColumn = z.infer<typeof DocColumn>;

export const DocFile = z.object({
  kind: z.enum(UPLOAD_KINDS),
  /** Name of the file in a model bundle (records/<dimension code>.csv for records). */
  file_name: z.string(),
  /** For RECORDS: the dimension. */
  dimension: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  /** Columns that identify a row (what MERGE matches on and APPEND refuses twice). */
  key: z.array(z.string()),
  columns: z.array(DocColumn),
  /** One example row, in column order: the model's own data where it has some. */
  example: z.array(z.string()),
});
export type DocFile = z.infer<typeof DocFile>;

export const DocStructureQuery = z.object({ model: Id });
export const DocStructure = z.object({
  model: z.number().int(),
  formats: z.array(z.string()),
  separators: z.array(z.string()),
  encodings: z.array(z.string()),
  max_bytes: z.number().int(),
  modes: z.array(z.enum(UPLOAD_MODES)),
  files: z.array(DocFile),
});
export type DocStructure = z.infer<typeof DocStructure>;

export const TemplateParams = z.object({ kind: z.enum(UPLOAD_KINDS) });
export const TemplateQuery = z.object({ model: Id, dimension: Id.optional() });

// Server-side texts of the `uploads` namespace ---------------------------------------------------

type Tree = { [key: string]: string | Tree };
const UPLOAD_MESSAGES: Record<Language, Tree> = {
  en: enUploads,
  ar: arUploads,
  es: esUploads,
  pt: ptUploads,
};

/** `uploads.<key>` in `language` (English when missing), `{{name}}` filled from `values`. */
export function uploadMessage(
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const find = (tree: Tree) => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };
  const text = find(UPLOAD_MESSAGES[language]) ?? find(UPLOAD_MESSAGES[DEFAULT_LANGUAGE]) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
