import { createReadStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { AppContext } from "../../context.ts";
import type { zipWriter } from "../../lib/zip-writer.ts";
import type { StarChunk, StarSchema, StarTable, StarValue } from "./bi-star-schema.ts";
import { BI_CHUNK_ROWS } from "./export-settings.ts";
import { ExportStopped } from "./export-writer.ts";
import { ParquetEncoder } from "./parquet-encoder.ts";
import type { FromParquetThread, ParquetThreadInput } from "./parquet-thread-protocol.ts";

// The Parquet files of the BI template (docs/exports.md, "BI template"): one table written as a
// Parquet file (writeParquetTable), and on PostgreSQL the tables split between two lanes, this
// thread and a table thread (parquet-thread.ts) with its own connections, each writing its
// tables into temporary files: encoding the pages is JavaScript, one core's work per lane.

const PARQUET_ROW_GROUP = BI_CHUNK_ROWS;

/**
 * One table as a Parquet file (parquet-encoder.ts: snappy, row groups of 100,000 rows, no
 * statistics), its bytes to `sink` as each row group is done. False when `signal` stopped it.
 */
export async function writeParquetTable(
  table: StarTable,
  sink: (bytes: Uint8Array) => Promise<void>,
  advance: (rows: number) => Promise<void>,
  signal: AbortSignal,
): Promise<boolean> {
  const parquet = new ParquetEncoder(table.columns, sink);
  await parquet.start();
  // Chunks gathered until a row group's rows, then joined column by column (one native concat).
  let parts: StarChunk[] = [];
  let buffered = 0;
  const writeGroup = async () => {
    if (buffered === 0) return;
    const columns =
      parts.length === 1
        ? parts[0]!.columns
        : table.columns.map((_, i) => ([] as StarValue[]).concat(...parts.map((p) => p.columns[i]!)));
    await parquet.rowGroup({ rows: buffered, columns });
    parts = [];
    buffered = 0;
  };
  for await (const chunk of table.chunks()) {
    if (signal.aborted) return false;
    parts.push(chunk);
    buffered += chunk.rows;
    if (buffered >= PARQUET_ROW_GROUP) await writeGroup();
    await advance(chunk.rows);
  }
  await writeGroup();
  await parquet.finish();
  return true;
}

/** Writes `table` into the file at `path`; false when stopped. */
export async function writeParquetFile(
  table: StarTable,
  path: string,
  advance: (rows: number) => Promise<void>,
  signal: AbortSignal,
): Promise<boolean> {
  const file = await open(path, "w");
  try {
    return await writeParquetTable(
      table,
      async (bytes) => {
        await file.write(bytes);
      },
      advance,
      signal,
    );
  } finally {
    await file.close();
  }
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}
function deferred(): Deferred {
  const d = {} as Deferred;
  d.promise = new Promise<void>((resolve, reject) => {
    d.resolve = resolve;
    d.reject = reject;
  });
  return d;
}

const THREAD = new URL("./parquet-thread.mjs", import.meta.url);
const HEAP_MB = 2048;

interface Lanes {
  ctx: AppContext;
  url: string;
  companyId: number;
  scenario: { id: number; modelId: number };
  schema: StarSchema;
  /** About the rows of each table (the largest are taken first). */
  sizes: number[];
  advance: (rows: number) => Promise<void>;
  signal: AbortSignal;
}

/**
 * The tables as Parquet files in two lanes (this thread and a table thread), then each file
 * stored in `zip` in the tables' order as soon as it and those before it are done. Each lane takes
 * the next table, the largest first, when it has written its last one: rows cost very different
 * times from table to table (a P&L value against a record's drivers read from JSON), so a split
 * fixed beforehand left one lane idle for half the export. A failure in either lane stops the
 * other; nothing is left in the temporary folder.
 */
export async function parquetInTwoLanes(lanes: Lanes, zip: ReturnType<typeof zipWriter>): Promise<void> {
  const { schema, signal } = lanes;
  const folder = await mkdtemp(join(tmpdir(), "costflow-parquet-"));
  const pathOf = (i: number) => join(folder, `${i}.parquet`);
  const queue = lanes.sizes.map((_, i) => i).sort((a, b) => lanes.sizes[b]! - lanes.sizes[a]!);
  const next = () => queue.shift();
  const failed = new AbortController();
  const stop = AbortSignal.any([signal, failed.signal]);
  const done = schema.tables.map(() => deferred());
  for (const d of done) d.promise.catch(() => {});
  const fail = (error: unknown) => {
    for (const d of done) d.reject(error);
    failed.abort();
  };
  const thread = startTableThread(lanes, next, folder, done, fail, stop);
  const local = (async () => {
    for (let i = next(); i !== undefined && !stop.aborted; i = next()) {
      if (!(await writeParquetFile(schema.tables[i]!, pathOf(i), lanes.advance, stop)))
        throw new ExportStopped();
      done[i]!.resolve();
    }
    // Stopped between two tables: the tables not taken will never be written.
    if (stop.aborted) throw new ExportStopped();
  })().catch(fail);
  try {
    for (const [i, table] of schema.tables.entries()) {
      await done[i]!.promise;
      // Parquet pages are compressed already: stored in the zip as they are.
      const entry = await zip.entry(`${table.name}.parquet`, { deflate: false });
      for await (const bytes of createReadStream(pathOf(i), { highWaterMark: 1 << 20 }))
        await entry.write(bytes as Buffer);
      await entry.end();
      await rm(pathOf(i), { force: true });
    }
  } finally {
    failed.abort();
    await Promise.allSettled([local, thread]);
    await rm(folder, { recursive: true, force: true });
  }
  if (signal.aborted) throw new ExportStopped();
}

/**
 * The table thread of the lanes: it asks for a table when free and is given `next()`'s, or told
 * to end; its tables' files resolve `done` as they are written.
 */
function startTableThread(
  lanes: Lanes,
  next: () => number | undefined,
  folder: string,
  done: Deferred[],
  fail: (error: unknown) => void,
  stop: AbortSignal,
): Promise<void> {
  const input: ParquetThreadInput = {
    database: { url: lanes.url, schema: lanes.ctx.database.schema },
    companyId: lanes.companyId,
    scenario: lanes.scenario,
    calculationId: lanes.schema.calculationId,
    reportCalculationId: lanes.schema.reportCalculationId,
    folder,
  };
  const worker = new Worker(THREAD, {
    workerData: input,
    // Not the parent's flags (vitest's or tsx's loaders): the entry registers tsx itself.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  const onStop = () => worker.postMessage({ type: "stop" });
  stop.addEventListener("abort", onStop);
  let progress: Promise<void> = Promise.resolve();
  return new Promise<void>((resolve) => {
    let ended = false;
    worker.on("message", (message: FromParquetThread) => {
      if (message.type === "rows") progress = progress.then(() => lanes.advance(message.rows)).catch(fail);
      else if (message.type === "next") {
        const table = stop.aborted ? undefined : next();
        worker.postMessage(table === undefined ? { type: "end" } : { type: "write", table });
      } else if (message.type === "table") done[message.table]!.resolve();
      else if (message.type === "stopped") fail(new ExportStopped());
      else if (message.type === "failed") {
        const error = new Error(message.message);
        if (message.stack) error.stack = message.stack;
        fail(error);
      }
      if (message.type === "done" || message.type === "stopped" || message.type === "failed") ended = true;
    });
    worker.on("error", fail);
    worker.on("exit", (code) => {
      stop.removeEventListener("abort", onStop);
      if (!ended) fail(new Error(`Parquet table thread exited with ${code}`));
      void progress.then(resolve);
    });
  });
}
