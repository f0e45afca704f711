import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { spareThreads } from "../../src/lib/spare-thread.ts";

// The spare thread of calculations and upload reading: started ahead of time by default, and not
// at all with SPARE_THREADS=0 (how the test suites run: an app per file, most never calculate).
// Thread ids grow with each thread created: a marker thread created between the prewarm and the
// take tells which came first, whatever the machine's load.

const ENTRY = new URL("../fixtures/origin-thread.mjs", import.meta.url);
const previous = process.env.SPARE_THREADS;
afterEach(() => {
  if (previous === undefined) delete process.env.SPARE_THREADS;
  else process.env.SPARE_THREADS = previous;
});

/** The id of a thread created now. */
async function marker(): Promise<number> {
  const worker = new Worker(ENTRY);
  const id = worker.threadId;
  await worker.terminate();
  return id;
}

describe("spare threads", () => {
  it("hands out the thread started ahead of time, then starts the next one on the next prewarm", async () => {
    delete process.env.SPARE_THREADS;
    const threads = spareThreads(ENTRY, () => 64);
    threads.prewarm();
    const first = threads.take();
    expect(first.threadId).toBeLessThan(await marker());
    const mark = await marker();
    expect(first.threadId).toBeLessThan(mark);
    await first.terminate();
    threads.prewarm();
    const between = await marker();
    const second = threads.take();
    expect(second).not.toBe(first);
    expect(second.threadId).toBeGreaterThan(mark);
    expect(second.threadId).toBeLessThan(between);
    await second.terminate();
  });

  it("starts no thread ahead of time with SPARE_THREADS=0: each take starts its own", async () => {
    process.env.SPARE_THREADS = "0";
    const threads = spareThreads(ENTRY, () => 64);
    threads.prewarm();
    const mark = await marker();
    const worker = threads.take();
    expect(worker.threadId).toBeGreaterThan(mark);
    await worker.terminate();
    expect(threads.stop()).toBeUndefined();
  });
});
