import { parentPort } from "node:worker_threads";
import { createDatabase } from "@costflow/db/client";
import { CalcError, CalcStoppedError } from "@costflow/engine/calc/errors";
import type { ModelData } from "@costflow/engine/model/types";
import { createRepositories } from "../context.ts";
import { AppError } from "../lib/app-error.ts";
import { ChunkSender } from "../lib/chunk-streams.ts";
import { loadScenario } from "../modules/calculation/load-scenario.ts";
import type {
  CodeIds,
  LogEvent,
  RowStats,
  RunOutput,
  RunPlan,
  ThreadMessage,
} from "../modules/calculation/run-plan.ts";
import { RecordValueError } from "../modules/model-io/load-model-data.ts";
import { buildReportsOutput, buildStepsOutput, runEngine } from "./compute-run.ts";

// One calculation run in its own thread, so the API's event loop only awaits it.
// - Loading: on PostgreSQL the thread opens its own connection and loads the scenario; on PGlite
//   (one in-process database owned by the main thread) the main thread passes it in.
// - Publishing: the thread builds each phase's COPY bytes and streams them to the main thread,
//   which writes them in the phase's transaction (lib/chunk-streams.ts: building and writing on
//   two threads overlap; on one they took turns).
// Stop requests arrive through a shared flag that the engine's shouldStop reads between chunks.

export interface ThreadInput {
  plan: RunPlan;
  stopFlag: SharedArrayBuffer;
  /** What is in flight between the threads (lib/chunk-streams.ts). */
  credits: SharedArrayBuffer;
  database: { url: string; schema: string } | null;
  model: ModelData | null;
  ids: CodeIds | null;
}

// The thread may be started ahead of time: its run arrives as the first message.
const input = await new Promise<ThreadInput>((resolve) => parentPort!.once("message", resolve));
const flag = new Int32Array(input.stopFlag);
const post = (message: ThreadMessage) => parentPort!.postMessage(message);
const shouldStop = () => Atomics.load(flag, 0) === 1;
const log = (event: LogEvent) => post({ type: "log", log: event });
const sender = new ChunkSender(
  input.credits,
  (m, transfer) => parentPort!.postMessage(m, transfer),
  shouldStop,
  input.plan.inFlightMb * 1024,
);

let lastProgress = 0;
function progress(fraction: number, key: string, values: Record<string, string | number> = {}) {
  // Step changes always go out; within a step at most every 200 ms.
  const now = performance.now();
  if (now - lastProgress < 200 && !key.endsWith("load") && fraction < 1) return;
  lastProgress = now;
  post({ type: "progress", fraction, key, values });
}

/** PostgreSQL: the scenario loaded over the thread's own connection, closed once it is read. */
async function loadOwn(url: string, schema: string, plan: RunPlan) {
  const database = await createDatabase({ url, schema, poolSize: 1, migrate: false });
  try {
    progress(0.02, "progress.load");
    const loaded = await loadScenario(
      { db: database.db, repos: createRepositories(database.db) },
      plan.companyId,
      plan.scenarioId,
    );
    log({ level: "INFO", key: "log.loaded", values: { ms: loaded.ms, records: loaded.records } });
    return loaded;
  } finally {
    await database.close();
  }
}

async function run(): Promise<void> {
  try {
    const { plan } = input;
    let model = input.model;
    let ids = input.ids;
    if (input.database) ({ model, ids } = await loadOwn(input.database.url, input.database.schema, plan));
    if (shouldStop()) return post({ type: "stopped", step: null });
    const result = runEngine(model!, plan, {
      progress: (fraction, key, values) => progress(0.1 + 0.7 * fraction, key, values),
      log,
      shouldStop,
    });
    // Phase 1: the step results. Phase 2: the reports (the summary of a large scenario takes a
    // while; the steps are readable meanwhile).
    const phases: (() => Promise<RunOutput> | RunOutput)[] = [
      () => buildStepsOutput(model!, result, plan, ids!),
      ...(plan.reports
        ? [
            () =>
              buildReportsOutput(model!, result, plan, ids!, (done, total) =>
                progress(0.9 + (0.05 * done) / Math.max(1, total), "progress.reports", { done, total }),
              ),
          ]
        : []),
    ];
    for (const build of phases) {
      if (shouldStop()) return post({ type: "stopped", step: 7 });
      progress(build === phases[0] ? 0.82 : 0.9, "progress.save");
      const preparedAt = performance.now();
      const output = await build();
      if (!send(output)) return post({ type: "stopped", step: 7 });
      if (output.phase === "steps") {
        // Counted while the rows were built (during send): the main thread logs them when saved.
        post({ type: "stats", stats: output.stats });
        logBuilt(output.stats, plan, preparedAt);
      }
    }
    post({ type: "done" });
  } catch (error) {
    postFailure(error);
  }
}

/** The log lines of the built step results: how long building them took, the detail not kept. */
function logBuilt(stats: RowStats, plan: RunPlan, preparedAt: number): void {
  log({ level: "INFO", key: "log.prepared", values: { ms: Math.round(performance.now() - preparedAt) } });
  if (stats.detailSkipped.length) {
    log({
      level: "INFO",
      key: "log.detailSkipped",
      values: { dimensions: stats.detailSkipped.join(", "), limit: plan.detailLimit },
    });
  }
}

/**
 * A phase's output to the main thread, which publishes it: the output with each table's chunks
 * replaced by a stream id, then the streams, built while the main thread writes them. False when
 * the run was asked to stop meanwhile.
 */
function send(output: RunOutput): boolean {
  const tables = output.phase === "reports" ? output.data.tables : output.tables;
  const streams = tables.map((t) => ({ id: sender.open(), chunks: t.chunks as Iterable<Uint8Array> }));
  const posted = tables.map((t, i) => ({ ...t, chunks: [], stream: streams[i]!.id }));
  post({
    type: "computed",
    output:
      output.phase === "reports"
        ? { ...output, data: { ...output.data, tables: posted } }
        : { ...output, tables: posted },
  });
  return streams.every((s) => sender.send(s.id, s.chunks));
}

/** How the run ended when it threw: stopped, or failed with the error's code. */
function postFailure(error: unknown): void {
  if (error instanceof CalcStoppedError) post({ type: "stopped", step: error.step });
  else if (error instanceof CalcError)
    post({ type: "failed", code: error.code, message: error.message, details: error.details });
  else if (error instanceof RecordValueError) {
    post({ type: "failed", code: "RECORD_VALUE", message: error.message, details: { ...error } });
  } else if (error instanceof AppError)
    post({ type: "failed", code: error.code, message: error.message, details: {} });
  else {
    const e = error as Error & { cause?: { message?: string } };
    // Drizzle's query errors keep the database's reason in `cause`.
    const reason = e?.cause?.message ? ` (${e.cause.message})` : "";
    post({
      type: "failed",
      code: "INTERNAL",
      message: `${e?.message ?? String(error)}${reason}`,
      details: { stack: e?.stack },
    });
  }
}

await run();
