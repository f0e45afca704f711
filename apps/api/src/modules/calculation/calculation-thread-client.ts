import type { ModelData } from "@costflow/engine/model/types";
import { spareThreads } from "../../lib/spare-thread.ts";
import type { CodeIds, LogEvent, RunOutput, RunPlan, ThreadMessage } from "./run-plan.ts";

// The main thread's side of a calculation thread: start it, relay its progress, logs and phase
// outputs, let the caller raise the stop flag, and resolve with how the thread ended.

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
  /** PostgreSQL: the thread loads and publishes by itself. Null: `model` and `ids` are given. */
  database: { url: string; schema: string } | null;
  model?: ModelData;
  ids?: CodeIds;
  onProgress(fraction: number, key: string, values: Record<string, string | number>): void;
  onLog(log: LogEvent): void;
  /** PGlite: a phase's output to publish here (called in order, one at a time). */
  onOutput(output: RunOutput): Promise<void>;
  /** PostgreSQL: a phase the thread published. */
  onPublished(phase: "steps" | "reports", status: string, ms: number, rows: number): Promise<void>;
}

export function startCalculationThread(options: ThreadOptions): CalculationThread {
  const stopFlag = new SharedArrayBuffer(4);
  const worker = threads.take();
  worker.postMessage({
    plan: options.plan,
    stopFlag,
    database: options.database,
    model: options.model ?? null,
    ids: options.ids ?? null,
  });
  let outcome: ThreadOutcome | null = null;
  // Phase outputs are handled one after the other, in the order they came.
  let handled: Promise<void> = Promise.resolve();
  let handlerError: unknown = null;
  const handle = (work: () => Promise<void>) => {
    handled = handled.then(work).catch((error) => {
      handlerError ??= error;
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
        case "computed":
          handle(() => options.onOutput(message.output as RunOutput));
          break;
        case "published":
          handle(() => options.onPublished(message.phase, message.status, message.ms, message.rows));
          break;
        default:
          outcome = endingOf(message) ?? outcome;
      }
    });
    worker.on("error", (error) => {
      outcome ??= { kind: "failed", code: "WORKER_CRASHED", message: error.message, details: {} };
    });
    worker.on("exit", async (code) => {
      await handled;
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
    stop: () => {
      Atomics.store(new Int32Array(stopFlag), 0, 1);
    },
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
