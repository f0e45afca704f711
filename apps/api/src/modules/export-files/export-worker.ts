import type { AppContext } from "../../context.ts";
import { startSweeper } from "../../lib/sweeper.ts";
import {
  EXPORT_QUEUE,
  type ExportJob,
  exportReaperIntervalMs,
  fileKey,
  fileStore,
} from "./export-settings.ts";
import { notifyExportDone } from "./notify-export.ts";
import { processExport, runningExports } from "./process-export.ts";

/**
 * Ends in ERROR (`worker_lost`) every file still PROCESSING past its lease (its worker died),
 * removes its partial file and tells its user. Files never started have no lease and wait.
 */
async function reapExports(ctx: AppContext): Promise<number> {
  const files = ctx.repos.exportFiles;
  const reaped = await files.reapExpired([...runningExports]);
  for (const { companyId, id } of reaped) {
    await fileStore().remove(fileKey(companyId, id));
    const file = await files.find(companyId, id);
    if (file) await notifyExportDone(ctx, file, { status: "ERROR", reason: "worker_lost" });
  }
  return reaped.length;
}

/**
 * The worker of the file pipeline, plus the reaper. Two files at a time per process: files are
 * mostly waiting on the database, and more workers scale out as processes. Answers a function
 * that stops the reaper.
 */
export async function startExportWorker(ctx: AppContext): Promise<() => Promise<void>> {
  await ctx.queue.work<ExportJob>(EXPORT_QUEUE, (job) => processExport(ctx, job.data), {
    concurrency: 2,
    pollingIntervalSeconds: 1,
  });
  const stopSweeper = await startSweeper(ctx.log, "export reaper", exportReaperIntervalMs(), () =>
    reapExports(ctx),
  );
  return async () => stopSweeper();
}
