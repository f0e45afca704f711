import type { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { spareThreads } from "../../src/lib/spare-thread.ts";

// The spare thread of calculations and upload reading: started ahead of time by default, and not
// at all with SPARE_THREADS=0 (how the test suites run: an app per file, most never calculate).

const ENTRY = new URL("../fixtures/origin-thread.mjs", import.meta.url);
const previous = process.env.SPARE_THREADS;
afterEach(() => {
  if (previous === undefined) delete process.env.SPARE_THREADS;
  else process.env.SPARE_THREADS = previous;
});

/** When the thread started (epoch ms). */
function startedAt(worker: Worker): Promise<number> {
  return new Promise((resolve) => {
    worker.once("message", resolve);
    worker.postMessage("when");
  });
}

describe("spare threads", () => {
  it("hands out the thread started ahead of time, then starts the next one on the next prewarm", async () => {
    delete process.env.SPARE_THREADS;
    const threads = spareThreads(ENTRY, () => 64);
    threads.prewarm();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = Date.now();
    const first = threads.take();
    expect(await startedAt(first)).toBeLessThan(asked);
    await first.terminate();
    threads.prewarm();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = threads.take();
    expect(second).not.toBe(first);
    expect(await startedAt(second)).toBeLessThan(Date.now() - 100);
    await second.terminate();
  });

  it("starts no thread ahead of time with SPARE_THREADS=0: each take starts its own", async () => {
    process.env.SPARE_THREADS = "0";
    const threads = spareThreads(ENTRY, () => 64);
    threads.prewarm();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = Date.now();
    const worker = threads.take();
    expect(await startedAt(worker)).toBeGreaterThanOrEqual(asked);
    await worker.terminate();
    expect(threads.stop()).toBeUndefined();
  });
});
