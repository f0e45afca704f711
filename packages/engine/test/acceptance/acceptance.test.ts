// The two textbook bundles of shared/acceptance, read with the bundle reader, calculated, and every
// figure of their expected.json checked to the minor unit.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readBundle } from "../../src/bundle/read-bundle.ts";
import { calculate } from "../../src/calc/calculate.ts";
import { buildSummary } from "../../src/summary/build-summary.ts";
import { type AcceptanceBundle, acceptanceBundle } from "../support/shared-fixtures.ts";

function load(name: AcceptanceBundle) {
  const dir = acceptanceBundle(name);
  const expected = JSON.parse(readFileSync(resolve(dir, "expected.json"), "utf8"));
  return { dir, expected };
}

/** Equal to the minor unit (cents): compare in integer minor units. */
function expectMoney(actual: number | undefined, expected: number) {
  expect(actual).toBeDefined();
  expect(Math.round(actual! * 100)).toBe(Math.round(expected * 100));
}

describe("acceptance bundles", () => {
  it("reciprocal-support-departments: every figure of expected.json", async () => {
    const { dir, expected } = load("reciprocal-support-departments");
    const model = await readBundle(dir);
    expect(model.settings.step2Strategy).toBe(expected.step2.strategy);
    const result = calculate(model);
    const summary = buildSummary(model, result);
    const e = expected.step2;
    for (const [pool, total] of Object.entries(e.indirect_pool_totals as Record<string, number>)) {
      expectMoney(summary.pools![pool]!.total, total);
    }
    for (const [pool, total] of Object.entries(e.direct_pool_totals as Record<string, number>)) {
      expectMoney(summary.pools![pool]!.total, total);
    }
    const flows2 = summary.flows!.filter((f) => f.step === 2);
    expect(flows2).toHaveLength(e.flows.length);
    for (const f of e.flows as {
      source: string;
      destination: string;
      amount: number;
      reciprocal?: boolean;
    }[]) {
      const got = flows2.find((g) => g.source === f.source && g.destination === f.destination);
      expect(got, `${f.source} -> ${f.destination}`).toBeDefined();
      expectMoney(got!.amount, f.amount);
      expect(got!.reciprocal ?? false).toBe(f.reciprocal ?? false);
    }
    const step2 = summary.checks.find((c) => c.step === 2)!;
    expectMoney(step2.unallocated, e.unallocated);
    expect(summary.checks.every((c) => c.ok)).toBe(true);
  });

  it("tdabc-customer-service: every figure of expected.json", async () => {
    const { dir, expected } = load("tdabc-customer-service");
    const model = await readBundle(dir);
    const result = calculate(model);
    const summary = buildSummary(model, result);
    const e = expected.step3_time_driven;
    const pool = summary.tdabc![e.pool]!;
    expect(pool.capacity).toBe(e.capacity);
    expectMoney(pool.cost_per_minute, e.cost_per_minute);
    expect(pool.unallocated_capacity).toBe(e.unallocated_capacity_minutes);
    expectMoney(pool.unused_capacity_cost, e.unused_capacity_cost);
    for (const [code, a] of Object.entries(
      e.activities as Record<
        string,
        { cost_per_unit: number; quantity: number; minutes_used: number; time_driven_amount: number }
      >,
    )) {
      const got = summary.activities![code]!;
      expectMoney(got.cost_per_unit, a.cost_per_unit);
      expect(got.quantity).toBe(a.quantity);
      expectMoney(got.cost, a.time_driven_amount);
      const row = result.step3.tdabcRows.find((r) => r.activity === code)!;
      expect(row.capacity).toBe(a.minutes_used);
      expect(row.timeDrivenAmount).toBe(Math.round(a.time_driven_amount * 100));
    }
    let total = 0;
    for (const [id, cost] of Object.entries(expected.step4_cost_by_customer as Record<string, number>)) {
      expectMoney(summary.records!.CUST![id]!.cost, cost);
      total += summary.records!.CUST![id]!.cost;
    }
    expectMoney(total, expected.total_assigned_to_customers);
    expect(summary.checks.every((c) => c.ok)).toBe(true);
  });
});
