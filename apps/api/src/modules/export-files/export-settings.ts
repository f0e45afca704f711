import { jobSettings } from "../../config.ts";
import { type FileStore, localFileStore } from "./file-store.ts";

/** The job queue of the file pipeline. */
export const EXPORT_QUEUE = "exports.write";

export interface ExportJob {
  fileId: number;
  companyId: number;
}

/**
 * Where files are kept (EXPORT_FILES_DIR; by default `.data/files` next to the embedded database).
 * With API and worker processes on several machines it must be a shared volume, or the store
 * replaced by an object store (file-store.ts).
 */
function exportFilesDirectory(): string {
  return jobSettings().exports.directory;
}

let store: FileStore | undefined;
let storeRoot: string | undefined;
/** The file store of this process (re-made when EXPORT_FILES_DIR changes, as tests do). */
export function fileStore(): FileStore {
  const root = exportFilesDirectory();
  if (!store || storeRoot !== root) {
    store = localFileStore(root);
    storeRoot = root;
  }
  return store;
}

/** The key of a file in the store. */
export const fileKey = (companyId: number, fileId: number) => `${companyId}/${fileId}`;

/** The lease of a file being written (EXPORT_LEASE_SECONDS, default 60), renewed every third of it. */
export const exportLeaseSeconds = () => jobSettings().exports.leaseSeconds;
/** How often each worker process looks for files whose worker died (EXPORT_REAPER_INTERVAL_MS). */
export const exportReaperIntervalMs = () => jobSettings().exports.reaperIntervalMs;
/** Rows read from the database per chunk (keyset pages). */
export const EXPORT_CHUNK_ROWS = 20_000;
/** Rows of a chunk of the BI template's large tables: one Parquet row group, so none is copied. */
export const BI_CHUNK_ROWS = 100_000;
/** A table with at most this many rows is exported at once by GET export/table/; larger ones through the pipeline. */
export const DIRECT_TABLE_MAX_ROWS = 5_000;
/** zlib level of the BI template's CSV files in their zip: the fastest (docs/exports.md, "Speed"). */
export const CSV_DEFLATE_LEVEL = 1;
