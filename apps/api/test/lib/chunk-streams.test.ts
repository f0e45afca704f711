import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { type ChunkMessage, ChunkStreams } from "../../src/lib/chunk-streams.ts";

// A run's COPY bytes go from the calculation thread to the main thread as streams (ChunkSender in
// a real thread, ChunkStreams here): whole and in order, never more in flight than the limit
// (plus the chunk that crossed it), and a stream the thread did not finish fails its reader.

const ENTRY = new URL("../fixtures/chunk-sender-thread.mjs", import.meta.url);

function startSender(limitKb: number, streams: [number, number][]) {
  const credits = new SharedArrayBuffer(4);
  const stopFlag = new SharedArrayBuffer(4);
  const receiver = new ChunkStreams(credits);
  const worker = new Worker(ENTRY, { workerData: { credits, stopFlag, limitKb, streams } });
  const sent = new Promise<boolean>((resolve, reject) => {
    worker.on("message", (m: ChunkMessage | { type: "sent"; complete: boolean }) => {
      if (m.type === "sent") resolve(m.complete);
      else receiver.receive(m);
    });
    worker.on("error", reject);
  });
  return {
    receiver,
    sent,
    inFlightKb: () => Atomics.load(new Int32Array(credits), 0),
    stop: () => Atomics.store(new Int32Array(stopFlag), 0, 1),
    worker,
  };
}

const fillOf = (stream: number, i: number) => (stream * 31 + i) % 251;

describe("chunk streams between threads", () => {
  it("delivers every stream whole and in order, holding the sender at the in-flight limit", async () => {
    // 2 MiB chunks (moved between threads) and 100 KiB ones (copied), against a 4 MiB limit.
    const shapes: [number, number][] = [
      [2 << 20, 12],
      [100 << 10, 30],
      [2 << 20, 5],
    ];
    const sender = startSender(4096, shapes);
    let most = 0;
    for (const [s, [bytes, count]] of shapes.entries()) {
      let i = 0;
      for await (const chunk of sender.receiver.read(s)) {
        most = Math.max(most, sender.inFlightKb());
        expect(chunk.byteLength).toBe(bytes);
        expect(chunk[0]).toBe(fillOf(s, i));
        expect(chunk[bytes - 1]).toBe(fillOf(s, i));
        i++;
        // A slow database: the sender must wait for the reads.
        await sleep(5);
      }
      expect(i).toBe(count);
    }
    expect(await sender.sent).toBe(true);
    // Held back: at most the limit plus the chunk that crossed it, never the 34 MiB sent.
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(4096 + 2048);
    expect(sender.inFlightKb()).toBe(0);
    await sender.worker.terminate();
  });

  it("fails the reader of a stream the thread left unfinished, and frees what was queued", async () => {
    const sender = startSender(1024, [[512 << 10, 1000]]);
    const reader = sender.receiver.read(0);
    const first = await reader.next();
    expect(first.done).toBe(false);
    sender.stop();
    expect(await sender.sent).toBe(false);
    sender.receiver.abandon(new Error("thread ended"));
    await expect(
      (async () => {
        for await (const _ of reader) {
          // drain what had arrived
        }
      })(),
    ).rejects.toThrow("thread ended");
    expect(sender.inFlightKb()).toBe(0);
    await sender.worker.terminate();
  });

  it("drops what arrives once the publication gave up, so the sender never waits on it", async () => {
    const sender = startSender(1024, [
      [512 << 10, 40],
      [512 << 10, 40],
    ]);
    const reader = sender.receiver.read(0);
    await reader.next();
    sender.receiver.discardAll();
    await reader.return(undefined);
    // Without the discard the sender would wait for 19 MiB of reads that never come.
    expect(await sender.sent).toBe(true);
    expect(sender.inFlightKb()).toBe(0);
    await sender.worker.terminate();
  });
});
