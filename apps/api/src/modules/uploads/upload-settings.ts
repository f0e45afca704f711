import { join } from "node:path";
import { UPLOAD_MAX_BYTES_DEFAULT } from "@costflow/contract/uploads";
import { REPO_ROOT } from "@costflow/db/client";

/** The job queue of file processing. */
export const UPLOAD_QUEUE = "uploads.process";

export interface UploadJob {
  uploadId: number;
  companyId: number;
  /** The stored file, removed by the job even when its upload was deleted meanwhile. */
  filePath?: string;
}

/**
 * Where uploaded files wait for their job (UPLOAD_DIR; by default next to the embedded database).
 * With API and worker processes on several machines it must be a shared volume.
 */
export function uploadDirectory(): string {
  return process.env.UPLOAD_DIR || join(REPO_ROOT, ".data", "uploads");
}

/** Largest accepted file, bytes (UPLOAD_MAX_BYTES, default 50 MB as the upload page says). */
export function uploadMaxBytes(): number {
  const value = Number(process.env.UPLOAD_MAX_BYTES);
  return Number.isInteger(value) && value > 0 ? value : UPLOAD_MAX_BYTES_DEFAULT;
}

/** Rows between two progress reports (each also looks whether a stop was requested). */
export const PROGRESS_EVERY_ROWS = 5000;
/** Rows sent to the staging table per COPY. */
export const COPY_BATCH_ROWS = 5000;
