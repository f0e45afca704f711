import { Worker } from "node:worker_threads";
import { jobSettings } from "../config.ts";

/**
 * Worker threads of one entry, one kept started ahead of time: loading tsx and compiling the code
 * a thread runs takes one to three seconds, paid while the process is idle instead of in a job.
 * The calculation threads and the upload reading threads are taken this way. An idle spare never
 * keeps the process alive, and one that fails before it is taken is replaced at the next take.
 * With spare threads turned off (config.ts, SPARE_THREADS=0) every take starts its thread.
 */
export function spareThreads(entry: URL, heapMb: () => number) {
  let spare: { worker: Worker; alive: boolean } | null = null;

  function spawn(): { worker: Worker; alive: boolean } {
    const worker = new Worker(entry, {
      // Not the parent's flags (vitest's or tsx's loaders): the entry registers tsx itself.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: heapMb() },
    });
    const started = { worker, alive: true };
    worker.once("exit", () => {
      started.alive = false;
    });
    return started;
  }

  return {
    /** Starts the spare (idempotent; nothing when spare threads are off). */
    prewarm(): void {
      if (spare?.alive || !jobSettings().spareThreads) return;
      spare = spawn();
      spare.worker.unref();
      // Errors of a taken thread are read by its user; an idle spare that fails is replaced.
      spare.worker.on("error", () => {});
    },
    /** The spare if it is alive, else a new thread; referenced (it keeps the process alive). */
    take(): Worker {
      const taken = spare?.alive ? spare : spawn();
      spare = null;
      taken.worker.ref();
      return taken.worker;
    },
    /** Ends the spare (shutdown). */
    stop(): Promise<number> | undefined {
      const current = spare;
      spare = null;
      return current?.worker.terminate();
    },
  };
}
