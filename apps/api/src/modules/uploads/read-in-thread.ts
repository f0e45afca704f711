import { jobSettings } from "../../config.ts";
import { spareThreads } from "../../lib/spare-thread.ts";
import type { ReadReply, ReadRequest } from "./read-thread.ts";
import { type ReadCaps, type SheetRow, UnreadableFileError } from "./source-rows.ts";

// The main thread's side of an upload reading thread: one thread per file (terminated when the
// file ends, fails or is abandoned, so a stop or a hostile file never leaves work running), taken
// from a spare started ahead of time because loading tsx in a new thread takes a second or two.

const ENTRY = new URL("./read-thread.mjs", import.meta.url);
/** A workbook's parser holds shared strings and styles; past this the thread is stopped. */
const HEAP_MB = jobSettings().uploads.readerHeapMb;

/** Reading threads, one started ahead of time (lib/spare-thread.ts). */
const threads = spareThreads(ENTRY, () => HEAP_MB);

/** Starts the spare thread (idempotent); an idle spare never keeps the process alive. */
export function prewarmReadThread(): void {
  threads.prewarm();
}

export function stopSpareReadThread(): Promise<number> | undefined {
  return threads.stop();
}

/**
 * Reads an uploaded file in a thread of its own: batches of rows as the readers of the main
 * thread would give them, `onBytes` told the bytes of the file consumed. Unreadable files throw
 * UnreadableFileError (a thread that runs out of memory counts as a workbook too large once
 * inflated); leaving the loop early stops the thread.
 */
export async function* readInThread(
  path: string,
  format: "csv" | "xlsx",
  caps: ReadCaps,
  onBytes: (bytes: number) => void,
): AsyncGenerator<SheetRow[]> {
  const worker = threads.take();
  prewarmReadThread();
  let settle: ((reply: ReadReply) => void) | null = null;
  let ended: ReadReply | null = null;
  const deliver = (reply: ReadReply) => {
    const s = settle;
    settle = null;
    if (s) s(reply);
    else ended ??= reply;
  };
  worker.on("message", deliver);
  worker.on("error", (error: Error & { code?: string }) => {
    deliver(
      error.code === "ERR_WORKER_OUT_OF_MEMORY"
        ? {
            type: "unreadable",
            reason: "too_large_inflated",
            values: { maximum: HEAP_MB * 1024 * 1024 },
            line: null,
          }
        : { type: "failed", message: error.message },
    );
  });
  worker.on("exit", (code) =>
    deliver({ type: "failed", message: `upload reading thread exited with ${code}` }),
  );
  const ask = (request: ReadRequest) =>
    new Promise<ReadReply>((resolve) => {
      if (ended) return resolve(ended);
      settle = resolve;
      worker.postMessage(request);
    });

  let consumed = 0;
  try {
    let reply = await ask({ type: "open", path, format, caps });
    for (;;) {
      if (reply.type === "end") return;
      if (reply.type === "unreadable") {
        throw new UnreadableFileError(reply.reason, reply.values, reply.line);
      }
      if (reply.type === "failed") throw new Error(reply.message);
      if (reply.bytes > consumed) {
        onBytes(reply.bytes - consumed);
        consumed = reply.bytes;
      }
      if (reply.rows.length > 0) yield reply.rows;
      reply = await ask({ type: "next" });
    }
  } finally {
    worker.removeAllListeners("message");
    worker.on("error", () => {});
    await worker.terminate();
  }
}
