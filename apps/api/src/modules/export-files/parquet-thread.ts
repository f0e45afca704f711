import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { createDatabase } from "@costflow/db/client";
import { biStarSchema } from "./bi-star-schema.ts";
import { writerContext } from "./export-writer.ts";
import { writeParquetFile } from "./parquet-tables.ts";
import type { FromParquetThread, ParquetThreadInput, ToParquetThread } from "./parquet-thread-protocol.ts";

// The BI Parquet writer's second lane (parquet-tables.ts): the tables it is given one at a time,
// each into its file, over its own connections, while the writer's thread does the others.

const input = workerData as ParquetThreadInput;
const port = parentPort!;
const post = (message: FromParquetThread) => port.postMessage(message);
const stop = new AbortController();
/** The writer's answer to the last `next`: a table's index, or null when none is left. */
let answer: ((table: number | null) => void) | null = null;
port.on("message", (message: ToParquetThread) => {
  if (message.type === "stop") stop.abort();
  else answer?.(message.type === "write" ? message.table : null);
});
const nextTable = () =>
  new Promise<number | null>((resolve) => {
    answer = resolve;
    post({ type: "next" });
  });

const database = await createDatabase({
  url: input.database.url,
  schema: input.database.schema,
  poolSize: 2,
  migrate: false,
});
try {
  const schema = await biStarSchema(writerContext(database), input.companyId, input.scenario);
  if (
    schema?.calculationId !== input.calculationId ||
    schema.reportCalculationId !== input.reportCalculationId
  )
    throw new Error("The scenario was calculated again while its BI template was being exported");
  let stopped = false;
  for (let i = await nextTable(); i !== null; i = await nextTable()) {
    const written = await writeParquetFile(
      schema.tables[i]!,
      join(input.folder, `${i}.parquet`),
      async (rows) => post({ type: "rows", rows }),
      stop.signal,
    );
    if (!written) {
      stopped = true;
      break;
    }
    post({ type: "table", table: i });
  }
  post(stopped ? { type: "stopped" } : { type: "done" });
} catch (error) {
  const e = error as Error;
  post({ type: "failed", message: e?.message ?? String(error), ...(e?.stack ? { stack: e.stack } : {}) });
} finally {
  await database.close();
  port.close();
}
