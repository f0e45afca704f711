// Queue throughput and latency: 100 jobs sent to one queue, drained by `C` workers (default 1).
// Run: `npx tsx apps/api/bench/measure-queue.ts` (PGlite) or with DATABASE_URL for PostgreSQL.
import { createTestDatabase } from "@costflow/db/test-database";
import { createJobQueue } from "./src/jobs/queue.ts";

const db = await createTestDatabase();
const q = createJobQueue(db);
await q.start();
let got = 0;
const lat: number[] = [];
await q.work<{ at: number }>(
  "m",
  async (job) => {
    lat.push(performance.now() - job.data.at);
    got++;
  },
  { concurrency: Number(process.env.C ?? 1) },
);
const t3 = performance.now();
for (let i = 0; i < 100; i++) await q.send("m", { at: performance.now() });
const t3b = performance.now();
while (got < 100) await new Promise((r) => setTimeout(r, 20));
const t4 = performance.now();
await q.stop();
await db.close();
lat.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    db: process.env.DATABASE_URL ? "postgres" : "pglite",
    concurrency: Number(process.env.C ?? 1),
    send100Ms: Math.round(t3b - t3),
    drain100Ms: Math.round(t4 - t3),
    p50LatencyMs: Math.round(lat[50]!),
    p95LatencyMs: Math.round(lat[95]!),
  }),
);
