import { rm } from "node:fs/promises";
import { UPLOAD_ERROR_CAP } from "@costflow/contract/uploads";
import type { AppContext } from "../../context.ts";
import { startSweeper } from "../../lib/sweeper.ts";
import { notifyUploadDone } from "./notify-upload.ts";
import { processUpload, runningUploads } from "./process-upload.ts";
import { prewarmReadThread, stopSpareReadThread } from "./read-in-thread.ts";
import { UploadErrors } from "./upload-errors.ts";
import { UPLOAD_QUEUE, type UploadJob, uploadDirectory, uploadReaperIntervalMs } from "./upload-settings.ts";

/**
 * Ends in ERROR every upload still PROCESSING past its lease (its worker died: process killed,
 * machine lost), nothing written, its staged file removed, its user notified. Uploads not yet
 * started have no lease and wait for a worker. Answers how many were reaped.
 */
async function reapUploads(ctx: AppContext): Promise<number> {
  const errors = new UploadErrors(UPLOAD_ERROR_CAP);
  errors.add({ line: null, column: null, field: null, reason: "worker_lost" });
  const [error] = errors.toStored();
  const reaped = await ctx.repos.uploads.reapExpired(error!, [...runningUploads]);
  for (const { companyId, id, filePath } of reaped) {
    if (filePath?.startsWith(uploadDirectory())) await rm(filePath, { force: true });
    const upload = await ctx.repos.uploads.find(companyId, id);
    if (upload) await notifyUploadDone(ctx, upload, { status: "ERROR", rows: 0, errors: 1 });
  }
  return reaped.length;
}

/**
 * The worker of uploaded files, plus the reaper. One file at a time per process: a big file keeps
 * a core busy (its reading thread), and more workers scale out as processes. Answers a function
 * that stops the reaper and the spare reading thread.
 */
export async function startUploadWorker(ctx: AppContext): Promise<() => Promise<void>> {
  await ctx.queue.work<UploadJob>(UPLOAD_QUEUE, (job) => processUpload(ctx, job.data), {
    concurrency: 1,
    pollingIntervalSeconds: 1,
  });
  const stopSweeper = await startSweeper(ctx.log, "upload reaper", uploadReaperIntervalMs(), () =>
    reapUploads(ctx),
  );
  prewarmReadThread();
  return async () => {
    stopSweeper();
    await stopSpareReadThread();
  };
}
