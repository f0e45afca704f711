import type { ExportErrorReason } from "@costflow/contract/export-files";
import type { ExportFileView } from "@costflow/db/repositories/export-files";

// The messages between the file pipeline's job (main thread) and an export thread
// (export-thread.ts): the thread writes the file's bytes back as they come, with its progress,
// and ends with how the writer ended; the main thread acknowledges the bytes it has written (the
// thread waits when too many are unacknowledged) and may ask the thread to stop.

export interface ExportThreadInput {
  file: ExportFileView;
  database: { url: string; schema: string };
}

export type FromExportThread =
  | { type: "data"; bytes: Uint8Array }
  | { type: "progress"; fraction: number }
  | { type: "done" }
  | { type: "stopped" }
  | { type: "refused"; reason: ExportErrorReason; params: Record<string, string | number> }
  | { type: "failed"; message: string; stack?: string };

export type ToExportThread = { type: "ack"; bytes: number } | { type: "stop" };

/** Bytes the thread may have sent and not yet seen written before it waits. */
export const EXPORT_THREAD_IN_FLIGHT = 16 << 20;
