import { fileURLToPath } from "node:url";
import { reportDataRepository } from "@costflow/db/repositories/report-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_SETTINGS } from "../../src/modules/calculation/run-calculation.ts";
import { type Call, importBundle, waitForRun } from "../calculation/helpers.ts";
import { as, createCompany, login, startTestApp, type TestApp } from "../helpers/test-app.ts";

// The report calls on a scenario of every P&L line category, imported through the API and
// calculated through the queue (bundles/pnl-categories). The figures, worked out by hand:
//
// Account A_OPS 1,000 -> direct pool OPS -> HANDLE 60% = 600, SERVE 40% = 400.
// Orders (CUSTOMERS_ID, qty, price; revenue = qty * price):
//   O1 C1 10 x 100 = 1,000   O2 C1 5 x 40 = 200   O3 C2 20 x 30 = 600   O4 C3 5 x 10 = 50
// HANDLE -> ORDERS by qty (40): O1 150, O2 75, O3 300, O4 75.
// SERVE -> CUSTOMERS by visits (2, 1, 1): C1 200, C2 100, C3 100.
// Lines: REV (DRI revenue), COSTS (AGG, factor -1) over HANDLE_C (ACT HANDLE) and SERVE_C
// (ACT SERVE), NET (FOR =REV+COSTS, the profit line), LOSS (FOR =NET, factor -1).
// Customers (order values roll up to their customer):
//   C1: REV 1,200  HANDLE_C 225  SERVE_C 200  COSTS -425  NET 775   LOSS -775  margin 64.583…%
//   C2: REV   600  HANDLE_C 300  SERVE_C 100  COSTS -400  NET 200   LOSS -200  margin 33.333…%
//   C3: REV    50  HANDLE_C  75  SERVE_C 100  COSTS -175  NET -125  LOSS  125  margin -250%
//   total REV 1,850, HANDLE_C 600, SERVE_C 400, COSTS -1,000, NET 850, LOSS -850
// Orders: NET 850, 125, 300, -25 (SERVE rests on customers and never flows down): total 1,250.
// Whale of customers: profits descending 775, 200, -125 of 850: cumulative 91.18%, 114.71%, 100%:
//   peak 975 / 850 = 114.70588…% at 2 of 3 records; one loss record of -125.
// Scenario "High costs" (a copy, A_OPS 2,000): HANDLE 1,200, SERVE 800, so NET per customer
//   C1 1,200 - 850 = 350, C2 600 - 800 = -200, C3 50 - 350 = -300, total -150.

const BUNDLE = fileURLToPath(new URL("./bundles/pnl-categories/", import.meta.url));

let t: TestApp;
let call: Call;
let callB: Call;
let scenario: number;
let copy: number;
/** The report runs of the scenario (calculate-all) and of its copy. */
let runs: { scenario: number; copy: number };
let model: number;
let dims: Record<string, number>;
const C = () => dims.CUSTOMERS!;
const O = () => dims.ORDERS!;

async function ok(path: string) {
  const response = await call("GET", path);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await startTestApp();
  const access = (await login(t.app, "admin@costflow.demo")).access;
  call = as(t.app, access);
  await createCompany(t.database, "Other Company", "owner@other.test");
  callB = as(t.app, (await login(t.app, "owner@other.test")).access);
  ({ scenario, model } = await importBundle(t.app, access, BUNDLE));
  const listed = await call("GET", `/dimensions/?model=${model}&limit=100`);
  dims = Object.fromEntries(listed.json().results.map((d: { code: string; id: number }) => [d.code, d.id]));

  // A second scenario of the same model with twice the operating costs.
  const duplicated = await call("POST", "/model/scenarios/duplicate/", {
    model,
    name: "High costs",
    scenario_id: scenario,
    stepsToDuplicate: [1, 2, 3, 4, 5, 6],
  });
  expect(duplicated.statusCode, duplicated.body).toBe(201);
  copy = duplicated.json().results[0].id;
  const values = await call("GET", `/cost/account-values/?scenario=${copy}&limit=100`);
  const ops = values.json().results.find((v: { account_ID: string }) => v.account_ID === "A_OPS");
  expect((await call("PATCH", `/cost/account-values/${ops.id}/`, { amount: 2000 })).statusCode).toBe(200);

  const all = await call("POST", "/calculation/calculate-all/", { scenario });
  // The copy runs the report run alone (report/reports/generate/).
  const reports = await call("POST", "/report/reports/generate/", { scenario: copy });
  expect(reports.statusCode, reports.body).toBe(201);
  expect((await waitForRun(call, scenario, all.json().calculation_id, 280_000)).status).toBe("FINISHED");
  expect((await waitForRun(call, copy, reports.json().calculation_id, 280_000)).status).toBe("FINISHED");
  runs = { scenario: all.json().calculation_id, copy: reports.json().calculation_id };
}, 300_000);
afterAll(async () => t?.close());

describe("report/pnl", () => {
  it("gives every line, profit, cost and margin of every record, and the totals", async () => {
    const page = await ok(`/report/pnl/?scenario=${scenario}&dimension=${C()}&limit=10`);
    expect(page.count).toBe(3);
    expect(page.profit_line).toBe("NET");
    expect(page.revenue_line).toBe("REV");
    expect(page.currency).toBe("EUR");
    expect(page.lines.map((l: { code: string }) => l.code)).toEqual([
      "REV",
      "COSTS",
      "HANDLE_C",
      "SERVE_C",
      "NET",
      "LOSS",
    ]);
    const rows = page.results.map((r: Record<string, unknown>) => [
      r.identifier,
      r.name,
      r.lines,
      r.profit,
      r.cost,
    ]);
    expect(rows).toEqual([
      [
        "C1",
        "Alpha",
        { REV: 1200, COSTS: -425, HANDLE_C: 225, SERVE_C: 200, NET: 775, LOSS: -775 },
        775,
        425,
      ],
      ["C2", "Beta", { REV: 600, COSTS: -400, HANDLE_C: 300, SERVE_C: 100, NET: 200, LOSS: -200 }, 200, 400],
      ["C3", "Gamma", { REV: 50, COSTS: -175, HANDLE_C: 75, SERVE_C: 100, NET: -125, LOSS: 125 }, -125, 175],
    ]);
    expect(page.results.map((r: { margin_percent: number }) => r.margin_percent)).toEqual([
      (100 * 775) / 1200,
      (100 * 200) / 600,
      -250,
    ]);
    expect(page.results.every((r: { record: number | null }) => typeof r.record === "number")).toBe(true);
    expect(page.totals).toEqual({
      lines: { REV: 1850, COSTS: -1000, HANDLE_C: 600, SERVE_C: 400, NET: 850, LOSS: -850 },
      profit: 850,
      cost: 1000,
      margin_percent: (100 * 850) / 1850,
    });
    const orders = await ok(`/report/pnl/?scenario=${scenario}&dimension=${O()}&limit=10`);
    expect(orders.results.map((r: { profit: number }) => r.profit)).toEqual([850, 125, 300, -25]);
    expect(orders.totals.lines).toEqual({
      REV: 1850,
      COSTS: -600,
      HANDLE_C: 600,
      SERVE_C: 0,
      NET: 1250,
      LOSS: -1250,
    });
  });

  it("gives the results summary's pnl, profit and whale figures", async () => {
    const summary = await ok(`/calculation/summary/?scenario=${scenario}`);
    for (const [code, id] of Object.entries(dims)) {
      const page = await ok(`/report/pnl/?scenario=${scenario}&dimension=${id}&limit=100`);
      for (const row of page.results) {
        expect(row.lines, `${code} ${row.identifier}`).toEqual(summary.pnl[code][row.identifier]);
        expect(row.profit).toBe(summary.profit[code][row.identifier]);
      }
      const whale = await ok(`/report/whale/?scenario=${scenario}&dimension=${id}`);
      expect(whale.total_profit).toBe(summary.whale[code].total_profit);
      expect(whale.peak_percent).toBe(summary.whale[code].peak_percent);
      expect(whale.peak_at_percent).toBe(summary.whale[code].peak_at_percent);
      expect(whale.points).toEqual(summary.whale[code].points);
    }
  });

  it("orders by any line both ways, page by page, as a sort of the records would", async () => {
    const all = (await ok(`/report/pnl/?scenario=${scenario}&dimension=${O()}&limit=100`)).results as {
      identifier: string;
      lines: Record<string, number>;
      profit: number;
      margin_percent: number;
    }[];
    // Every line of the dimension (orderings of constant lines, and of profit, the profit line's,
    // are not stored: record order, and the line's, stand for them).
    const head = await ok(`/report/pnl/?scenario=${scenario}&dimension=${O()}&limit=1`);
    const codes = (head.lines as { code: string }[]).map((l) => l.code);
    const { rows: stored } = await t.database.executeSql(
      `select distinct key from report_orders where dimension_id = $1 order by key`,
      [O()],
    );
    const keys = stored.map((r) => String(r.key));
    expect(keys).not.toContain("profit");
    expect(codes.some((c) => !keys.includes(`line:${c}`))).toBe(true);
    for (const field of [...codes, "profit", "margin_percent", "identifier"]) {
      const value = (r: (typeof all)[number]) =>
        field === "profit" ? r.profit : field === "margin_percent" ? r.margin_percent : r.lines[field]!;
      // Ascending with ties in identifier order; descending is the exact reverse.
      const ascending =
        field === "identifier"
          ? all.map((r) => r.identifier)
          : all
              .map((r, i) => ({ r, i }))
              .sort((a, b) => value(a.r) - value(b.r) || a.i - b.i)
              .map(({ r }) => r.identifier);
      for (const [ordering, expected] of [
        [field, ascending],
        [`-${field}`, [...ascending].reverse()],
      ] as const) {
        const walked: string[] = [];
        for (let offset = 0; offset < 4; offset++) {
          const page = await ok(
            `/report/pnl/?scenario=${scenario}&dimension=${O()}&limit=1&offset=${offset}&ordering=${ordering}`,
          );
          expect(page.count).toBe(4);
          walked.push(page.results[0].identifier);
        }
        expect(walked, ordering).toEqual(expected);
      }
    }
    // HANDLE_C ties O2 and O4 (75 each): ascending keeps them in identifier order.
    const handle = await ok(`/report/pnl/?scenario=${scenario}&dimension=${O()}&limit=2&ordering=HANDLE_C`);
    expect(handle.results.map((r: { identifier: string }) => r.identifier)).toEqual(["O2", "O4"]);
  });

  it("searches by identifier or name", async () => {
    const found = await ok(`/report/pnl/?scenario=${scenario}&dimension=${C()}&search=bet&ordering=-NET`);
    expect(found.count).toBe(1);
    expect(found.results[0].identifier).toBe("C2");
  });
});

describe("report/profitability", () => {
  it("gives the top and bottom records of a line with their share of the total", async () => {
    const top = await ok(`/report/profitability/?scenario=${scenario}&dimension=${C()}&line=NET&limit=2`);
    expect(top.side).toBe("top");
    expect(top.total).toBe(850);
    expect(
      top.results.map((r: Record<string, unknown>) => [r.rank, r.identifier, r.value, r.share_percent]),
    ).toEqual([
      [1, "C1", 775, (100 * 775) / 850],
      [2, "C2", 200, (100 * 200) / 850],
    ]);
    const bottom = await ok(
      `/report/profitability/?scenario=${scenario}&dimension=${C()}&line=LOSS&side=bottom&limit=1`,
    );
    expect(bottom.results.map((r: Record<string, unknown>) => [r.identifier, r.value])).toEqual([
      ["C1", -775],
    ]);
    // Default: top 50 (docs/reports.md, "Screens").
    const defaults = await ok(`/report/profitability/?scenario=${scenario}&dimension=${O()}&line=COSTS`);
    expect([defaults.side, defaults.limit, defaults.total]).toEqual(["top", 50, -600]);
    expect(defaults.results.map((r: { value: number }) => r.value)).toEqual([-75, -75, -150, -300]);
  });

  it("ranks by a calculated driver", async () => {
    const page = await ok(
      `/report/profitability/?scenario=${scenario}&dimension=${O()}&driver=revenue&limit=2`,
    );
    expect(page.results.map((r: Record<string, unknown>) => [r.identifier, r.value])).toEqual([
      ["O1", 1000],
      ["O3", 600],
    ]);
    expect(page.total).toBe(1850);
  });

  it("refuses an unknown line, both line and driver, and a side other than top or bottom", async () => {
    const cases: [string, string, string][] = [
      [`line=NOPE`, "line", "unknown_line"],
      [`driver=nope`, "driver", "unknown_driver"],
      [`line=NET&driver=revenue`, "driver", "line_or_driver"],
      [``, "line", "required"],
      [`line=NET&side=middle`, "side", "invalid_value"],
    ];
    for (const [params, field, reason] of cases) {
      const response = await call(
        "GET",
        `/report/profitability/?scenario=${scenario}&dimension=${C()}&${params}`,
      );
      expect(response.statusCode, params).toBe(400);
      expect(response.json().errors[0], params).toMatchObject({ field, reason });
    }
    const ordering = await call("GET", `/report/pnl/?scenario=${scenario}&dimension=${C()}&ordering=-NOPE`);
    expect(ordering.statusCode).toBe(400);
    expect(ordering.json().errors[0]).toMatchObject({ field: "ordering" });
  });
});

describe("report/whale", () => {
  it("gives the peak, the loss tail and the points with their records", async () => {
    const whale = await ok(`/report/whale/?scenario=${scenario}&dimension=${C()}`);
    expect(whale).toMatchObject({
      profit_line: "NET",
      total_profit: 850,
      peak_percent: (100 * 975) / 850,
      peak_at_percent: (100 * 2) / 3,
      loss_records: 1,
      loss_amount: -125,
      records: 3,
      note: null,
    });
    expect(whale.points).toEqual([
      [0, 0],
      [100 / 3, (100 * 775) / 850],
      [200 / 3, (100 * 975) / 850],
      [100, 100],
    ]);
    expect(whale.point_records).toEqual([null, "C1", "C2", "C3"]);
  });

  it("draws no percentages when total profit is negative, and says why", async () => {
    const whale = await ok(`/report/whale/?scenario=${copy}&dimension=${C()}`);
    expect(whale.total_profit).toBe(-150);
    expect(whale.points).toEqual([]);
    expect(whale.peak_percent).toBeNull();
    expect(whale.note_key).toBe("TOTAL_PROFIT_NEGATIVE");
    expect(whale.note).toMatch(/negative/);
  });
});

describe("report/treemap and report/waterfall", () => {
  it("keeps the largest records and merges the rest, adding up to the total", async () => {
    const map = await ok(`/report/treemap/?scenario=${scenario}&dimension=${C()}&measure=NET&limit=2`);
    expect(map.root.value).toBe(850);
    expect(
      map.root.children.map((n: Record<string, unknown>) => [n.kind, n.identifier, n.value, n.count]),
    ).toEqual([
      ["record", "C1", 775, 1],
      ["record", "C2", 200, 1],
      ["others", null, -125, 1],
    ]);
    const cost = await ok(`/report/treemap/?scenario=${scenario}&dimension=${C()}&limit=1`);
    expect(cost.measure).toBe("cost");
    expect(cost.root.children.map((n: { value: number }) => n.value)).toEqual([425, 575]);
  });

  it("splits each record over a second dimension, the unsplit rest included", async () => {
    const map = await ok(
      `/report/treemap/?scenario=${scenario}&dimension=${C()}&dimension2=${O()}&measure=NET&limit=5`,
    );
    const c1 = map.root.children[0];
    // C1's NET 775 = O1 850 + O2 125 - the serving cost resting on C1 itself (200).
    expect(c1.children.map((n: Record<string, unknown>) => [n.kind, n.identifier, n.value])).toEqual([
      ["record", "O1", 850],
      ["record", "O2", 125],
      ["unsplit", null, -200],
    ]);
    for (const node of map.root.children) {
      const sum = node.children.reduce((a: number, n: { value: number }) => a + n.value, 0);
      expect(Math.round(sum * 100) / 100, node.identifier).toBe(node.value);
    }
    const same = await call(
      "GET",
      `/report/treemap/?scenario=${scenario}&dimension=${C()}&dimension2=${C()}`,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().errors[0]).toMatchObject({ field: "dimension2", reason: "no_split" });
    const unknown = await call("GET", `/report/treemap/?scenario=${scenario}&dimension=${C()}&measure=NOPE`);
    expect(unknown.json().errors[0]).toMatchObject({ field: "measure", reason: "unknown_line" });
  });

  it("bridges from revenue to profit, each step starting where the one before ended", async () => {
    const total = await ok(`/report/waterfall/?scenario=${scenario}&dimension=${C()}`);
    expect(
      total.steps.map((s: Record<string, unknown>) => [s.code, s.value, s.start, s.end, s.total]),
    ).toEqual([
      ["REV", 1850, 0, 1850, true],
      ["COSTS", -1000, 1850, 850, false],
      ["NET", 850, 0, 850, true],
    ]);
    const c3 = (await ok(`/report/pnl/?scenario=${scenario}&dimension=${C()}&search=C3`)).results[0];
    const one = await ok(`/report/waterfall/?scenario=${scenario}&dimension=${C()}&record=${c3.record}`);
    expect(one.identifier).toBe("C3");
    expect(one.steps.map((s: Record<string, unknown>) => [s.code, s.start, s.end])).toEqual([
      ["REV", 0, 50],
      ["COSTS", 50, -125],
      ["NET", 0, -125],
    ]);
  });
});

describe("report/compare", () => {
  it("compares two scenarios per record and in total, with the activities that moved", async () => {
    const report = await ok(`/report/compare/?scenario=${scenario},${copy}&dimension=${C()}&line=NET`);
    expect(report.mode).toBe("scenarios");
    expect([report.a.total, report.b.total, report.variance]).toEqual([850, -150, -1000]);
    expect(report.results.map((r: Record<string, unknown>) => [r.identifier, r.a, r.b, r.variance])).toEqual([
      ["C1", 775, 350, -425],
      ["C2", 200, -200, -400],
      ["C3", -125, -300, -175],
    ]);
    expect(report.results[1].variance_percent).toBe(-200);
    expect(report.activities.map((a: Record<string, unknown>) => [a.code, a.a, a.b, a.variance])).toEqual([
      ["HANDLE", 600, 1200, 600],
      ["SERVE", 400, 800, 400],
    ]);
  });

  it("pages two scenarios with the same records record by record, in every ordering", async () => {
    // The copy holds the same customers: pages come from positions and stored orderings, the
    // variance from a scan of both runs side by side.
    const ids = async (ordering: string, offset = 0, limit = 50) =>
      (
        await ok(
          `/report/compare/?scenario=${scenario},${copy}&dimension=${C()}&line=NET&ordering=${ordering}&offset=${offset}&limit=${limit}`,
        )
      ).results.map((r: Record<string, unknown>) => [r.identifier, r.a, r.b, r.variance]);
    const c1 = ["C1", 775, 350, -425];
    const c2 = ["C2", 200, -200, -400];
    const c3 = ["C3", -125, -300, -175];
    expect(await ids("a")).toEqual([c3, c2, c1]);
    expect(await ids("-a")).toEqual([c1, c2, c3]);
    expect(await ids("b")).toEqual([c3, c2, c1]);
    expect(await ids("-b", 1, 1)).toEqual([c2]);
    expect(await ids("b", 1, 2)).toEqual([c2, c1]);
    expect(await ids("variance")).toEqual([c1, c2, c3]);
    expect(await ids("-variance")).toEqual([c3, c2, c1]);
    expect(await ids("variance", 1, 1)).toEqual([c2]);
    expect(await ids("-identifier", 0, 2)).toEqual([c3, c2]);
    expect(await ids("identifier", 1, 1)).toEqual([c2]);
    expect(await ids("identifier", 3, 1)).toEqual([]);
    const named = await ok(
      `/report/compare/?scenario=${scenario},${copy}&dimension=${C()}&line=NET&ordering=b`,
    );
    expect(named.count).toBe(3);
    expect(named.results.map((r: Record<string, unknown>) => r.name)).toEqual(["Gamma", "Beta", "Alpha"]);
  });

  it("matches the records of two scenarios by identifier when they differ", async () => {
    // A third scenario with customer C0 (1 visit, no orders): SERVE 400 by visits 1, 2, 1, 1 is
    // C0 80, C1 160, C2 80, C3 80, so NET C0 -80, C1 1,200 - 225 - 160 = 815, C2 600 - 300 - 80
    // = 220, C3 50 - 75 - 80 = -105 (total 850).
    const duplicated = await call("POST", "/model/scenarios/duplicate/", {
      model,
      name: "One more customer",
      scenario_id: scenario,
      stepsToDuplicate: [1, 2, 3, 4, 5, 6],
    });
    const more = duplicated.json().results[0].id;
    const added = await call("POST", "/dimension/records/", {
      scenario: more,
      dimension: C(),
      identifier: "C0",
      driverData: { customer_name: "Zero", visits: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const run = await call("POST", "/report/reports/generate/", { scenario: more });
    expect((await waitForRun(call, more, run.json().calculation_id, 120_000)).status).toBe("FINISHED");
    // Which path a comparison takes: record by record for the copy, by identifier for this one
    // (its orders are the same: C0 has none).
    const company: number = (await ok("/auth/users/me/")).selected_company;
    const of = (calculationId: number) => ({ companyId: company, calculationId });
    const repo = reportDataRepository(t.database.db);
    expect(await repo.sameRecords(of(runs.scenario), of(runs.copy), C())).toBe(true);
    expect(await repo.sameRecords(of(runs.scenario), of(run.json().calculation_id), C())).toBe(false);
    expect(await repo.sameRecords(of(run.json().calculation_id), of(runs.scenario), C())).toBe(false);
    expect(await repo.sameRecords(of(runs.scenario), of(run.json().calculation_id), O())).toBe(true);
    const rows = async (ordering: string) =>
      (
        await ok(
          `/report/compare/?scenario=${scenario},${more}&dimension=${C()}&line=NET&ordering=${ordering}`,
        )
      ).results.map((r: Record<string, unknown>) => [r.identifier, r.a, r.b, r.variance]);
    expect(await rows("identifier")).toEqual([
      ["C0", null, -80, -80],
      ["C1", 775, 815, 40],
      ["C2", 200, 220, 20],
      ["C3", -125, -105, 20],
    ]);
    // Descending is ascending reversed, ties (C2, C3) too.
    expect((await rows("-variance")).map((r: unknown[]) => r[0])).toEqual(["C1", "C3", "C2", "C0"]);
    expect((await rows("variance")).map((r: unknown[]) => r[0])).toEqual(["C0", "C2", "C3", "C1"]);
  }, 150_000);

  it("compares two lines and two dimensions", async () => {
    const lines = await ok(
      `/report/compare/?scenario=${scenario}&dimension=${C()}&line=REV,NET&ordering=-variance`,
    );
    expect(lines.results.map((r: Record<string, unknown>) => [r.identifier, r.a, r.b, r.variance])).toEqual([
      ["C3", 50, -125, -175],
      ["C2", 600, 200, -400],
      ["C1", 1200, 775, -425],
    ]);
    // Sorted and paged by the database: by a line's value, by identifier descending, a window.
    const byA = await ok(
      `/report/compare/?scenario=${scenario}&dimension=${C()}&line=REV,NET&ordering=a&limit=2&offset=1`,
    );
    expect([byA.count, byA.results.map((r: Record<string, unknown>) => r.identifier)]).toEqual([
      3,
      ["C2", "C1"],
    ]);
    const byB = await ok(`/report/compare/?scenario=${scenario}&dimension=${C()}&line=REV,NET&ordering=-b`);
    expect(byB.results.map((r: Record<string, unknown>) => r.identifier)).toEqual(["C1", "C2", "C3"]);
    const byId = await ok(
      `/report/compare/?scenario=${scenario}&dimension=${C()}&line=REV,NET&ordering=-identifier`,
    );
    expect(byId.results.map((r: Record<string, unknown>) => r.identifier)).toEqual(["C3", "C2", "C1"]);
    // By identifier, a page is a range of record numbers: windows both ways, and past the end.
    const page = async (ordering: string, offset: number, limit: number) =>
      (
        await ok(
          `/report/compare/?scenario=${scenario}&dimension=${C()}&line=REV,NET&ordering=${ordering}&offset=${offset}&limit=${limit}`,
        )
      ).results.map((r: Record<string, unknown>) => [r.identifier, r.a, r.b]);
    expect(await page("identifier", 1, 5)).toEqual([
      ["C2", 600, 200],
      ["C3", 50, -125],
    ]);
    expect(await page("-identifier", 1, 1)).toEqual([["C2", 600, 200]]);
    expect(await page("-identifier", 2, 5)).toEqual([["C1", 1200, 775]]);
    expect(await page("identifier", 3, 5)).toEqual([]);
    const both = await ok(`/report/compare/?scenario=${scenario}&dimension=${C()},${O()}&line=NET&limit=2`);
    expect(both.count).toBe(4);
    expect(
      both.results.map((r: Record<string, unknown>) => [r.identifier, r.a, r.identifier_b, r.b]),
    ).toEqual([
      ["C1", 775, "O1", 850],
      ["C2", 200, "O3", 300],
    ]);
    expect([both.a.total, both.b.total]).toEqual([850, 1250]);
  });

  it("refuses anything but exactly two items", async () => {
    for (const params of [
      `scenario=${scenario}&dimension=${C()}&line=NET`,
      `scenario=${scenario}&dimension=${C()}&line=REV,NET,LOSS`,
      `scenario=${scenario},${copy},${scenario}&dimension=${C()}&line=NET`,
      `scenario=${scenario},${copy}&dimension=${C()},${O()}&line=NET`,
    ]) {
      const response = await call("GET", `/report/compare/?${params}`);
      expect(response.statusCode, params).toBe(400);
      expect(response.json().errors[0].reason, params).toBe("comparison_items");
      expect(response.json().errors[0].message).toBe(
        "Comparison reports take exactly 2 scenarios, 2 dimensions or 2 report lines.",
      );
    }
  });
});

describe("scoping", () => {
  const calls = (s: number, d: number) => [
    `/report/pnl/?scenario=${s}&dimension=${d}`,
    `/report/profitability/?scenario=${s}&dimension=${d}&line=NET`,
    `/report/whale/?scenario=${s}&dimension=${d}`,
    `/report/treemap/?scenario=${s}&dimension=${d}`,
    `/report/waterfall/?scenario=${s}&dimension=${d}`,
    `/report/compare/?scenario=${s}&dimension=${d}&line=REV,NET`,
  ];

  it("answers 404 to company B on every report call with company A's scenario", async () => {
    for (const path of calls(scenario, C())) {
      const response = await callB("GET", path);
      expect(response.statusCode, path).toBe(404);
    }
  });

  it("answers 404 NO_CALCULATION without a finished report run, and 400 for another model's dimension", async () => {
    // The same bundle imported again: another model, never calculated.
    const other = await importBundle(t.app, (await login(t.app, "admin@costflow.demo")).access, BUNDLE);
    for (const path of calls(other.scenario, C())) {
      const response = await call("GET", path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().code, path).toBe("NO_CALCULATION");
    }
    const listed = await call("GET", `/dimensions/?model=${other.model}&limit=100`);
    const foreign = listed.json().results[0].id as number;
    const response = await call("GET", `/report/pnl/?scenario=${scenario}&dimension=${foreign}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field: "dimension", reason: "not_in_model" });
  });
});

describe("tree map splits of records with more parts than a tree map shows", () => {
  it("keeps the largest parts of each measure and the totals of all: the same tree map", async () => {
    const urls = [
      `/report/treemap/?scenario=${scenario}&dimension=${C()}&dimension2=${O()}&measure=NET&limit=1`,
      `/report/treemap/?scenario=${scenario}&dimension=${C()}&dimension2=${O()}&measure=REV&limit=1`,
      `/report/treemap/?scenario=${scenario}&dimension=${O()}&dimension2=${C()}&limit=1`,
    ];
    const before = [];
    for (const url of urls) before.push(await ok(url));
    // C1 has two orders: with one part kept per measure, C1 keeps its largest order of each
    // measure and a totals row, from which 'Others (n)' and its value are drawn.
    const saved = RUN_SETTINGS.splitParts;
    RUN_SETTINGS.splitParts = 1;
    try {
      const run = await call("POST", "/report/reports/generate/", { scenario });
      expect((await waitForRun(call, scenario, run.json().calculation_id, 120_000)).status).toBe("FINISHED");
    } finally {
      RUN_SETTINGS.splitParts = saved;
    }
    const { rows } = await t.database.executeSql(
      "select count(*)::int as n from report_splits where totals is not null and dimension_id = $1",
      [C()],
    );
    expect((rows[0] as { n: number }).n).toBeGreaterThan(0);
    const others = (before[0].root.children[0].children as { kind: string; count: number }[]).find(
      (n) => n.kind === "others",
    );
    expect(others?.count).toBe(1);
    for (const [i, url] of urls.entries()) {
      const after = await ok(url);
      expect(after.calculation).not.toBe(before[i].calculation);
      expect(after.root, url).toEqual(before[i].root);
    }
  });
});
