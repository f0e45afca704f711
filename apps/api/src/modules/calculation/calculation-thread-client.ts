import type { ModelData } from "@costflow/engine/model/types";
import { ChunkStreams } from "../../lib/chunk-streams.ts";
import { spareThreads } from "../../lib/spare-thread.ts";
import type { CodeIds, LogEvent, RunOutput, RunPlan, ThreadMessage } from "./run-plan.ts";

// The main thread's side of a calculation thread: start it, relay its progress and logs, publish
// its phase outputs (their tables' bytes arrive as streams while the thread builds them:
// lib/chunk-streams.ts), let the caller raise the stop flag, and resolve with how the thread ended.

export type ThreadOutcome =
  | { kind: "done" }
  | { kind: "stopped"; step: number | null }
  | { kind: "failed"; code: string; message: string; details: unknown };

export interface CalculationThread {
  done: Promise<ThreadOutcome>;
  /** Asks the engine to stop at its next check. */
  stop(): void;
}

const ENTRY = new URL("../../worker/calculation-thread.mjs", import.meta.url);
const HEAP_MB = 4096;

/** Threads of calculations, one started ahead of time (lib/spare-thread.ts). */
const threads = spareThreads(ENTRY, () => HEAP_MB);

/** Starts the spare thread (idempotent); an idle spare never keeps the process alive. */
export function prewarmCalculationThread(): void {
  threads.prewarm();
}

export function stopSpareThread(): Promise<number> | undefined {
  return threads.stop();
}

export interface ThreadOptions {
  plan: RunPlan;
  /** PostgreSQL: the thread loads the scenario by itself. Null: `model` and `ids` are given. */
  database: { url: string; schema: string } | null;
  model?: ModelData;
  ids?: CodeIds;
  onProgress(fraction: number, key: string, values: Record<string, string | number>): void;
  onLog(log: LogEvent): void;
  /**
   * A phase's output to publish here (called in order, one at a time); its tables' chunks are
   * read as the thread builds them. `counted` resolves once the output's row counts (`stats` of
   * the steps, complete only when the thread has built every row) are in, or the thread ended.
   */
  onOutput(output: RunOutput, counted: Promise<void>): Promise<void>;
}

/** A table the thread did not finish: the publication reading it stops (its transaction rolls back). */
class ThreadEnded extends Error {
  constructor() {
    super("the calculation thread ended before its output was complete");
  }
}

/** The output as posted (each table's chunks a stream id), with the streams to read them from. */
function withStreams(posted: unknown, streams: ChunkStreams): RunOutput {
  const output = posted as RunOutput;
  const tables = output.phase === "reports" ? output.data.tables : output.tables;
  for (const t of tables) t.chunks = streams.read((t as unknown as { stream: number }).stream);
  return output;
}

export function startCalculationThread(options: ThreadOptions): CalculationThread {
  const stopFlag = new SharedArrayBuffer(4);
  const credits = new SharedArrayBuffer(4);
  const streams = new ChunkStreams(credits);
  const stop = () => Atomics.store(new Int32Array(stopFlag), 0, 1);
  const worker = threads.take();
  worker.postMessage({
    plan: options.plan,
    stopFlag,
    credits,
    database: options.database,
    model: options.model ?? null,
    ids: options.ids ?? null,
  });
  let outcome: ThreadOutcome | null = null;
  /** The steps' output being published: its row counts arrive after its streams. */
  let steps: Extract<RunOutput, { phase: "steps" }> | null = null;
  let counted = () => {};
  // Phase outputs are handled one after the other, in the order they came.
  let handled: Promise<void> = Promise.resolve();
  let handlerError: unknown = null;
  const handle = (work: () => Promise<void>) => {
    // A phase is published only if every phase before it was: after a failure the thread may
    // already have sent the next one (it builds while the main thread writes).
    handled = handled
      .then(() => (handlerError ? undefined : work()))
      .catch((error) => {
        handlerError ??= error;
        // Nothing more of this run is published: the thread stops, what it still sends is dropped.
        streams.discardAll();
        stop();
      });
  };
  const done = new Promise<ThreadOutcome>((resolve) => {
    worker.on("message", (message: ThreadMessage) => {
      switch (message.type) {
        case "progress":
          options.onProgress(message.fraction, message.key, message.values);
          break;
        case "log":
          options.onLog(message.log);
          break;
        case "computed": {
          const output = withStreams(message.output, streams);
          let arrived = Promise.resolve();
          if (output.phase === "steps") {
            steps = output;
            arrived = new Promise<void>((resolve) => {
              counted = resolve;
            });
          }
          handle(() => options.onOutput(output, arrived));
          break;
        }
        case "stats":
          // Posted after the steps' last stream.
          if (steps) steps.stats = message.stats;
          counted();
          break;
        case "chunk":
        case "end":
          streams.receive(message);
          break;
        default:
          outcome = endingOf(message) ?? outcome;
          if (outcome) counted();
          if (outcome && outcome.kind !== "done") streams.abandon(new ThreadEnded());
      }
    });
    worker.on("error", (error) => {
      outcome ??= { kind: "failed", code: "WORKER_CRASHED", message: error.message, details: {} };
    });
    worker.on("exit", async (code) => {
      counted();
      streams.abandon(new ThreadEnded());
      await handled;
      // A publication cut short because the thread stopped or failed ends as the thread did.
      if (handlerError instanceof ThreadEnded && outcome) handlerError = null;
      if (handlerError) {
        resolve(handlerFailure(handlerError));
        return;
      }
      resolve(
        outcome ?? {
          kind: "failed",
          code: "WORKER_CRASHED",
          message: `calculation thread exited with ${code}`,
          details: {},
        },
      );
    });
  });
  return {
    done,
    stop,
  };
}

/** How the thread says it ended (done, stopped or failed); null for its other messages. */
function endingOf(message: ThreadMessage): ThreadOutcome | null {
  switch (message.type) {
    case "done":
      return { kind: "done" };
    case "stopped":
      return { kind: "stopped", step: message.step };
    case "failed":
      return {
        kind: "failed",
        code: message.code,
        message: message.message,
        details: message.details,
      };
    default:
      return null;
  }
}

/** A run whose output could not be handled here fails with the handler's error. */
function handlerFailure(handlerError: unknown): ThreadOutcome {
  const e = handlerError as Error & { cause?: { message?: string } };
  const reason = e?.cause?.message ? ` (${e.cause.message})` : "";
  return {
    kind: "failed",
    code: "INTERNAL",
    message: `${e?.message ?? String(e)}${reason}`,
    details: {},
  };
}
