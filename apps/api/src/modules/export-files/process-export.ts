import type { ExportDataType, ExportErrorReason } from "@costflow/contract/export-files";
import type { ExportFileView } from "@costflow/db/repositories/export-files";
import type { AppContext } from "../../context.ts";
import { holdLease, type Lease } from "../../lib/run-lease.ts";
import { type ExportJob, exportLeaseSeconds, fileKey, fileStore } from "./export-settings.ts";
import { threadedWriter } from "./export-thread-client.ts";
import { ExportRefused, ExportStopped } from "./export-writer.ts";
import { EXPORT_WRITERS } from "./export-writers.ts";
import { notifyExportDone } from "./notify-export.ts";

/** Files this process is writing: alive by definition, so its own reaper leaves them alone. */
export const runningExports = new Set<number>();

/** Progress is written at most this often (each write also brings back a stop request). */
const PROGRESS_EVERY_MS = 1000;

/**
 * Test-only (apps/api/test/exports/stop-and-failure.test.ts): awaited on every progress report of
 * a running writer, before the throttle. The tests of a stop and of a failure in the middle of a
 * file act through it while the writer is running, which a real file of the acceptance bundles
 * is too short to allow otherwise. Never set outside tests.
 */
export const exportTestHooks: { duringWrite?: (fileId: number) => Promise<void> } = {};

type Outcome =
  | { status: "PROCESSED"; sizeBytes: number }
  | { status: "ERROR"; reason: ExportErrorReason; params?: Record<string, string | number> };

/**
 * The job of one file (docs/exports.md, "Pipeline"): claims the file once with a lease a timer
 * renews, runs the writer of its data_type into a temporary file of the file store, and publishes
 * the file (rename) only when the writer finished and no stop came. A stop, a refusal or a failure
 * ends the file in ERROR with its temporary file removed; a file claimed before (its worker died)
 * is never written again. The job is never retried. The user who asked is notified either way.
 */
export async function processExport(ctx: AppContext, job: ExportJob): Promise<void> {
  const files = ctx.repos.exportFiles;
  const file = await files.find(job.companyId, job.fileId);
  if (file?.status !== "PROCESSING") return;
  const leaseSeconds = exportLeaseSeconds();
  const claim = await files.claim(file.companyId, file.id, leaseSeconds);
  if (claim === "gone") return;
  const key = fileKey(file.companyId, file.id);
  let outcome: Outcome;
  if (claim === "started") {
    outcome = { status: "ERROR", reason: "worker_lost" };
  } else {
    runningExports.add(file.id);
    // The lease: the writer's progress calls beat at most once a second (with the progress); the
    // timer renews it every third of the lease for a writer that reports nothing for a while. A
    // stop request found by either aborts the writer.
    const lease = holdLease(
      async (progress) =>
        (await files.heartbeat(file.companyId, file.id, leaseSeconds, progress?.fraction)).stopRequested,
      {
        everyMs: (leaseSeconds * 1000) / 3,
        onError: (error) => ctx.log.warn({ err: error, fileId: file.id }, "export lease not renewed"),
      },
    );
    try {
      outcome = await run(ctx, file, key, lease);
    } finally {
      lease.release();
      runningExports.delete(file.id);
    }
  }
  const ended =
    outcome.status === "PROCESSED"
      ? await files.finish(file.companyId, file.id, {
          status: "PROCESSED",
          filePath: key,
          sizeBytes: outcome.sizeBytes,
        })
      : await files.finish(file.companyId, file.id, {
          status: "ERROR",
          error: outcome.reason,
          ...(outcome.params ? { params: outcome.params } : {}),
        });
  if (!ended) {
    // Stopped, deleted or reaped meanwhile: whatever was published goes.
    await fileStore().remove(key);
    return;
  }
  if (outcome.status === "ERROR") await fileStore().remove(key);
  await notifyExportDone(
    ctx,
    file,
    outcome.status === "PROCESSED"
      ? outcome
      : { status: "ERROR", reason: outcome.reason, ...(outcome.params ? { params: outcome.params } : {}) },
  );
}

async function run(ctx: AppContext, file: ExportFileView, key: string, lease: Lease): Promise<Outcome> {
  const kind = file.kind as ExportDataType;
  const write = EXPORT_WRITERS[kind] && (threadedWriter(ctx, kind) ?? EXPORT_WRITERS[kind]);
  if (!write) return { status: "ERROR", reason: "failed" };
  if (file.stopRequested) return { status: "ERROR", reason: "stopped" };
  const stored = await fileStore().create(key);
  let last = 0;
  // The writer's progress: kept for the next heartbeat; at most once a second a heartbeat is
  // awaited here, so a stop asked for meanwhile ends the writer at this point.
  const progress = async (fraction: number) => {
    if (exportTestHooks.duringWrite) await exportTestHooks.duringWrite(file.id);
    if (lease.signal.aborted) throw new ExportStopped();
    lease.progress({ fraction, message: "" });
    const now = Date.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    if (await lease.beat()) throw new ExportStopped();
  };
  try {
    await write(ctx, file, stored.stream, progress, lease.signal);
    // A stop asked for before the file is published wins, even one that came after the writer's
    // last heartbeat (its progress beats at most once a second).
    if (lease.signal.aborted || (await lease.beat())) throw new ExportStopped();
    const sizeBytes = await stored.commit();
    return { status: "PROCESSED", sizeBytes };
  } catch (error) {
    await stored.abort();
    if (error instanceof ExportStopped || lease.signal.aborted) return { status: "ERROR", reason: "stopped" };
    if (error instanceof ExportRefused)
      return { status: "ERROR", reason: error.reason, params: error.params };
    ctx.log.error({ err: error, fileId: file.id }, "export failed");
    return { status: "ERROR", reason: "failed" };
  }
}
