// The benchmark profiles: light (the default) writes the same bytes as before profiles existed;
// dense is deterministic and has the shape docs/performance.md ("Dense profile") describes.

import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DENSE_SIZES } from "../../src/bench/bench-sizes.ts";
import { generateBenchModel, generateBundle } from "../../src/bench/generate-bundle.ts";
import { calculate } from "../../src/calc/calculate.ts";

const temps: string[] = [];
afterAll(async () => {
  await Promise.all(temps.map((d) => rm(d, { recursive: true, force: true })));
});

/** SHA-256 over every file of a folder: relative path, NUL, bytes, in path order. */
async function hashFolder(dir: string): Promise<string> {
  const files: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const e of await readdir(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path);
      else files.push(path);
    }
  };
  await walk("");
  const hash = createHash("sha256");
  for (const f of files.sort()) {
    hash.update(`${f}\0`);
    hash.update(await readFile(join(dir, f)));
  }
  return hash.digest("hex");
}

async function generated(profile: "light" | "dense", seed: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "costflow-bench-"));
  temps.push(dir);
  await generateBundle("S", seed, dir, profile);
  return hashFolder(dir);
}

describe("bench profiles", () => {
  it("light (the default) writes the bytes it wrote before profiles existed", async () => {
    // Hash of `costflow bench generate --size S --seed 7` at commit fbecdf2 (before the profiles).
    expect(await generated("light", 7)).toBe(
      "a8bafd18ceb043a7beee5f3765c43e25c301a6bb65c9666d8ccd355a271422ae",
    );
  }, 120_000);

  it("dense: same seed, same bytes; another seed, other bytes", async () => {
    const a = await generated("dense", 7);
    expect(await generated("dense", 7)).toBe(a);
    expect(await generated("dense", 8)).not.toBe(a);
  }, 180_000);

  it("dense S has the counts of its size, chained step-6 pushes and calculates with every check OK", () => {
    const n = DENSE_SIZES.S;
    const model = generateBenchModel("dense", "S", 3);
    const onDim = (d: string) => model.rules.step4.filter((r) => r.dimension === d).length;
    expect([onDim("ORDER_LINES"), onDim("ORDERS"), onDim("CUSTOMERS"), onDim("PRODUCTS")]).toEqual([
      n.step4.orderLines,
      n.step4.orders,
      n.step4.customers,
      n.step4.products,
    ]);
    const pushes = (p: string, c: string) =>
      model.rules.step5.filter((r) => r.parentDimension === p && r.childDimension === c).length;
    expect([
      pushes("ORDERS", "ORDER_LINES"),
      pushes("PRODUCTS", "ORDER_LINES"),
      pushes("CUSTOMERS", "ORDERS"),
    ]).toEqual([n.pushes.ordersToLines, n.pushes.productsToLines, n.pushes.customersToOrders]);
    // About 10% time-driven activities.
    expect(model.activities.filter((a) => a.isTdabc)).toHaveLength(6);
    expect(model.records.get("ORDER_LINES")!.identifiers).toHaveLength(n.orderLines);
    const result = calculate(model);
    expect(result.checks.every((c) => c.ok)).toBe(true);
    // rebates: customers -> orders -> order lines, both links pushing the CUSTOMERS driver.
    const rebates = result.step6.filter((p) => p.source === "rebates");
    expect(rebates.map((p) => [p.sourceDimension, p.parentDimension, p.childDimension])).toEqual([
      ["CUSTOMERS", "CUSTOMERS", "ORDERS"],
      ["CUSTOMERS", "ORDERS", "ORDER_LINES"],
    ]);
    expect(rebates[1]!.in).toBe(rebates[0]!.allocated);
    expect(result.pnl.profitLine).toBe("NET");
  }, 120_000);
});
