// `costflow bench generate|run`: deterministic benchmark bundles and timed runs of read + calc.

import { spawn } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isBenchProfile, isBenchSize } from "../bench/bench-sizes.ts";
import { generateBundle } from "../bench/generate-bundle.ts";
import { measureOnce, type RunMeasurement } from "../bench/measure-once.ts";
import { parseArgs, positiveInt, UsageError } from "./args.ts";
import { HUGE_PAGES_TUNABLE, hugePageEnv } from "./huge-pages.ts";
import { formatBytes } from "./progress.ts";

const BIN = fileURLToPath(new URL("../../bin/costflow.mjs", import.meta.url));

export async function benchCommand(argv: readonly string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case "generate":
      return generate(rest);
    case "run":
      return run(rest);
    case "run-once": {
      const { positionals } = parseArgs(rest, []);
      if (positionals.length !== 1) throw new UsageError("bench run-once needs one bundle");
      process.stdout.write(`${JSON.stringify(await measureOnce(positionals[0]!))}\n`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown bench command "${sub ?? ""}" (generate or run)`);
  }
}

async function generate(argv: readonly string[]): Promise<number> {
  const { positionals, options } = parseArgs(argv, ["size", "seed", "out", "profile"]);
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`);
  const size = (options.get("size") ?? "S").toUpperCase();
  if (!isBenchSize(size)) throw new UsageError(`--size must be S, M or L, not "${size}"`);
  const profile = (options.get("profile") ?? "light").toLowerCase();
  if (!isBenchProfile(profile)) throw new UsageError(`--profile must be light or dense, not "${profile}"`);
  const seed = positiveInt(options.get("seed"), "seed", 1);
  const out = options.get("out");
  if (!out) throw new UsageError("bench generate needs --out <dir>");
  const t0 = performance.now();
  await generateBundle(size, seed, out, profile);
  process.stdout.write(
    `Generated ${profile} bundle ${size} (seed ${seed}) in ${out} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  return 0;
}

/** Peak VmRSS of a child from /proc (Linux), sampled every 50 ms; 0 elsewhere. */
function watchRss(pid: number): { stop(): number } {
  let peak = 0;
  const timer = setInterval(async () => {
    try {
      const status = await readFile(`/proc/${pid}/status`, "utf8");
      const m = /VmRSS:\s+(\d+) kB/.exec(status);
      if (m) peak = Math.max(peak, Number(m[1]) * 1024);
    } catch {
      // The process has ended, or there is no /proc.
    }
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

function runChild(bundle: string): Promise<RunMeasurement & { watchedRssBytes: number }> {
  return new Promise((resolve, reject) => {
    // Started as the product's calculating processes are (huge-pages.ts).
    const child = spawn(process.execPath, [BIN, "bench", "run-once", bundle], {
      stdio: ["ignore", "pipe", "inherit"],
      env: hugePageEnv(process.env),
    });
    const watcher = watchRss(child.pid!);
    let stdout = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d: string) => {
      stdout += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const watched = watcher.stop();
      if (code !== 0) {
        reject(new Error(`bench run-once exited with code ${code}`));
        return;
      }
      resolve({
        ...(JSON.parse(stdout.trim().split("\n").pop()!) as RunMeasurement),
        watchedRssBytes: watched,
      });
    });
  });
}

/** Whether a run's GLIBC_TUNABLES asked malloc for transparent huge pages. */
const hugePagesAsked = (tunables: string | null) =>
  tunables?.split(":").includes(HUGE_PAGES_TUNABLE) === true;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function defaultRuns(bundle: string): Promise<number> {
  try {
    const info = JSON.parse(await readFile(join(bundle, "bench.json"), "utf8")) as { size?: string };
    return info.size === "L" ? 3 : 5;
  } catch {
    const info = await stat(bundle).catch(() => null);
    return info?.isFile() && info.size > 50 << 20 ? 3 : 5;
  }
}

async function run(argv: readonly string[]): Promise<number> {
  const { positionals, options } = parseArgs(argv, ["runs"]);
  if (positionals.length !== 1) throw new UsageError("bench run needs one bundle");
  const bundle = positionals[0]!;
  const runs = positiveInt(options.get("runs"), "runs", await defaultRuns(bundle)) || 1;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  process.stdout.write(
    `Benchmark of ${bundle}: ${runs} runs, each in a fresh process ` +
      `(node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(2)})\n`,
  );
  const results: (RunMeasurement & { watchedRssBytes: number })[] = [];
  for (let i = 1; i <= runs; i++) {
    const r = await runChild(bundle);
    results.push(r);
    const peak = Math.max(r.maxRssBytes, r.watchedRssBytes, r.sampledRssBytes);
    process.stdout.write(
      `run ${i}: read ${s(r.readMs)} (cpu ${s(r.readCpuMs)}), calc ${s(r.calcMs)} (cpu ${s(r.calcCpuMs)}), ` +
        `peak RSS ${formatBytes(peak)} (maxRSS ${formatBytes(r.maxRssBytes)}, sampled ${formatBytes(Math.max(r.sampledRssBytes, r.watchedRssBytes))})` +
        `, malloc huge pages ${hugePagesAsked(r.glibcTunables) ? "requested" : "not requested"}` +
        `${r.checksOk ? "" : ", CHECKS FAILED"}\n`,
    );
  }
  const peak = Math.max(...results.map((r) => Math.max(r.maxRssBytes, r.watchedRssBytes, r.sampledRssBytes)));
  process.stdout.write(
    `median: read ${s(median(results.map((r) => r.readMs)))} (cpu ${s(median(results.map((r) => r.readCpuMs)))}), ` +
      `calc ${s(median(results.map((r) => r.calcMs)))} (cpu ${s(median(results.map((r) => r.calcCpuMs)))}), ` +
      `total ${s(median(results.map((r) => r.readMs + r.calcMs)))}; records ${results[0]!.records.toLocaleString("en-US")}; ` +
      `peak RSS ${formatBytes(peak)}\n`,
  );
  return results.every((r) => r.checksOk) ? 0 : 1;
}
