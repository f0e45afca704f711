import { readBundle } from "@costflow/engine/bundle/read-bundle";
import { calculate } from "@costflow/engine/calc/calculate";
import type { CalcResult } from "@costflow/engine/calc/result-types";
import type { ModelData } from "@costflow/engine/model/types";
import { buildSummary } from "@costflow/engine/summary/build-summary";
import { fixtureBundle } from "@costflow/engine/test-support/shared-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_SETTINGS } from "../../src/modules/calculation/run-calculation.ts";
import { as, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { allRows, type Call, importBundle, waitForRun } from "./helpers.ts";

// Every result view of a model using all six steps (the engine's distribution fixture: pushes
// customers -> orders -> order lines, a calculated driver pushed down, a dangling reference,
// records without children), checked against the engine's own result for the same bundle.

const BUNDLE = fixtureBundle("distribution");

let t: TestApp;
let call: Call;
let access: string;
let scenario: number;
let runId: number;
let model: ModelData;
let result: CalcResult;
const major = (minor: number) => minor / 100;

beforeAll(async () => {
  t = await startTestApp();
  access = (await login(t.app, "admin@costflow.demo")).access;
  call = as(t.app, access);
  scenario = (await importBundle(t.app, access, BUNDLE)).scenario;
  const response = await call("POST", "/calculation/calculate-all/", { scenario });
  runId = response.json().calculation_id;
  expect((await waitForRun(call, scenario, runId)).status).toBe("FINISHED");
  model = await readBundle(BUNDLE);
  result = calculate(model);
});
afterAll(async () => t?.close());

describe("steps 1 to 3", () => {
  it("lists every rule row with its source's original and allocated amounts and status", async () => {
    const rows = await allRows<Record<string, unknown>>(
      call,
      `/calculation/account-results/?scenario=${scenario}`,
    );
    expect(rows).toHaveLength(result.step1.rows.length);
    for (const [i, r] of result.step1.rows.entries()) {
      expect(rows[i]).toMatchObject({
        source_ext_id: r.source,
        destination_ext_id: r.destination,
        amount: major(r.amount),
        original_amount: major(r.originalAmount),
        allocated_amount: major(r.allocatedAmount),
        status: r.status,
        reciprocal: false,
      });
    }
    const bySource = await allRows<Record<string, unknown>>(
      call,
      `/calculation/account-results/by-source/?scenario=${scenario}`,
    );
    expect(bySource.map((r) => [r.source_ext_id, r.unallocated_amount, r.status])).toEqual(
      result.accounts.map((a) => [a.code, major(a.unallocated), a.status]),
    );
    const byDestination = await allRows<{ destination_ext_id: string; amount: number }>(
      call,
      `/calculation/direct-results/by-destination/?scenario=${scenario}&ordering=-amount`,
    );
    const expected = new Map<string, number>();
    for (const f of result.step3.flows)
      expected.set(f.destination, (expected.get(f.destination) ?? 0) + f.amount);
    expect(Object.fromEntries(byDestination.map((r) => [r.destination_ext_id, r.amount]))).toEqual(
      Object.fromEntries([...expected].map(([k, v]) => [k, major(v)])),
    );
    expect(byDestination.map((r) => r.amount)).toEqual(
      [...byDestination.map((r) => r.amount)].sort((a, b) => b - a),
    );
  });

  it("flags reciprocal rows of step 2 and pages with next/previous links", async () => {
    const page = (await call("GET", `/calculation/indirect-results/?scenario=${scenario}&limit=2`)).json();
    expect(page.count).toBe(result.step2.rows.length);
    expect(page.results).toHaveLength(2);
    expect(page.previous).toBeNull();
    expect(page.next).toContain("offset=2");
    const rows = await allRows<{ reciprocal: boolean; destination_ext_id: string }>(
      call,
      `/calculation/indirect-results/?scenario=${scenario}`,
    );
    const indirect = new Set(model.pools.filter((p) => !p.isDirect).map((p) => p.code));
    for (const r of rows) expect(r.reciprocal).toBe(indirect.has(r.destination_ext_id));
    const bad = await call("GET", `/calculation/indirect-results/?scenario=${scenario}&ordering=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("ordering");
  });
});

describe("step 4", () => {
  it("gives per-record amounts of a chosen allocation (by line) and their sum per record (aggregated)", async () => {
    const activities = await allRows<{
      source: number;
      source_ext_id: string;
      allocated_amount: number;
      destination: number;
    }>(call, `/calculation/activity-results/?scenario=${scenario}`);
    expect(activities.map((a) => a.source_ext_id)).toEqual(result.activities.map((a) => a.code));
    const aggregate = new Map<string, number>();
    for (const a of result.activities) {
      const row = activities.find((r) => r.source_ext_id === a.code)!;
      expect(row.allocated_amount).toBe(major(a.allocated));
      if (!a.dimension) continue;
      const lines = await allRows<{ transaction_id: string; amount: number }>(
        call,
        `/calculation/activity-results/?scenario=${scenario}&source=${row.source}&dimension=${row.destination}`,
      );
      const identifiers = model.records.get(a.dimension)!.identifiers;
      const expected = identifiers.flatMap((id, i) => (a.amounts![i] ? [[id, major(a.amounts![i]!)]] : []));
      expect(lines.map((l) => [l.transaction_id, l.amount])).toEqual(expected);
      identifiers.forEach((id, i) => {
        const key = `${a.dimension}/${id}`;
        aggregate.set(key, (aggregate.get(key) ?? 0) + a.amounts![i]!);
      });
    }
    const aggregated = await allRows<{ transaction_id: string; dimension_name: string; amount: number }>(
      call,
      `/calculation/activity-results/get-aggregated/?scenario=${scenario}`,
    );
    const names = new Map(model.dimensions.map((d) => [d.name, d.code]));
    expect(
      Object.fromEntries(
        aggregated.map((r) => [`${names.get(r.dimension_name)}/${r.transaction_id}`, r.amount]),
      ),
    ).toEqual(Object.fromEntries([...aggregate].filter(([, v]) => v !== 0).map(([k, v]) => [k, major(v)])));
  });
});

describe("steps 5 and 6", () => {
  it("gives each record's cost after steps 4 and 5, with unallocated and kept amounts", async () => {
    const rows = await allRows<Record<string, number | string>>(
      call,
      `/calculation/dimension-results/?scenario=${scenario}`,
    );
    const names = new Map(model.dimensions.map((d) => [d.name, d.code]));
    const got = Object.fromEntries(
      rows.map((r) => [
        `${names.get(r.dimension_name as string)}/${r.transaction_id}`,
        [r.amount, r.cost, r.unallocated],
      ]),
    );
    const expected: Record<string, number[]> = {};
    for (const [code, dim] of result.dimensions) {
      dim.identifiers.forEach((id, i) => {
        expected[`${code}/${id}`] = [
          major(dim.restingCost[i]!),
          major(dim.cost[i]!),
          major(dim.unallocated[i]!),
        ];
      });
    }
    expect(got).toEqual(expected);
  });

  it("gives parent-to-child, child-to-parent, by-line and unallocated rows of every push", async () => {
    const p2c = await allRows<Record<string, string | number | null>>(
      call,
      `/calculation/dimension-results/get-parent-to-child-rows/?scenario=${scenario}`,
    );
    const c2p = await allRows<Record<string, string | number | null>>(
      call,
      `/calculation/dimension-results/get-child-to-parent-rows/?scenario=${scenario}`,
    );
    const unallocated = await allRows<Record<string, string | number | null>>(
      call,
      `/calculation/dimension-results/dimension-results-unallocated/?scenario=${scenario}`,
    );
    const expectedP2c: unknown[] = [];
    const expectedC2p: unknown[] = [];
    const expectedUnallocated: unknown[] = [];
    for (const push of result.step5) {
      const childIds = model.records.get(push.childDimension)!.identifiers;
      const parentIds = model.records.get(push.parentDimension)!.identifiers;
      push.receivedByChild!.forEach((v, c) => {
        if (v) expectedP2c.push([push.source, childIds[c], major(v)]);
      });
      push.sentByParent!.forEach((v, p) => {
        if (v) expectedC2p.push([push.source, parentIds[p], major(v)]);
      });
      push.unallocatedParents.forEach((p, k) => {
        expectedUnallocated.push([push.source, parentIds[p], major(push.unallocatedAmounts[k]!)]);
      });
    }
    const activityName = new Map(model.activities.map((a) => [a.name, a.code]));
    const shape = (rows: Record<string, string | number | null>[]) =>
      rows.map((r) => [activityName.get(r.source_name as string), r.transaction_id, r.amount]);
    expect(shape(p2c)).toEqual(expectedP2c);
    expect(shape(c2p)).toEqual(expectedC2p);
    expect(shape(unallocated)).toEqual(expectedUnallocated);
    expect(unallocated.length).toBeGreaterThan(0);
    for (const row of unallocated) {
      expect(row.original_transaction_id).toBe(row.transaction_id);
      expect(row.original_dimension_name).toBe(row.source_parent_name);
    }
    // Parent-to-child rows name the parent each amount came from.
    const orderOf = new Map(
      model.records
        .get("ORDER_LINES")!
        .identifiers.map((id, i) => [
          id,
          model.records.get("ORDER_LINES")!.relations.get("ORDERS_ID")!.index[i]!,
        ]),
    );
    const orders = model.records.get("ORDERS")!.identifiers;
    for (const row of p2c.filter((r) => r.destination_child_name === "Order lines")) {
      expect(row.parent_transaction_id).toBe(orders[orderOf.get(row.transaction_id as string)!]);
    }
    const byLine = await allRows(call, `/calculation/dimension-results/by-line/?scenario=${scenario}`);
    expect(byLine).toEqual(p2c);
  });

  it("filters calculated-driver results by category, source driver and dimension, or reads one run", async () => {
    const all = await allRows<Record<string, string | number | null>>(
      call,
      `/calculation/calculated-driver-results/?scenario=${scenario}`,
    );
    const push = result.step6[0]!;
    const childIds = model.records.get(push.childDimension)!.identifiers;
    const expected = [...push.receivedByChild!].flatMap((v, c) => (v ? [[childIds[c], major(v)]] : []));
    expect(all.filter((r) => r.category === "ALLOCATED").map((r) => [r.transaction_id, r.amount])).toEqual(
      expected,
    );
    expect(all.every((r) => r.source_driver === "freight_revenue")).toBe(true);
    const driverId = all[0]!.source as number;
    const childId = all[0]!.destination_child as number;
    const filtered = await allRows(
      call,
      `/calculation/calculated-driver-results/?scenario=${scenario}&category=ALLOCATED&source_driver=${driverId}&dimension=${childId}`,
    );
    expect(filtered).toEqual(all.filter((r) => r.category === "ALLOCATED"));
    // The name the rows carry in source_driver filters the same way; a name of no driver, nothing.
    const byName = await allRows(
      call,
      `/calculation/calculated-driver-results/?scenario=${scenario}&category=ALLOCATED&source_driver=freight_revenue&dimension=${childId}`,
    );
    expect(byName).toEqual(filtered);
    const none = await call(
      "GET",
      `/calculation/calculated-driver-results/?scenario=${scenario}&source_driver=no_such_driver`,
    );
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().count).toBe(0);
    const byRun = await allRows(call, `/calculation/calculated-driver-results/?calculation=${runId}`);
    expect(byRun).toEqual(all);
    const unallocated = await allRows<{ transaction_id: string; amount: number }>(
      call,
      `/calculation/calculated-driver-results-unallocated/?scenario=${scenario}`,
    );
    const parentIds = model.records.get(push.parentDimension)!.identifiers;
    expect(unallocated.map((r) => [r.transaction_id, r.amount])).toEqual(
      [...push.unallocatedParents].map((p, k) => [parentIds[p], major(push.unallocatedAmounts[k]!)]),
    );
    const missing = await call("GET", "/calculation/calculated-driver-results/");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe("scenario");
  });
});

describe("summary, validation report and Sankey", () => {
  it("serves exactly the engine's results summary (also gzip-encoded)", async () => {
    const response = await call("GET", `/calculation/summary/?scenario=${scenario}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(buildSummary(model, result))));
    const gz = await t.app.inject({
      method: "GET",
      url: `/api/v1/calculation/summary/?scenario=${scenario}`,
      headers: { authorization: `Bearer ${access}`, "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it("reconciles the GL total per step and lists the data issues with links", async () => {
    const report = (await call("GET", `/calculation/validation-report/?scenario=${scenario}`)).json();
    expect(report.calculation_id).toBe(runId);
    expect(report.reconciliation).toMatchObject({ difference: 0, ok: true });
    expect(report.gl_total).toBe(major(result.checks[0]!.in));
    expect(report.steps.map((s: { step: number; ok: boolean; link: string }) => [s.step, s.ok])).toEqual(
      result.checks.map((c) => [c.step, true]),
    );
    expect(report.steps[0].link).toBe("/model/scenario/first-allocation");
    const dangling = report.issues.find((i: { kind: string }) => i.kind === "DANGLING_RELATIONSHIP");
    expect(dangling).toMatchObject({ message_key: "calculation:issues.DANGLING_RELATIONSHIP" });
    const orders = await t.database.executeSql(
      "select id from dimensions where code = 'ORDERS' and model_id = $1",
      [await modelId()],
    );
    expect(dangling.link).toBe(`/model/scenario/dimension/data/${orders.rows[0]!.id}`);
    for (const issue of report.issues) expect(issue.link).toMatch(/^\/model\//);
  });

  it("draws the money from accounts to dimensions, conserving it at the first level", async () => {
    const sankey = (await call("GET", `/calculation/sankey/?scenario=${scenario}`)).json();
    const out = (prefix: string) =>
      sankey.links
        .filter((l: { source: string }) => l.source.startsWith(prefix))
        .reduce((s: number, l: { value: number }) => s + l.value, 0);
    expect(out("account:")).toBeCloseTo(major(result.checks[0]!.in), 6);
    const levels = new Set(sankey.nodes.map((n: { level: string }) => n.level));
    expect(levels).toEqual(new Set(["account", "pool", "activity", "dimension"]));
    for (const link of sankey.links) {
      expect(sankey.nodes.some((n: { id: string }) => n.id === link.source)).toBe(true);
      expect(sankey.nodes.some((n: { id: string }) => n.id === link.target)).toBe(true);
    }
  });
});

describe("detail limit", () => {
  it("answers RESULT_DETAIL_NOT_KEPT for by-line rows of a dimension over the limit", async () => {
    const saved = RUN_SETTINGS.detailLimit;
    RUN_SETTINGS.detailLimit = 4;
    try {
      const response = await call("POST", "/calculation/activity-results/generate/", { scenario });
      expect((await waitForRun(call, scenario, response.json().calculation_id)).status).toBe("FINISHED");
    } finally {
      RUN_SETTINGS.detailLimit = saved;
    }
    const activities = await allRows<{ source: number; source_ext_id: string; destination: number }>(
      call,
      `/calculation/activity-results/?scenario=${scenario}`,
    );
    const pick = activities.find((a) => a.source_ext_id === "PICK")!; // ORDER_LINES: 5 records
    const lines = await call(
      "GET",
      `/calculation/activity-results/?scenario=${scenario}&source=${pick.source}`,
    );
    expect(lines.statusCode).toBe(400);
    expect(lines.json()).toMatchObject({ code: "RESULT_DETAIL_NOT_KEPT", errors: [{ field: "source" }] });
    const visit = activities.find((a) => a.source_ext_id === "VISIT")!; // CUSTOMERS: 3 records
    expect(
      (await call("GET", `/calculation/activity-results/?scenario=${scenario}&source=${visit.source}`))
        .statusCode,
    ).toBe(200);
    // The aggregated view of the dimension over the limit says so too, instead of an empty list.
    const aggregated = await call(
      "GET",
      `/calculation/activity-results/get-aggregated/?scenario=${scenario}&dimension=${pick.destination}`,
    );
    expect(aggregated.statusCode).toBe(400);
    expect(aggregated.json()).toMatchObject({
      code: "RESULT_DETAIL_NOT_KEPT",
      errors: [{ field: "dimension" }],
    });
    const customers = await call(
      "GET",
      `/calculation/activity-results/get-aggregated/?scenario=${scenario}&dimension=${visit.destination}`,
    );
    expect(customers.statusCode).toBe(200);
    expect(customers.json().count).toBeGreaterThan(0);
  });
});

async function modelId(): Promise<number> {
  return (await call("GET", `/model/scenarios/${scenario}/`)).json().model;
}
