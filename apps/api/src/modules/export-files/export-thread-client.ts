import { Worker } from "node:worker_threads";
import type { ExportDataType } from "@costflow/contract/export-files";
import type { AppContext } from "../../context.ts";
import { writeChunk } from "../../lib/write-chunk.ts";
import type { ExportThreadInput, FromExportThread, ToExportThread } from "./export-thread-protocol.ts";
import { ExportRefused, ExportStopped, type ExportWriter } from "./export-writer.ts";

// The main thread's side of an export thread (export-thread.ts): the file's writer runs there and
// this side writes the bytes it sends to the file store's stream, passes its progress to the
// pipeline (which may answer with a stop), and ends as the writer ended.

const ENTRY = new URL("./export-thread.mjs", import.meta.url);
const HEAP_MB = 2048;
/** How long a thread asked to stop after a failure or a stop may take to end before it is ended. */
const STOP_GRACE_MS = 30_000;

/** The kinds written in a thread: the BI template's, whose tables grow with the records. */
const THREADED: ReadonlySet<ExportDataType> = new Set(["BI_CSV", "BI_PARQUET", "BI_XLSX"]);

/**
 * The writer of `kind` in a thread, when this database lets a thread open its own connections
 * (PostgreSQL); null otherwise (PGlite is one in-process database: its writers run here).
 */
export function threadedWriter(ctx: AppContext, kind: ExportDataType): ExportWriter | null {
  const url = ctx.database.driver === "postgres" ? ctx.database.url : undefined;
  if (!url || !THREADED.has(kind)) return null;
  return (_ctx, file, out, progress, signal) =>
    new Promise<void>((resolve, reject) => {
      const input: ExportThreadInput = { file, database: { url, schema: ctx.database.schema } };
      const worker = new Worker(ENTRY, {
        workerData: input,
        // Not the parent's flags (vitest's or tsx's loaders): the entry registers tsx itself.
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
      });
      const send = (message: ToExportThread) => worker.postMessage(message);
      const onAbort = () => send({ type: "stop" });
      signal.addEventListener("abort", onAbort);
      // Bytes and progress are handled one after the other, in the order they came.
      let chain: Promise<void> = Promise.resolve();
      let failure: unknown = null;
      let ending: FromExportThread | null = null;
      let deadline: NodeJS.Timeout | undefined;
      const fail = (error: unknown) => {
        if (failure !== null) return;
        failure = error;
        // The file is lost either way. The thread is asked to stop, so that its writer removes its
        // temporary files and closes its connections; one that does not end in time is ended.
        send({ type: "stop" });
        deadline = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
      };
      const then = (work: () => Promise<void> | undefined) => {
        chain = chain.then(work).catch(fail);
      };
      worker.on("message", (message: FromExportThread) => {
        switch (message.type) {
          case "data":
            then(async () => {
              // After a failure the bytes are dropped, but acknowledged: the thread must not wait
              // for them on its way to its end.
              if (failure === null) await writeChunk(out, message.bytes);
              send({ type: "ack", bytes: message.bytes.byteLength });
            });
            break;
          case "progress":
            then(() => (failure === null ? progress(message.fraction) : undefined));
            break;
          default:
            ending = message;
        }
      });
      worker.on("error", (error) => {
        failure ??= error;
      });
      worker.on("exit", async (code) => {
        clearTimeout(deadline);
        signal.removeEventListener("abort", onAbort);
        await chain;
        const end = ending as FromExportThread | null;
        if (failure !== null) reject(failure);
        else if (end?.type === "done") resolve();
        else if (end?.type === "stopped") reject(new ExportStopped());
        else if (end?.type === "refused") reject(new ExportRefused(end.reason, end.params));
        else if (end?.type === "failed") {
          const error = new Error(end.message);
          if (end.stack) error.stack = end.stack;
          reject(error);
        } else reject(new Error(`export thread exited with ${code}`));
      });
    });
}
