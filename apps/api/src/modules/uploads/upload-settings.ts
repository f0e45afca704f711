import { jobSettings } from "../../config.ts";
import type { ReadCaps } from "./source-rows.ts";

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
  return jobSettings().uploads.directory;
}

/** Largest accepted file, bytes (UPLOAD_MAX_BYTES, default 50 MB as the upload page says). */
export function uploadMaxBytes(): number {
  return jobSettings().uploads.maxBytes;
}

/** Rows between two progress reports (each also looks whether a stop was requested). */
export const PROGRESS_EVERY_ROWS = 5000;
/** Rows sent to the staging table per COPY. */
export const COPY_BATCH_ROWS = 5000;

/**
 * What one file may hold: UPLOAD_MAX_COLUMNS (default 1,000 — a records file has one column per
 * driver), UPLOAD_MAX_ROWS (default 5,000,000) and UPLOAD_MAX_INFLATED_BYTES for a workbook once
 * unpacked (default 1 GiB).
 */
export function uploadReadCaps(env?: NodeJS.ProcessEnv): ReadCaps {
  return jobSettings(env).uploads.readCaps;
}

/**
 * The lease of a running upload (UPLOAD_LEASE_SECONDS, default 60), renewed every third of it by
 * a timer of the worker, whatever the file is doing; past it the reaper ends the upload in ERROR.
 */
export const uploadLeaseSeconds = () => jobSettings().uploads.leaseSeconds;
/** How often each worker process looks for uploads whose worker died (UPLOAD_REAPER_INTERVAL_MS). */
export const uploadReaperIntervalMs = () => jobSettings().uploads.reaperIntervalMs;
