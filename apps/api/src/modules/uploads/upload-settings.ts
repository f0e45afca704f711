import { join } from "node:path";
import { UPLOAD_MAX_BYTES_DEFAULT } from "@costflow/contract/uploads";
import { REPO_ROOT } from "@costflow/db/client";
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

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/**
 * What one file may hold: UPLOAD_MAX_COLUMNS (default 1,000 — a records file has one column per
 * driver), UPLOAD_MAX_ROWS (default 5,000,000) and UPLOAD_MAX_INFLATED_BYTES for a workbook once
 * unpacked (default 1 GiB).
 */
export function uploadReadCaps(env: NodeJS.ProcessEnv = process.env): ReadCaps {
  return {
    columns: positive(env.UPLOAD_MAX_COLUMNS, 1000),
    rows: positive(env.UPLOAD_MAX_ROWS, 5_000_000),
    inflatedBytes: positive(env.UPLOAD_MAX_INFLATED_BYTES, 1024 ** 3),
  };
}

/**
 * The lease of a running upload (UPLOAD_LEASE_SECONDS, default 60), renewed every third of it by
 * a timer of the worker, whatever the file is doing; past it the reaper ends the upload in ERROR.
 */
export const uploadLeaseSeconds = () => positive(process.env.UPLOAD_LEASE_SECONDS, 60);
/** How often each worker process looks for uploads whose worker died (UPLOAD_REAPER_INTERVAL_MS). */
export const uploadReaperIntervalMs = () => positive(process.env.UPLOAD_REAPER_INTERVAL_MS, 15_000);
