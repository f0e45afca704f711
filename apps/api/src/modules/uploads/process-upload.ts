import { rm, stat } from "node:fs/promises";
import { UPLOAD_ERROR_CAP, type UploadKind, type UploadMode } from "@costflow/contract/uploads";
import { openBulkSession } from "@costflow/db/repositories/bulk-write";
import {
  applyStage,
  checkStage,
  createStage,
  dropStage,
  lockForWriting,
  markProcessed,
  STAGE_COLUMNS,
  stageTableName,
  type UploadTarget,
  type UploadView,
} from "@costflow/db/repositories/uploads";
import type { AppContext } from "../../context.ts";
import { holdLease } from "../../lib/run-lease.ts";
import { fileColumns, type RecordDriver } from "./file-columns.ts";
import { notifyUploadDone } from "./notify-upload.ts";
import { readInThread } from "./read-in-thread.ts";
import { createRowValidator, type RowValidator } from "./row-validator.ts";
import { UnreadableFileError } from "./source-rows.ts";
import { UploadErrors } from "./upload-errors.ts";
import {
  COPY_BATCH_ROWS,
  PROGRESS_EVERY_ROWS,
  type UploadJob,
  uploadDirectory,
  uploadLeaseSeconds,
  uploadReadCaps,
} from "./upload-settings.ts";

type Outcome =
  | { status: "PROCESSED"; rows: number }
  | { status: "ERROR"; errors: UploadErrors; rows: number }
  | { status: "STOPPED"; rows: number };

/** Uploads this process is running: alive by definition, so its own reaper leaves them alone. */
export const runningUploads = new Set<number>();

/**
 * The job of one upload: reads the file as a stream (in a thread of its own), checks every row,
 * loads the good ones into a temporary staging table, lets the database check keys and
 * references, and only when no error was found writes everything in one transaction. Otherwise
 * (errors, or a stop request) nothing is written. The user who uploaded is notified of the outcome.
 *
 * The upload is claimed once, with a lease a timer renews; a worker that dies leaves the lease to
 * expire and the reaper (upload-worker.ts) ends the upload in ERROR. The job is never retried,
 * and an upload already claimed by an earlier attempt is never run again: a Replace its user
 * saw fail must not be applied later behind their back.
 */
export async function processUpload(ctx: AppContext, job: UploadJob): Promise<void> {
  const upload = await ctx.repos.uploads.find(job.companyId, job.uploadId);
  if (upload?.status !== "PROCESSING") {
    // Gone with its scenario, or already ended by an earlier attempt: only the file may be left.
    if (!upload && job.filePath?.startsWith(uploadDirectory())) await rm(job.filePath, { force: true });
    return;
  }
  const leaseSeconds = uploadLeaseSeconds();
  const claim = await ctx.repos.uploads.claim(upload.companyId, upload.id, leaseSeconds);
  if (claim === "gone") return;
  let outcome: Outcome;
  if (claim === "started") {
    const errors = new UploadErrors(UPLOAD_ERROR_CAP);
    errors.add({ line: null, column: null, field: null, reason: "worker_lost" });
    outcome = { status: "ERROR", errors, rows: 0 };
  } else {
    runningUploads.add(upload.id);
    // The lease, renewed every third of it whatever the file is doing; the reading loop also
    // records progress and sees a stop request itself (reportProgress), between batches.
    const stop = { requested: false };
    const lease = holdLease(
      async () =>
        (await ctx.repos.uploads.renewLease(upload.companyId, upload.id, leaseSeconds)).stopRequested,
      {
        everyMs: (leaseSeconds * 1000) / 3,
        onError: (error) => ctx.log.warn({ err: error, uploadId: upload.id }, "upload lease not renewed"),
      },
    );
    lease.signal.addEventListener("abort", () => {
      stop.requested = true;
    });
    try {
      outcome = await run(ctx, upload, stop);
    } catch (error) {
      ctx.log.error({ err: error, uploadId: upload.id }, "upload processing failed");
      const errors = new UploadErrors(UPLOAD_ERROR_CAP);
      errors.add({ line: null, column: null, field: null, reason: "processing_failed" });
      outcome = { status: "ERROR", errors, rows: 0 };
    } finally {
      lease.release();
      runningUploads.delete(upload.id);
    }
  }
  if (outcome.status !== "PROCESSED") {
    const ended = await ctx.repos.uploads.finishWithoutWriting(upload.companyId, upload.id, {
      status: outcome.status,
      errors: outcome.status === "ERROR" ? outcome.errors.toStored() : [],
      rowsDone: 0,
      rowsTotal: outcome.rows,
    });
    if (!ended) return;
  }
  if (upload.filePath) await rm(upload.filePath, { force: true });
  await notifyUploadDone(ctx, upload, {
    status: outcome.status,
    rows: outcome.rows,
    errors: outcome.status === "ERROR" ? outcome.errors.count : 0,
  });
}

type BulkSession = Awaited<ReturnType<typeof openBulkSession>>;
/** Where the rows are staged: the session and table, and what the rows are checked against. */
interface Stage {
  session: BulkSession;
  table: string;
  kind: UploadKind;
  drivers: RecordDriver[];
}

async function run(ctx: AppContext, upload: UploadView, stop: { requested: boolean }): Promise<Outcome> {
  if (upload.stopRequested) return { status: "STOPPED", rows: 0 };
  const errors = new UploadErrors(UPLOAD_ERROR_CAP);
  const fail = (reason: "file_missing" | "processing_failed") => {
    errors.add({ line: null, column: null, field: null, reason });
    return { status: "ERROR", errors, rows: 0 } as const;
  };

  const found = await uploadTarget(ctx, upload);
  if (!found) return fail("processing_failed");
  const { target, drivers } = found;
  const size = upload.filePath
    ? await stat(upload.filePath).then(
        (s) => s.size,
        () => null,
      )
    : null;
  if (!upload.filePath || size === null) return fail("file_missing");

  const session = await openBulkSession(ctx.database);
  const table = stageTableName(upload.id);
  try {
    await createStage(session.query, table, target.kind);
    const stage = { session, table, kind: target.kind, drivers };
    const staged = await stageRows(ctx, upload, upload.filePath, size, stage, stop, errors);
    if ("status" in staged) return staged;
    return await checkAndWrite(ctx, upload, stage, target, staged, errors);
  } finally {
    await dropStage(session.query, table).catch(() => {});
    await session.release();
  }
}

/** What the upload writes to (its scenario, dimension and relationship drivers); null when gone. */
async function uploadTarget(
  ctx: AppContext,
  upload: UploadView,
): Promise<{ target: UploadTarget; drivers: RecordDriver[] } | null> {
  const { companyId } = upload;
  const scenario = await ctx.repos.models.findScenario(companyId, upload.scenarioId);
  if (!scenario) return null;
  const kind = upload.kind as UploadKind;
  let drivers: RecordDriver[] = [];
  if (kind === "RECORDS") {
    if (upload.dimensionId === null) return null;
    drivers = await ctx.repos.uploads.listDimensionDrivers(companyId, upload.dimensionId);
  }
  const target: UploadTarget = {
    companyId,
    modelId: scenario.modelId,
    scenarioId: scenario.id,
    kind,
    dimensionId: upload.dimensionId,
    relations: drivers
      .filter((d) => d.dataType === "DIMENSION" && d.targetDimensionId !== null)
      .map((d) => ({
        name: d.name,
        targetDimensionId: d.targetDimensionId!,
        targetCode: d.targetCode ?? "",
      })),
  };
  return { target, drivers };
}

/**
 * Reads the file (in a thread of its own), checks every row against the header's columns and
 * copies the rows into the staging table in batches, recording progress; the validator and the
 * row count, or how the upload ended (stopped, or an unreadable file or header).
 */
async function stageRows(
  ctx: AppContext,
  upload: UploadView,
  filePath: string,
  size: number,
  { session, table, kind, drivers }: Stage,
  stop: { requested: boolean },
  errors: UploadErrors,
): Promise<Outcome | { validator: RowValidator; rows: number }> {
  const stageColumns = STAGE_COLUMNS[kind].map(([name]) => name);
  const xlsx = upload.fileName.toLowerCase().endsWith(".xlsx");
  const caps = uploadReadCaps();
  let bytes = 0;
  const countBytes = (n: number) => {
    bytes += n;
  };
  let rows = 0;
  let validator: RowValidator | null = null;
  let headerSeen = false;
  let batch: string[] = [];
  let nextReport = PROGRESS_EVERY_ROWS;
  const flush = async () => {
    if (batch.length === 0) return;
    const payload = batch.join("");
    batch = [];
    await session.copyIn(table, stageColumns, payload);
  };

  try {
    for await (const sheetRows of readInThread(filePath, xlsx ? "xlsx" : "csv", caps, countBytes)) {
      // Between batches: a stop seen by the lease timer ends the upload with nothing written.
      if (stop.requested) return { status: "STOPPED", rows };
      for (const row of sheetRows) {
        if (!headerSeen) {
          if (row.fields.every((f) => f.trim() === "")) continue;
          headerSeen = true;
          validator = createRowValidator({
            kind,
            columns: fileColumns(kind, drivers),
            drivers,
            header: row,
            errors,
            shortRowsAllowed: xlsx,
          });
          if (!validator) break;
          continue;
        }
        rows++;
        // Rows with bad cells are staged too (those cells empty, their errors listed): with any
        // error nothing is written, and the database checks still report the repeated keys
        // and unknown references of the whole file. Unparsable rows are left out.
        const line = validator!.stage(row);
        if (line !== null) batch.push(line);
      }
      if (headerSeen && !validator) break;
      if (batch.length >= COPY_BATCH_ROWS) await flush();
      if (rows >= nextReport) {
        nextReport = rows + PROGRESS_EVERY_ROWS;
        const fraction = Math.min(1, bytes / Math.max(1, size));
        const { stopRequested } = await ctx.repos.uploads.reportProgress(upload.companyId, upload.id, {
          // Reading is 90% of the work; the database checks and the write are the rest.
          progress: 0.9 * fraction,
          rowsDone: rows,
          rowsTotal: fraction > 0 ? Math.max(rows, Math.round(rows / fraction)) : null,
        });
        if (stopRequested) return { status: "STOPPED", rows };
      }
    }
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    errors.add({ line: error.line, column: null, field: null, reason: error.reason, values: error.values });
    return { status: "ERROR", errors, rows };
  }
  if (!headerSeen) errors.add({ line: null, column: null, field: null, reason: "no_header" });
  if (!validator) return { status: "ERROR", errors, rows };
  await flush();
  return { validator, rows };
}

/**
 * The database's checks of the staged rows (keys, references); with no error found, everything
 * is written in one transaction.
 */
async function checkAndWrite(
  ctx: AppContext,
  upload: UploadView,
  { session, table }: Stage,
  target: UploadTarget,
  { validator, rows }: { validator: RowValidator; rows: number },
  errors: UploadErrors,
): Promise<Outcome> {
  const { companyId } = upload;
  const mode = upload.mode as UploadMode;
  const { stopRequested } = await ctx.repos.uploads.reportProgress(companyId, upload.id, {
    progress: 0.9,
    rowsDone: rows,
    rowsTotal: rows,
  });
  if (stopRequested) return { status: "STOPPED", rows };
  const checked = await checkStage(session.query, table, target, mode, errors.room);
  for (const problem of checked.problems) {
    errors.add({
      line: problem.line,
      column: validator.positionOf(problem.field),
      field: problem.field,
      reason: problem.reason as Parameters<UploadErrors["add"]>[0]["reason"],
      values: problem.values,
    });
  }
  errors.addUncounted(checked.total - checked.problems.length);
  if (errors.count > 0) return { status: "ERROR", errors, rows };

  const present = validator.present;
  const written = await session.transaction(async (query) => {
    if (!(await lockForWriting(query, companyId, upload.id))) return null;
    const count = await applyStage(query, table, target, mode, present);
    await markProcessed(query, companyId, upload.id, { rowsDone: count, rowsTotal: rows });
    return count;
  });
  return written === null ? { status: "STOPPED", rows } : { status: "PROCESSED", rows: written };
}
