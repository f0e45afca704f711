import { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { parentPort, workerData } from "node:worker_threads";
import type { ExportDataType } from "@costflow/contract/export-files";
import { createDatabase } from "@costflow/db/client";
import {
  EXPORT_THREAD_IN_FLIGHT,
  type ExportThreadInput,
  type FromExportThread,
  type ToExportThread,
} from "./export-thread-protocol.ts";
import { ExportRefused, ExportStopped, writerContext } from "./export-writer.ts";
import { EXPORT_WRITERS } from "./export-writers.ts";

// One file of the pipeline written in its own thread (docs/exports.md, "Pipeline"): reading,
// encoding (CSV, Parquet pages, zip deflate, the workbook) and compressing take whole seconds of
// CPU at size L, which the API's event loop must not wait for. The thread opens its own database
// connections (PostgreSQL) and runs the writer of the file's kind; the bytes go back to the main
// thread, which owns the file store and the file's row.

const input = workerData as ExportThreadInput;
const port = parentPort!;
const post = (message: FromExportThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const stop = new AbortController();
let inFlight = 0;
let drained: (() => void) | null = null;
let flushed: (() => void) | null = null;
port.on("message", (message: ToExportThread) => {
  if (message.type === "stop") stop.abort();
  else {
    inFlight -= message.bytes;
    if (inFlight <= EXPORT_THREAD_IN_FLIGHT / 2 && drained) {
      drained();
      drained = null;
    }
    if (inFlight === 0 && flushed) {
      flushed();
      flushed = null;
    }
  }
});

/** The file's bytes, sent to the main thread; waits while too many are unacknowledged. */
const out = new Writable({
  write(chunk: Buffer, _encoding, done) {
    const bytes = new Uint8Array(chunk.byteLength);
    bytes.set(chunk);
    inFlight += bytes.byteLength;
    post({ type: "data", bytes }, [bytes.buffer]);
    if (inFlight <= EXPORT_THREAD_IN_FLIGHT) done();
    else drained = () => done();
  },
  // Finished once the main thread has written every byte (the workbook waits for 'finish').
  final(done) {
    if (inFlight === 0) setImmediate(done);
    else flushed = () => done();
  },
});

const database = await createDatabase({
  url: input.database.url,
  schema: input.database.schema,
  poolSize: 2,
  migrate: false,
});
try {
  const ctx = writerContext(database);
  const write = EXPORT_WRITERS[input.file.kind as ExportDataType];
  if (!write) throw new Error(`no writer for ${input.file.kind}`);
  await write(
    ctx,
    input.file,
    out,
    async (fraction) => {
      if (stop.signal.aborted) throw new ExportStopped();
      post({ type: "progress", fraction });
    },
    stop.signal,
  );
  // Some writers end the stream themselves (the workbook does).
  if (!out.writableEnded) out.end();
  await finished(out);
  post(stop.signal.aborted ? { type: "stopped" } : { type: "done" });
} catch (error) {
  if (error instanceof ExportStopped || stop.signal.aborted) post({ type: "stopped" });
  else if (error instanceof ExportRefused)
    post({ type: "refused", reason: error.reason, params: error.params });
  else {
    const e = error as Error;
    post({ type: "failed", message: e?.message ?? String(error), ...(e?.stack ? { stack: e.stack } : {}) });
  }
} finally {
  await database.close();
  // The port's listener would keep the thread alive.
  port.close();
}
