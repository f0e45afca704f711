import { calculationsRepository } from "@costflow/db/repositories/calculations";
import { templateBundle } from "@costflow/engine/test-support/shared-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppContext, createRepositories } from "../../src/context.ts";
import { reapCalculations } from "../../src/modules/calculation/calculation-worker.ts";
import { as, createCompany, demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { allRows, type Call, importBundle, waitForRun } from "./helpers.ts";

// What a finance user's walkthrough of the result pages needs from the server (issue 12, items 9
// and 13): totals over the whole filtered set on every result page, the activities behind each
// aggregated row, what NOT_ALLOCATE kept per parent record, and a notification when a run ends.

// The demo company's model (the walkthrough's data): step 5 keeps money by NOT_ALLOCATE.
const BUNDLE = templateBundle("distribution");

/** The caller's notifications as read in `language`. */
async function notifications(language: string): Promise<{ title: string; message: string; link: string }[]> {
  const r = await t.app.inject({
    method: "GET",
    url: "/api/v1/account/notifications/?limit=100",
    headers: { authorization: `Bearer ${access}`, "accept-language": language },
  });
  return r.json().results;
}

let t: TestApp;
let call: Call;
let callB: Call;
let access: string;
let scenario: number;
const cents = (n: number) => Math.round(n * 100);
const sum = (rows: Record<string, unknown>[], field: string) =>
  rows.reduce((s, r) => s + cents(Number(r[field] ?? 0)), 0);

beforeAll(async () => {
  t = await startTestApp();
  access = (await login(t.app, "admin@costflow.demo")).access;
  call = as(t.app, access);
  scenario = (await importBundle(t.app, access, BUNDLE)).scenario;
  const run = (await call("POST", "/calculation/calculate-all/", { scenario })).json().calculation_id;
  expect((await waitForRun(call, scenario, run)).status).toBe("FINISHED");
  await createCompany(t.database, "Other Company", "owner@other.test");
  callB = as(t.app, (await login(t.app, "owner@other.test")).access);
});
afterAll(async () => t?.close());

// Each view with the columns whose totals it carries.
const VIEWS: [string, string[]][] = [
  ["/calculation/account-results/", ["amount"]],
  ["/calculation/account-results/by-source/", ["original_amount", "allocated_amount", "unallocated_amount"]],
  ["/calculation/indirect-results/by-destination/", ["amount"]],
  ["/calculation/direct-results/", ["amount"]],
  ["/calculation/activity-results/by-source/", ["original_amount", "allocated_amount", "unallocated_amount"]],
  ["/calculation/activity-results/by-destination/", ["amount"]],
  ["/calculation/activity-results/get-aggregated/", ["amount"]],
  ["/calculation/dimension-results/get-parent-to-child-rows/", ["amount"]],
  ["/calculation/dimension-results/get-child-to-parent-rows/", ["amount"]],
  ["/calculation/dimension-results/dimension-results-unallocated/", ["amount"]],
  ["/calculation/dimension-results/dimension-results-unallocated/?category=NOT_ALLOCATED", ["amount"]],
  ["/calculation/calculated-driver-results/", ["amount"]],
  ["/calculation/calculated-driver-results-unallocated/", ["amount"]],
];

describe("totals row", () => {
  it.each(VIEWS)("%s totals its adding columns over every row, not the page", async (path, fields) => {
    const sep = path.includes("?") ? "&" : "?";
    const url = `${path}${sep}scenario=${scenario}`;
    const rows = await allRows<Record<string, unknown>>(call, url);
    const first = (await call("GET", `${url}&limit=1`)).json();
    const last = (await call("GET", `${url}&limit=1&offset=${Math.max(0, rows.length - 1)}`)).json();
    for (const field of fields) {
      expect(cents(first.totals[field]), field).toBe(sum(rows, field));
      // The same on every page, whatever the page holds.
      expect(last.totals[field], field).toBe(first.totals[field]);
    }
    expect(Object.keys(first.totals).sort()).toEqual([...fields].sort());
  });

  it("totals follow the filters", async () => {
    const activities = await allRows<{ source: number; destination: number | null }>(
      call,
      `/calculation/activity-results/by-source/?scenario=${scenario}`,
    );
    const one = activities.find((a) => a.destination !== null)!;
    const url = `/calculation/activity-results/?scenario=${scenario}&source=${one.source}&dimension=${one.destination}`;
    const rows = await allRows<Record<string, unknown>>(call, url);
    expect(rows.length).toBeGreaterThan(0);
    expect(cents((await call("GET", `${url}&limit=2`)).json().totals.amount)).toBe(sum(rows, "amount"));
  });
});

describe("aggregated view", () => {
  it("names on every row the activities that sent to its record", async () => {
    const rows = await allRows<{ transaction_id: string; dimension: number; source_name: string }>(
      call,
      `/calculation/activity-results/get-aggregated/?scenario=${scenario}`,
    );
    const activities = await allRows<{ source: number; source_name: string; destination: number | null }>(
      call,
      `/calculation/activity-results/by-source/?scenario=${scenario}`,
    );
    // Expected: for each activity, the records its by-line rows reach.
    const expected = new Map<string, string[]>();
    for (const a of activities) {
      if (a.destination === null) continue;
      const lines = await allRows<{ transaction_id: string; amount: number }>(
        call,
        `/calculation/activity-results/?scenario=${scenario}&source=${a.source}&dimension=${a.destination}`,
      );
      for (const l of lines) {
        const key = `${a.destination}:${l.transaction_id}`;
        expected.set(key, [...(expected.get(key) ?? []), a.source_name]);
      }
    }
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.source_name, r.transaction_id).not.toBe("");
      expect(r.source_name.split(", ").sort()).toEqual(
        (expected.get(`${r.dimension}:${r.transaction_id}`) ?? []).sort(),
      );
    }
  });
});

describe("unallocated page", () => {
  it("lists what NOT_ALLOCATE kept per parent record, adding up to the validation report", async () => {
    const report = (await call("GET", `/calculation/validation-report/?scenario=${scenario}`)).json();
    const step5 = report.steps.find((s: { step: number }) => s.step === 5);
    expect(step5.not_allocated).toBeGreaterThan(0);
    const kept = await allRows<Record<string, unknown>>(
      call,
      `/calculation/dimension-results/dimension-results-unallocated/?scenario=${scenario}&category=NOT_ALLOCATED`,
    );
    expect(kept.length).toBeGreaterThan(0);
    for (const r of kept) {
      expect(r.category).toBe("NOT_ALLOCATED");
      // Per parent record: the row's record is the push's parent.
      expect(r.dimension_name).toBe(r.source_parent_name);
    }
    expect(sum(kept, "amount")).toBe(cents(step5.not_allocated));
    // Without a category: only what could not be allocated, as before.
    const stuck = await allRows<Record<string, unknown>>(
      call,
      `/calculation/dimension-results/dimension-results-unallocated/?scenario=${scenario}`,
    );
    for (const r of stuck) expect(r.category).toBe("UNALLOCATED");
    expect(sum(stuck, "amount")).toBe(cents(step5.unallocated));
  });

  it("refuses category ALLOCATED on the unallocated views, naming the field", async () => {
    const r = await call(
      "GET",
      `/calculation/dimension-results/dimension-results-unallocated/?scenario=${scenario}&category=ALLOCATED`,
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0].field).toBe("category");
  });

  it("company B gets 404 for company A's kept rows and totals", async () => {
    for (const path of [
      `/calculation/dimension-results/dimension-results-unallocated/?scenario=${scenario}&category=NOT_ALLOCATED`,
      `/calculation/activity-results/get-aggregated/?scenario=${scenario}`,
    ]) {
      const r = await callB("GET", path);
      expect(r.statusCode, path).toBe(404);
      expect(r.body).not.toContain("totals");
    }
  });
});

describe("run notification", () => {
  it("tells the requester, in the language they read, that the run finished", async () => {
    const done = (await notifications("es")).filter((n) => n.title === "Cálculo terminado");
    expect(done).toHaveLength(1);
    expect(done[0]!.message).toContain("terminado");
    expect(done[0]!.link).toBe("/model/scenarios/calculations");
  });

  it("tells the requester when a run's worker died (reaped in ERROR)", async () => {
    const companyId = await demoCompanyId(t.database);
    const me = (await call("GET", "/auth/users/me/")).json().id as number;
    const calculations = calculationsRepository(t.database.db);
    // A run taken by a worker that then vanished: IN_PROGRESS, lease in the past.
    const run = await calculations.createRun(companyId, {
      scenarioId: scenario,
      categories: ["ALL", "ACCOUNT_TO_COST_POOL"],
      requestedBy: me,
      options: { kind: "ALL", language: "es" },
    });
    await t.database.executeSql(
      "update calculations set status = 'IN_PROGRESS', started_at = now() - interval '5 minutes', lease_until = now() - interval '1 minute' where id = $1 or parent_id = $1",
      [run.id],
    );
    const ctx = {
      db: t.database.db,
      log: t.app.log,
      repos: createRepositories(t.database.db),
    } as unknown as AppContext;
    await reapCalculations(ctx);
    const failed = (await notifications("es")).filter((n) => n.title === "Cálculo fallido");
    expect(failed).toHaveLength(1);
    // Read in English, the same notification speaks English (rendered for the reader).
    expect((await notifications("en")).map((n) => n.title)).toContain("Calculation failed");
  });
});
