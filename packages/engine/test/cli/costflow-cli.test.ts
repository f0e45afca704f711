// Spawns the real command line (bin/costflow.mjs) as a user would.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generateModel } from "../../src/bench/generate-model.ts";
import { readBundle } from "../../src/bundle/read-bundle.ts";
import { calculate } from "../../src/calc/calculate.ts";
import { buildSummary } from "../../src/summary/build-summary.ts";
import { acceptanceBundle, REPO_ROOT } from "../support/shared-fixtures.ts";

const bin = join(REPO_ROOT, "packages/engine/bin/costflow.mjs");
const fixtures = fileURLToPath(new URL("../fixtures/", import.meta.url));

const temps: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "costflow-cli-"));
  temps.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(temps.map((d) => rm(d, { recursive: true, force: true })));
});

function costflow(...args: string[]) {
  return costflowWith(process.env, ...args);
}

function costflowWith(env: NodeJS.ProcessEnv, ...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    timeout: 120_000,
    env,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else out.push(rel);
  }
  return out.sort();
}

describe("costflow calc", () => {
  it("calculates the TDABC acceptance bundle and writes the results summary", async () => {
    const json = join(await tempDir(), "summary.json");
    const r = costflow("calc", acceptanceBundle("tdabc-customer-service"), "--json", json);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("TDABC customer service: Quarter (USD");
    expect(r.stdout).toMatch(/3 Cost pools to activities\s+560,000\.00\s+462,880\.00\s+97,120\.00\s+-\s+OK/);
    expect(r.stdout).toContain("Checks: all OK");
    const summary = JSON.parse(await readFile(json, "utf8"));
    // The streamed file holds exactly what buildSummary built.
    const model = await readBundle(acceptanceBundle("tdabc-customer-service"));
    expect(summary).toEqual(JSON.parse(JSON.stringify(buildSummary(model, calculate(model)))));
    expect(summary.records.CUST.C1.cost).toBe(155040);
    expect(summary.tdabc.CS.unused_capacity_cost).toBe(97120);
  });

  it("runs the README's example on the bundle shipped in examples/ (works in a fresh clone)", async () => {
    const readme = await readFile(join(REPO_ROOT, "README.md"), "utf8");
    const line = /^npx costflow calc (\S+) --json (\S+)$/m.exec(readme);
    expect(line, "README has an `npx costflow calc <bundle> --json <file>` line").not.toBeNull();
    const bundle = line![1]!;
    expect(bundle.startsWith("examples/")).toBe(true);
    expect(existsSync(join(REPO_ROOT, bundle))).toBe(true);
    const json = join(await tempDir(), "summary.json");
    const r = costflow("calc", bundle, "--json", json);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Checks: all OK");
    expect(JSON.parse(await readFile(json, "utf8")).records.CUST.C1.cost).toBe(155040);
  });

  it("prints the top profitable and unprofitable records of dimensions with a P&L", () => {
    const r = costflow("calc", join(fixtures, "bundles/distribution"));
    expect(r.stdout).toMatch(/Profit by CUSTOMERS \(line NET/);
    expect(r.stdout).toContain("Top 10 profitable");
    expect(r.stdout).toContain("Top 10 unprofitable");
  });

  it("prints bundle errors with file, line and column and exits 2", async () => {
    const dir = join(await tempDir(), "bad");
    await cp(join(fixtures, "bundles/distribution"), dir, { recursive: true });
    await cp(join(fixtures, "bundle-errors/bad-number"), dir, { recursive: true });
    const r = costflow("calc", dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'records/ORDER_LINES.csv, line 3, column 4 (quantity): "1,5" is not a number (use . as decimal separator)',
    );
  });

  it("rejects wrong usage with exit code 64", () => {
    const r = costflow("calc");
    expect(r.code).toBe(64);
    expect(r.stderr).toContain("calc needs exactly one bundle");
  });
});

describe("costflow bench generate", () => {
  it("writes identical files for the same seed and size", async () => {
    const root = await tempDir();
    const a = join(root, "a");
    const b = join(root, "b");
    expect(costflow("bench", "generate", "--size", "S", "--seed", "7", "--out", a).code).toBe(0);
    expect(costflow("bench", "generate", "--size", "S", "--seed", "7", "--out", b).code).toBe(0);
    const files = await listFiles(a);
    expect(files).toEqual(await listFiles(b));
    expect(files).toContain("records/ORDER_LINES.csv");
    for (const f of files) expect(await readFile(join(b, f)), f).toEqual(await readFile(join(a, f)));
    // A different seed gives different records (checked in process: no third bundle to write).
    const other = generateModel("S", 8).records.get("ORDERS")!.relations.get("CUSTOMERS_ID")!.index;
    const same = generateModel("S", 7).records.get("ORDERS")!.relations.get("CUSTOMERS_ID")!.index;
    expect(Array.from(other)).not.toEqual(Array.from(same));
    // The generated bundle reads, calculates with every check OK, and has the promised shape.
    const model = await readBundle(a);
    expect(model.records.get("ORDER_LINES")!.identifiers).toHaveLength(100_000);
    expect(model.records.get("ORDER_LINES")!.relations.get("PRODUCTS_ID")!.dangling).toEqual([]);
    expect(model.activities.filter((x) => x.isTdabc)).toHaveLength(2);
    expect(model.poolDrivers.filter((d) => d.isTdabc)).toHaveLength(1);
    expect(model.rules.step5.length).toBeGreaterThan(0);
    expect(model.rules.step6.length).toBeGreaterThan(0);
    const result = calculate(model);
    expect(result.checks.every((c) => c.ok)).toBe(true);
    expect(result.checks.map((c) => c.step)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(existsSync(join(a, "bench.json"))).toBe(true);
  }, 180_000);
});

describe("costflow bench run", () => {
  it("runs each calculation in a fresh process started with malloc asking for huge pages", () => {
    const bundle = acceptanceBundle("tdabc-customer-service");
    const env = { ...process.env };
    delete env.GLIBC_TUNABLES;
    delete env.COSTFLOW_HUGE_PAGES;
    const asked = costflowWith(env, "bench", "run", bundle, "--runs", "2");
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(/^Benchmark of .*: 2 runs, each in a fresh process/);
    expect(asked.stdout.match(/^run \d: .*, malloc huge pages requested$/gm)).toHaveLength(2);
    expect(asked.stdout).toMatch(/^median: read .* calc .* peak RSS /m);
    // Switched off: the children get the environment as it is.
    const off = costflowWith({ ...env, COSTFLOW_HUGE_PAGES: "0" }, "bench", "run", bundle, "--runs", "1");
    expect(off.code).toBe(0);
    expect(off.stdout).toMatch(/^run 1: .*, malloc huge pages not requested$/m);
  }, 120_000);
});
