import type { DatabaseClient } from "@costflow/db/client";
import { createTestDatabase } from "@costflow/db/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobQueue, type Job, type JobQueue } from "../src/jobs/queue.ts";
import { eventually } from "./helpers/test-app.ts";

// The queue on the real database of this run (PGlite, or PostgreSQL with DATABASE_URL).
let database: DatabaseClient;
let queue: JobQueue;
beforeAll(async () => {
  database = await createTestDatabase();
  queue = createJobQueue(database);
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

const fast = { pollingIntervalSeconds: 0.5 };

describe("job queue", () => {
  it("delivers the data of a sent job to its worker", async () => {
    const seen: Job<{ n: number }>[] = [];
    await queue.work<{ n: number }>("test.deliver", async (job) => void seen.push(job), fast);
    const id = await queue.send("test.deliver", { n: 7 });
    expect(id).toEqual(expect.any(String));
    await eventually(async () => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ id, name: "test.deliver", data: { n: 7 }, retryCount: 0 });
  });

  it("retries a failed job after a delay, then completes it", async () => {
    const attempts: number[] = [];
    await queue.work(
      "test.retry",
      async () => {
        attempts.push(Date.now());
        if (attempts.length === 1) throw new Error("first attempt fails");
      },
      fast,
    );
    await queue.send("test.retry", {}, { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false });
    await eventually(async () => expect(attempts).toHaveLength(2), 15_000);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
  });

  it("marks the last attempt, and a job failing every attempt stops being retried", async () => {
    const flags: boolean[] = [];
    await queue.work<object>(
      "test.exhaust",
      async (job) => {
        flags.push(job.isLastAttempt);
        throw new Error("always fails");
      },
      fast,
    );
    await queue.send("test.exhaust", {}, { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false });
    await eventually(async () => expect(flags).toEqual([false, true]), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(flags).toEqual([false, true]);
  });

  it("runs jobs of one queue concurrently up to the worker's concurrency", async () => {
    let running = 0;
    let peak = 0;
    let done = 0;
    await queue.work(
      "test.concurrent",
      async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 1200));
        running--;
        done++;
      },
      { ...fast, concurrency: 2 },
    );
    await queue.send("test.concurrent", { a: 1 });
    await queue.send("test.concurrent", { a: 2 });
    await eventually(async () => expect(done).toBe(2), 15_000);
    expect(peak).toBe(2);
  });

  it("drains a backlog without waiting a polling interval per job", async () => {
    let done = 0;
    // Default polling (2 s): twenty jobs one poll apart would take 40 s.
    await queue.work("test.backlog", async () => void done++);
    const started = Date.now();
    for (let i = 0; i < 20; i++) await queue.send("test.backlog", { i });
    await eventually(async () => expect(done).toBe(20), 15_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("keeps one waiting job per singleton key in a queue of policy short", async () => {
    await queue.define("test.singleton", { policy: "short" });
    const first = await queue.send(
      "test.singleton",
      {},
      { singletonKey: "scenario-1", startAfterSeconds: 60 },
    );
    const second = await queue.send(
      "test.singleton",
      {},
      { singletonKey: "scenario-1", startAfterSeconds: 60 },
    );
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(
      await queue.send("test.singleton", {}, { singletonKey: "scenario-2", startAfterSeconds: 60 }),
    ).toEqual(expect.any(String));
  });

  it("stop() waits for a running job to finish", async () => {
    const own = createJobQueue(database);
    await own.start();
    let finished = false;
    let started = false;
    await own.work(
      "test.graceful",
      async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        finished = true;
      },
      fast,
    );
    await own.send("test.graceful", {});
    await eventually(async () => expect(started).toBe(true));
    await own.stop();
    expect(finished).toBe(true);
  });
});
