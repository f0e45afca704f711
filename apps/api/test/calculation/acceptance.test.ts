import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readBundle } from "@costflow/engine/bundle/read-bundle";
import { calculate } from "@costflow/engine/calc/calculate";
import { buildSummary } from "@costflow/engine/summary/build-summary";
import { acceptanceBundle } from "@costflow/engine/test-support/shared-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { allRows, type Call, importBundle, waitForRun } from "./helpers.ts";

// The two shared acceptance bundles, imported through the API, calculated with calculate-all
// through the real queue and worker thread, and every figure of their expected.json read back
// through the result calls and the summary.

let t: TestApp;
let call: Call;
let access: string;
beforeAll(async () => {
  t = await startTestApp();
  access = (await login(t.app, "admin@costflow.demo")).access;
  call = as(t.app, access);
});
afterAll(async () => t?.close());

async function calculateAll(scenario: number) {
  const requested = await call("POST", "/calculation/calculate-all/", { scenario });
  expect(requested.statusCode, requested.body).toBe(201);
  const body = requested.json();
  expect(body).toMatchObject({ status: "REQUESTED", message: "Calculate requested successfully" });
  expect(body.task_id).toEqual(expect.any(String));
  const run = await waitForRun(call, scenario, body.calculation_id);
  expect(run.status, JSON.stringify(run.error)).toBe("FINISHED");
  return run;
}

describe("reciprocal support departments", () => {
  const dir = acceptanceBundle("reciprocal-support-departments");
  const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8"));
  let scenario: number;

  beforeAll(async () => {
    scenario = (await importBundle(t.app, access, dir)).scenario;
    await calculateAll(scenario);
  });

  it("gives the reciprocal totals and flows of step 2 through the result calls", async () => {
    const bySource = await allRows<{
      source_ext_id: string;
      original_amount: number;
      unallocated_amount: number;
    }>(call, `/calculation/indirect-results/by-source/?scenario=${scenario}`);
    const totals = Object.fromEntries(bySource.map((r) => [r.source_ext_id, r.original_amount]));
    expect(totals).toEqual(expected.step2.indirect_pool_totals);
    expect(bySource.reduce((s, r) => s + r.unallocated_amount, 0)).toBe(expected.step2.unallocated);

    const rows = await allRows<{
      source_ext_id: string;
      destination_ext_id: string;
      amount: number;
      reciprocal: boolean;
    }>(call, `/calculation/indirect-results/?scenario=${scenario}`);
    const flows = rows.map((r) => ({
      source: r.source_ext_id,
      destination: r.destination_ext_id,
      amount: r.amount,
      ...(r.reciprocal ? { reciprocal: true } : {}),
    }));
    expect(flows).toEqual(expect.arrayContaining(expected.step2.flows));
    expect(flows).toHaveLength(expected.step2.flows.length);

    const step3 = await allRows<{ source_ext_id: string; original_amount: number }>(
      call,
      `/calculation/direct-results/by-source/?scenario=${scenario}`,
    );
    expect(Object.fromEntries(step3.map((r) => [r.source_ext_id, r.original_amount]))).toEqual(
      expected.step2.direct_pool_totals,
    );
  });

  it("serves the summary with the same figures, equal to the engine's own summary", async () => {
    const response = await call("GET", `/calculation/summary/?scenario=${scenario}`);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json();
    for (const [pool, total] of Object.entries(expected.step2.indirect_pool_totals)) {
      expect(summary.pools[pool].total).toBe(total);
    }
    for (const [pool, total] of Object.entries(expected.step2.direct_pool_totals)) {
      expect(summary.pools[pool].total).toBe(total);
    }
    for (const flow of expected.step2.flows) {
      expect(summary.flows).toContainEqual({ step: 2, ...flow });
    }
    const model = await readBundle(dir);
    expect(summary).toEqual(JSON.parse(JSON.stringify(buildSummary(model, calculate(model)))));
  });
});

describe("TDABC customer service", () => {
  const dir = acceptanceBundle("tdabc-customer-service");
  const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8"));
  let scenario: number;

  beforeAll(async () => {
    scenario = (await importBundle(t.app, access, dir)).scenario;
    await calculateAll(scenario);
  });

  it("gives the time-driven rows of step 3", async () => {
    const rows = await allRows<Record<string, number | string>>(
      call,
      `/calculation/direct-results/time-driven/?scenario=${scenario}`,
    );
    const e = expected.step3_time_driven;
    expect(rows).toHaveLength(Object.keys(e.activities).length);
    for (const row of rows) {
      const activity =
        e.activities[
          row.destination_name === "Process customer orders"
            ? "ORD"
            : row.destination_name === "Handle customer inquiries"
              ? "INQ"
              : "CRD"
        ];
      expect(row.source_capacity).toBe(e.capacity);
      expect(row.cost_per_minute).toBeCloseTo(e.cost_per_minute, 10);
      expect(row.cost_per_unit).toBeCloseTo(activity.cost_per_unit, 10);
      expect(row.quantity).toBe(activity.quantity);
      expect(row.capacity).toBe(activity.minutes_used);
      expect(row.time_driven_amount).toBe(activity.time_driven_amount);
      expect(row.unallocated_capacity).toBe(e.unallocated_capacity_minutes);
    }
    const summary = (await call("GET", `/calculation/summary/?scenario=${scenario}`)).json();
    expect(summary.tdabc.CS).toMatchObject({
      capacity: e.capacity,
      cost_per_minute: e.cost_per_minute,
      unallocated_capacity: e.unallocated_capacity_minutes,
      unused_capacity_cost: e.unused_capacity_cost,
    });
  });

  it("gives the cost per customer (step 4 aggregated, step 5 records) and the total assigned", async () => {
    const aggregated = await allRows<{ transaction_id: string; amount: number }>(
      call,
      `/calculation/activity-results/get-aggregated/?scenario=${scenario}`,
    );
    expect(Object.fromEntries(aggregated.map((r) => [r.transaction_id, r.amount]))).toEqual(
      expected.step4_cost_by_customer,
    );
    const records = await allRows<{ transaction_id: string; cost: number }>(
      call,
      `/calculation/dimension-results/?scenario=${scenario}`,
    );
    expect(Object.fromEntries(records.map((r) => [r.transaction_id, r.cost]))).toEqual(
      expected.step4_cost_by_customer,
    );
    const byDestination = await allRows<{ amount: number }>(
      call,
      `/calculation/activity-results/by-destination/?scenario=${scenario}`,
    );
    expect(byDestination.reduce((s, r) => s + r.amount, 0)).toBeCloseTo(
      expected.total_assigned_to_customers,
      6,
    );
    const summary = (await call("GET", `/calculation/summary/?scenario=${scenario}`)).json();
    for (const [id, cost] of Object.entries(expected.step4_cost_by_customer)) {
      expect(summary.records.CUST[id].cost).toBe(cost);
    }
  });
});
