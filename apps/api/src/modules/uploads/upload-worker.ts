import type { AppContext } from "../../context.ts";
import { processUpload } from "./process-upload.ts";
import { UPLOAD_QUEUE, type UploadJob } from "./upload-settings.ts";

/**
 * The worker of uploaded files. One file at a time per process: a big file keeps a core busy, and
 * more workers scale out as processes.
 */
export async function startUploadWorker(ctx: AppContext): Promise<void> {
  await ctx.queue.work<UploadJob>(UPLOAD_QUEUE, (job) => processUpload(ctx, job.data, job.isLastAttempt), {
    concurrency: 1,
    pollingIntervalSeconds: 1,
  });
}
