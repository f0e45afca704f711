// One benchmark run in its own process (`costflow bench run-once <bundle>`): reads and calculates
// once and reports timings and memory as one JSON line on stdout. A fresh process per run gives a
// clean peak RSS for that run.

import { readBundle } from "../bundle/read-bundle.ts";
import { calculate } from "../calc/calculate.ts";

export interface RunMeasurement {
  readMs: number;
  calcMs: number;
  /** CPU time (user + system, all threads of the process, GC helpers included) of each phase. */
  readCpuMs: number;
  calcCpuMs: number;
  /** Highest process.memoryUsage().rss sampled while reading and at the ends of read and calc. */
  sampledRssBytes: number;
  /** process.resourceUsage().maxRSS: the kernel's peak resident set size of the process. */
  maxRssBytes: number;
  records: number;
  checksOk: boolean;
  /** The process's GLIBC_TUNABLES (how its malloc was set up: cli/huge-pages.ts), or null. */
  glibcTunables: string | null;
}

export async function measureOnce(bundle: string): Promise<RunMeasurement> {
  let sampled = process.memoryUsage.rss();
  // The read is asynchronous, so a timer can sample it; the calculation is synchronous and is
  // sampled at its end (and from outside by `bench run`, which watches /proc/<pid>/status).
  const timer = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage.rss());
  }, 50);
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const c0 = cpu();
  const t0 = performance.now();
  const model = await readBundle(bundle);
  const t1 = performance.now();
  const c1 = cpu();
  clearInterval(timer);
  sampled = Math.max(sampled, process.memoryUsage.rss());
  const result = calculate(model);
  const t2 = performance.now();
  const c2 = cpu();
  sampled = Math.max(sampled, process.memoryUsage.rss());
  let records = 0;
  for (const r of model.records.values()) records += r.identifiers.length;
  return {
    readMs: t1 - t0,
    calcMs: t2 - t1,
    readCpuMs: c1 - c0,
    calcCpuMs: c2 - c1,
    sampledRssBytes: sampled,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    records,
    checksOk: result.checks.every((c) => c.ok),
    glibcTunables: process.env.GLIBC_TUNABLES ?? null,
  };
}
