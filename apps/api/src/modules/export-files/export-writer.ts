import type { Writable } from "node:stream";
import type { ExportErrorReason } from "@costflow/contract/export-files";
import type { DatabaseClient } from "@costflow/db/client";
import type { ExportFileView } from "@costflow/db/repositories/export-files";
import { type AppContext, createRepositories } from "../../context.ts";

/**
 * Reports how far the file is (0..1). Throttled by the pipeline; rejects with ExportStopped once
 * a stop was requested (or the file was deleted), so a writer awaiting it simply ends.
 */
export type ExportProgress = (fraction: number) => Promise<void>;

/**
 * Writes one file of the pipeline to `out` (the file store's temporary file): the entries of
 * EXPORT_WRITERS (export-writers.ts). `file` is the file row with the request's parameters in
 * `options`; `signal` aborts on a stop. Throw ExportRefused to end the file in ERROR with a reason
 * the user reads; anything else thrown ends it in ERROR `failed` (logged). The pipeline ends `out`
 * and publishes the file only when the promise resolves.
 */
export type ExportWriter = (
  ctx: AppContext,
  file: ExportFileView,
  out: Writable,
  progress: ExportProgress,
  signal: AbortSignal,
) => Promise<void>;

/** A stop was requested: the file ends in ERROR `stopped`, nothing kept. */
export class ExportStopped extends Error {
  constructor() {
    super("export stopped");
  }
}

/** The file cannot be made for a reason the user is told (export_file.<reason> in errors.json). */
export class ExportRefused extends Error {
  constructor(
    readonly reason: ExportErrorReason,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`export refused: ${reason}`);
  }
}

/**
 * The context of a writer away from the API (an export thread, a profiling script): the writers
 * read through the repositories only (and log); tokens, queue and configuration have no meaning there.
 */
export function writerContext(database: DatabaseClient): AppContext {
  return {
    database,
    db: database.db,
    repos: createRepositories(database.db),
    log: console,
  } as unknown as AppContext;
}
