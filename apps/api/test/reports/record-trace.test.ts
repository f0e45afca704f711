import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RecordTrace } from "@costflow/contract/report-trace";
import { acceptanceBundle, templateBundle } from "@costflow/engine/test-support/shared-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_SETTINGS } from "../../src/modules/calculation/run-calculation.ts";
import { allRows, type Call, importBundle, waitForRun } from "../calculation/helpers.ts";
import { as, createCompany, login, startTestApp, type TestApp } from "../helpers/test-app.ts";

// report/records/{record}/trace/: a record's cost by activity, each activity's by direct pool,
// each pool's by account, adding up exactly at every level, plus step-5 pushes and roll-up.
//
// The bundle fixtures/trace-roll-up, by hand (EUR):
//   step 1: A1 1000 -> SALES 500, WH 300, ADM 200; A2 600 -> WH 300, ADM 300; A3 300 -> IT 300.
//   step 2 (reciprocal): ADM -> IT 20%, SALES 80%; IT -> ADM 50%, SALES 50%. Every exit goes to
//     SALES, so SALES = 500 + 800 (all of ADM's 200 + 300 and IT's 300): A1 700, A2 300, A3 300,
//     1300 in all, whatever the reciprocal flows; WH = A1 300 + A2 300 = 600.
//   step 3: SALES -> ORDER 60% = 780, VISIT 40% = 520; WH -> PICK 600.
//   step 4: ORDER even over customers C1 390, C2 390; VISIT by visits 3:1 C1 390, C2 130;
//     PICK by qty over lines L1 (C1,P1,10) 60, L2 (C1,P2,30) 180, L3 (C2,P1,20) 120, L4 (C2,P2,40) 240.
//   step 5: ORDER pushed from customers to their lines by qty: C1 390 -> L1 97.50, L2 292.50;
//     C2 390 -> L3 130, L4 260.
//   resting: C1 390 (VISIT), L1 157.50, L2 472.50, L3 250, L4 500; products 0.
//   cost (rolled up): C1 390 + 157.50 + 472.50 = 1020: ORDER 390, VISIT 390, PICK 240;
//     P2 = L2 + L4 = 972.50: PICK 420, ORDER 552.50.
//   accounts: a SALES amount s splits A1 7/13, A2 3/13, A3 3/13; WH splits A1 1/2, A2 1/2:
//     C1's ORDER 390 -> A1 210, A2 90, A3 90; P2's ORDER 552.50 -> A1 297.50, A2 127.50, A3 127.50.

const BUNDLE = fileURLToPath(new URL("./fixtures/trace-roll-up/", import.meta.url));

let t: TestApp;
let call: Call;
let other: Call;
let scenario: number;
const ids = new Map<string, number>();

async function calculate(c: Call, s: number) {
  const response = await c("POST", "/calculation/calculate-all/", { scenario: s });
  expect(response.statusCode, response.body).toBeLessThan(300);
  expect((await waitForRun(c, s, response.json().calculation_id, 240_000)).status).toBe("FINISHED");
}

async function recordIds(c: Call, s: number, model: number) {
  const out = new Map<string, { id: number; dimension: number }>();
  const dims = (await c("GET", `/dimensions/?model=${model}&limit=100`)).json().results as {
    id: number;
    code: string;
  }[];
  for (const d of dims)
    for (const r of await allRows<{ id: number; identifier: string }>(
      c,
      `/dimension/records/?scenario=${s}&dimension=${d.id}`,
    ))
      out.set(`${d.code}:${r.identifier}`, { id: r.id, dimension: d.id });
  return out;
}

const trace = async (c: Call, record: number, s = scenario, query = "") =>
  c("GET", `/report/records/${record}/trace/?scenario=${s}${query}`);
const cents = (v: number) => Math.round(v * 100);

/** Every level adds up exactly to the level above (in cents: the amounts are 2-decimal figures). */
function expectAddsUp(body: RecordTrace) {
  expect(body.activities.reduce((s, a) => s + cents(a.amount), 0)).toBe(cents(body.cost));
  for (const a of body.activities) {
    expect(
      a.pools.reduce((s, p) => s + cents(p.amount), 0),
      a.code,
    ).toBe(cents(a.amount));
    for (const p of a.pools)
      expect(
        p.accounts.reduce((s, x) => s + cents(x.amount), 0) + cents(p.other_accounts?.amount ?? 0),
        `${a.code}/${p.code}`,
      ).toBe(cents(p.amount));
  }
  expect(cents(body.resting) + body.rolled_up.reduce((s, r) => s + cents(r.amount), 0)).toBe(
    cents(body.cost),
  );
}

/** The record's cost as calculation/dimension-results/ gives it. */
const costs = new Map<string, Promise<Map<string, number>>>();
async function resultCost(c: Call, s: number, dimension: number, identifier: string) {
  const key = `${s}:${dimension}`;
  if (!costs.has(key))
    costs.set(
      key,
      allRows<{ transaction_id: string; cost: number }>(
        c,
        `/calculation/dimension-results/?scenario=${s}&dimension=${dimension}`,
      ).then((rows) => new Map(rows.map((r) => [r.transaction_id, r.cost]))),
    );
  return (await costs.get(key)!).get(identifier);
}

const byCode = <T extends { code: string }>(list: T[]) => Object.fromEntries(list.map((x) => [x.code, x]));

beforeAll(async () => {
  t = await startTestApp();
  const access = (await login(t.app, "admin@costflow.demo")).access;
  call = as(t.app, access);
  await createCompany(t.database, "Other Company", "owner@other.test");
  other = as(t.app, (await login(t.app, "owner@other.test")).access);
  const imported = await importBundle(t.app, access, BUNDLE);
  scenario = imported.scenario;
  await calculate(call, scenario);
  for (const [k, v] of await recordIds(call, scenario, imported.model)) ids.set(k, v.id);
}, 120_000);
afterAll(async () => t?.close());

describe("record trace", () => {
  it("a customer: its own cost and what its order lines roll up, by activity, pool and account", async () => {
    const response = await trace(call, ids.get("CUSTOMER:C1")!);
    expect(response.statusCode, response.body).toBe(200);
    const body: RecordTrace = response.json();
    expect(body.record).toMatchObject({ identifier: "C1", name: "Alfa Retail", dimension_name: "Customers" });
    expect(body.currency).toBe("EUR");
    expect(body.cost).toBe(1020);
    expect(body.resting).toBe(390);
    expect(body.rolled_up).toEqual([
      { dimension: expect.any(Number), dimension_name: "Order lines", records: 2, amount: 630 },
    ]);
    expect(body.pushed).toEqual([]);
    const acts = byCode(body.activities);
    expect(Object.keys(acts).sort()).toEqual(["ORDER", "PICK", "VISIT"]);
    expect(acts.ORDER!.amount).toBe(390);
    expect(acts.VISIT!.amount).toBe(390);
    expect(acts.PICK!.amount).toBe(240);
    expect(acts.ORDER!.pools.map((p) => [p.code, p.amount])).toEqual([["SALES", 390]]);
    expect(byCode(acts.ORDER!.pools[0]!.accounts)).toMatchObject({
      A1: { amount: 210 },
      A2: { amount: 90 },
      A3: { amount: 90 },
    });
    expect(acts.PICK!.pools.map((p) => [p.code, p.amount])).toEqual([["WH", 240]]);
    expect(acts.PICK!.pools[0]!.accounts.map((a) => [a.code, a.name, a.amount])).toEqual([
      ["A1", "Salaries", 120],
      ["A2", "Rent", 120],
    ]);
    expectAddsUp(body);
    expect(body.cost).toBe(await resultCost(call, scenario, body.record.dimension, "C1"));
    expect(acts.ORDER!.pools[0]!.other_accounts).toBeNull();
  });

  it("lists the largest accounts of each pool up to `accounts`, the rest summed so that the pool still adds up", async () => {
    const response = await trace(call, ids.get("CUSTOMER:C1")!, scenario, "&accounts=1");
    expect(response.statusCode, response.body).toBe(200);
    const body: RecordTrace = response.json();
    const acts = byCode(body.activities);
    // SALES 390: A1 210, then A2 90 and A3 90 (equal: by code) summed.
    expect(acts.ORDER!.pools[0]!.accounts.map((a) => [a.code, a.amount])).toEqual([["A1", 210]]);
    expect(acts.ORDER!.pools[0]!.other_accounts).toEqual({ count: 2, amount: 180 });
    // WH 240: A1 120 and A2 120, equal: the first by code listed.
    expect(acts.PICK!.pools[0]!.accounts.map((a) => [a.code, a.amount])).toEqual([["A1", 120]]);
    expect(acts.PICK!.pools[0]!.other_accounts).toEqual({ count: 1, amount: 120 });
    expectAddsUp(body);
    for (const bad of ["0", "-1", "abc", "100001"]) {
      const refused = await trace(call, ids.get("CUSTOMER:C1")!, scenario, `&accounts=${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.body).toContain("accounts");
    }
  });

  it("a later run of steps 1-3 is traced with its own pools and accounts, not those of an earlier run", async () => {
    const c1 = ids.get("CUSTOMER:C1")!;
    const ordersOf = async () =>
      byCode((await trace(call, c1)).json().activities as RecordTrace["activities"]).ORDER!;
    expect(byCode((await ordersOf()).pools[0]!.accounts)).toMatchObject({
      A1: { amount: 210 },
      A2: { amount: 90 },
      A3: { amount: 90 },
    });
    const setA3 = (amount: number) =>
      t.database.executeSql(
        `update account_values set amount = $2 where scenario_id = $1 and account_id = (
          select a.id from financial_accounts a join scenarios s on s.model_id = a.model_id
          where s.id = $1 and a.code = 'A3')`,
        [scenario, amount],
      );
    await setA3(600);
    try {
      await calculate(call, scenario);
      // SALES = A1 700 + A2 300 + A3 600 = 1600; ORDER = 60% = 960, even over two customers: C1
      // 480, by account 480 x 7/16 = 210, 480 x 3/16 = 90, 480 x 6/16 = 180.
      const order = await ordersOf();
      expect(order.amount).toBe(480);
      expect(byCode(order.pools[0]!.accounts)).toMatchObject({
        A1: { amount: 210 },
        A2: { amount: 90 },
        A3: { amount: 180 },
      });
    } finally {
      await setA3(300);
      await calculate(call, scenario);
    }
  });

  it("an order line: step-4 cost plus what its customer pushed down in step 5", async () => {
    const body: RecordTrace = (await trace(call, ids.get("LINE:L2")!)).json();
    expect(body.cost).toBe(472.5);
    expect(body.resting).toBe(472.5);
    expect(body.rolled_up).toEqual([]);
    expect(body.pushed).toEqual([
      {
        activity: expect.any(Number),
        activity_code: "ORDER",
        activity_name: "Order handling",
        from: {
          id: ids.get("CUSTOMER:C1"),
          identifier: "C1",
          name: "Alfa Retail",
          dimension: expect.any(Number),
          dimension_name: "Customers",
        },
        amount: 292.5,
      },
    ]);
    const acts = byCode(body.activities);
    expect(acts.ORDER!.amount).toBe(292.5);
    expect(acts.PICK!.amount).toBe(180);
    // 292.50 * 7/13 = 157.50, * 3/13 = 67.50 each.
    expect(byCode(acts.ORDER!.pools[0]!.accounts)).toMatchObject({
      A1: { amount: 157.5 },
      A2: { amount: 67.5 },
      A3: { amount: 67.5 },
    });
    expectAddsUp(body);
    expect(body.cost).toBe(await resultCost(call, scenario, body.record.dimension, "L2"));
  });

  it("a product: nothing rests on it, everything rolls up from its lines", async () => {
    const body: RecordTrace = (await trace(call, ids.get("PRODUCT:P2")!)).json();
    expect(body.cost).toBe(972.5);
    expect(body.resting).toBe(0);
    expect(body.rolled_up).toMatchObject([{ dimension_name: "Order lines", records: 2, amount: 972.5 }]);
    expect(body.activities.map((a) => [a.code, a.amount])).toEqual([
      ["ORDER", 552.5],
      ["PICK", 420],
    ]);
    expect(byCode(body.activities[0]!.pools[0]!.accounts)).toMatchObject({
      A1: { amount: 297.5 },
      A2: { amount: 127.5 },
      A3: { amount: 127.5 },
    });
    expectAddsUp(body);
    expect(body.cost).toBe(await resultCost(call, scenario, body.record.dimension, "P2"));
  });

  it("adds up for every record of the bundle and of the TDABC acceptance bundle", async () => {
    for (const key of ["CUSTOMER:C2", "LINE:L1", "LINE:L3", "LINE:L4", "PRODUCT:P1"]) {
      const response = await trace(call, ids.get(key)!);
      expect(response.statusCode, key).toBe(200);
      const body: RecordTrace = response.json();
      expectAddsUp(body);
      expect(body.cost, key).toBe(
        await resultCost(call, scenario, body.record.dimension, body.record.identifier),
      );
    }
    const access = (await login(t.app, "admin@costflow.demo")).access;
    const tdabc = await importBundle(t.app, access, acceptanceBundle("tdabc-customer-service"));
    await calculate(call, tdabc.scenario);
    const records = await recordIds(call, tdabc.scenario, tdabc.model);
    expect(records.size).toBeGreaterThan(1);
    for (const [key, r] of records) {
      const response = await trace(call, r.id, tdabc.scenario);
      expect(response.statusCode, key).toBe(200);
      const body: RecordTrace = response.json();
      expect(body.activities.length, key).toBeGreaterThan(0);
      expectAddsUp(body);
      expect(body.cost, key).toBe(
        await resultCost(call, tdabc.scenario, r.dimension, body.record.identifier),
      );
    }
  }, 300_000);

  it("reads each record's own detail from its OWN row; a run without them traces the same from the arrays", async () => {
    const keys = [...ids.keys()];
    const traceAll = async () => {
      const out: Record<string, unknown> = {};
      for (const key of keys) {
        const response = await trace(call, ids.get(key)!);
        out[key] = response.statusCode === 200 ? response.json() : response.statusCode;
      }
      return out;
    };
    const before = await traceAll();
    expect(Object.values(before).filter((b) => typeof b === "object").length).toBeGreaterThan(4);
    const runs = "calculation_id in (select id from calculations where scenario_id = $1)";
    const rename = (from: string, to: string) =>
      t.database.executeSql(`update result_vectors set kind = ${to} where ${runs} and kind ${from}`, [
        scenario,
      ]);
    // Each OWN row holds its entries packed, 17 bytes each, no arrays; the marker row none.
    const { rows: own } = await t.database.executeSql(
      `select count(*)::int as n, sum(length(bytes) % 17)::int as odd, max(cardinality(amounts))::int as amounts,
        count(links)::int as links, sum(case when source_no = -1 then length(bytes) end)::int as marker
        from result_vectors where ${runs} and kind = 'OWN'`,
      [scenario],
    );
    expect(own[0]).toMatchObject({ odd: 0, amounts: 0, links: 0, marker: 0 });
    expect(own[0]!.n).toBeGreaterThan(4);
    // The arrays hidden: the trace reads the OWN rows alone.
    await rename("in ('ALLOCATED', 'RECEIVED', 'SENT')", "'HIDDEN_' || kind");
    expect(await traceAll()).toEqual(before);
    await rename("like 'HIDDEN\\_%'", "substr(kind, 8)");
    // OWN rows without bytes (a run made before they were packed held arrays): the arrays are read.
    await t.database.executeSql(
      `update result_vectors set bytes = null where ${runs} and kind = 'OWN' and source_no = -1`,
      [scenario],
    );
    expect(await traceAll()).toEqual(before);
    // The OWN rows hidden (a run made before them): the trace reads the arrays.
    await rename("= 'OWN'", "'HIDDEN_OWN'");
    expect(await traceAll()).toEqual(before);
    await rename("= 'HIDDEN_OWN'", "'OWN'");
  });

  it("adds up on the demo model (regions, customers, orders, order lines, products; chained pushes)", async () => {
    const template = templateBundle("distribution");
    const access = (await login(t.app, "admin@costflow.demo")).access;
    const demo = await importBundle(t.app, access, template);
    await calculate(call, demo.scenario);
    const records = await recordIds(call, demo.scenario, demo.model);
    const perDimension = new Map<number, [string, { id: number; dimension: number }][]>();
    for (const entry of records) {
      const list = perDimension.get(entry[1].dimension) ?? [];
      list.push(entry);
      perDimension.set(entry[1].dimension, list);
    }
    let withPushes = 0;
    let withRollUp = 0;
    for (const list of perDimension.values())
      for (const [key, r] of list.slice(0, 3)) {
        const response = await trace(call, r.id, demo.scenario);
        expect(response.statusCode, `${key} ${response.body}`).toBe(200);
        const body: RecordTrace = response.json();
        expectAddsUp(body);
        expect(body.cost, key).toBe(
          await resultCost(call, demo.scenario, r.dimension, body.record.identifier),
        );
        if (body.pushed.length) withPushes++;
        if (body.rolled_up.length) withRollUp++;
      }
    expect(withPushes).toBeGreaterThan(0);
    expect(withRollUp).toBeGreaterThan(0);
  }, 600_000);

  it("a pool fed through reciprocal support pools: its accounts in the proportions x = C + A x gives", async () => {
    // The bundle with ADM's exits split between SALES and WH: ADM -> IT 20%, SALES 40%, WH 40%.
    //   x_ADM = 500 + 0.5 x_IT, x_IT = 300 + 0.2 x_ADM: x_ADM = 650 / 0.9 = 722.22;
    //   ADM's accounts: (C_ADM + 0.5 C_IT) / 0.9 = A1 200/0.9, A2 300/0.9, A3 150/0.9;
    //   ADM -> WH = 0.4 x_ADM = 288.89: A1 88.89, A2 133.33, A3 66.67;
    //   WH = 600 + 288.89 = 888.89: A1 388.89, A2 433.33, A3 66.67.
    //   L4 (qty 40 of 100) gets 40% of PICK 888.89 = 355.556, 355.55 after the largest remainder
    //   (the 3 missing cents go to L1 .9, L3 .8, L2 .7): A1 155.55, A2 173.33, A3 26.67.
    const dir = mkdtempSync(join(tmpdir(), "trace-"));
    cpSync(BUNDLE, dir, { recursive: true });
    writeFileSync(
      join(dir, "rules_step2.csv"),
      "source_pool_code,destination_pool_code,type,percentage,driver_name\nADM,IT,PERCENTAGE,20,\nADM,SALES,PERCENTAGE,40,\nADM,WH,PERCENTAGE,40,\nIT,ADM,PERCENTAGE,50,\nIT,SALES,PERCENTAGE,50,\n",
    );
    const access = (await login(t.app, "admin@costflow.demo")).access;
    const split = await importBundle(t.app, access, dir);
    await calculate(call, split.scenario);
    const records = await recordIds(call, split.scenario, split.model);
    const body: RecordTrace = (await trace(call, records.get("LINE:L4")!.id, split.scenario)).json();
    expectAddsUp(body);
    const pick = byCode(body.activities).PICK!;
    expect(pick.amount).toBe(355.55);
    expect(pick.pools.map((p) => p.code)).toEqual(["WH"]);
    const accounts = byCode(pick.pools[0]!.accounts);
    expect(accounts.A1!.amount).toBeCloseTo(155.55, 1);
    expect(accounts.A2!.amount).toBeCloseTo(173.33, 1);
    expect(accounts.A3!.amount).toBeCloseTo(26.67, 1);
  }, 300_000);

  it("another company gets 404; bad ids and scenarios are 400 or 404, never 500", async () => {
    const c1 = ids.get("CUSTOMER:C1")!;
    const foreign = await trace(other, c1);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].field).toBe("scenario");
    for (const path of [
      `/report/records/0/trace/?scenario=${scenario}`,
      `/report/records/abc/trace/?scenario=${scenario}`,
      `/report/records/-3/trace/?scenario=${scenario}`,
      `/report/records/${c1}/trace/`,
      `/report/records/${c1}/trace/?scenario=abc`,
      `/report/records/${c1}/trace/?scenario=2147483648`,
    ]) {
      const response = await call("GET", path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().errors.length, path).toBeGreaterThan(0);
    }
    // A path id past 2^31 (or past 2^53) names no row: missing like any other.
    const huge = await call("GET", `/report/records/99999999999999999999/trace/?scenario=${scenario}`);
    expect(huge.statusCode).toBe(404);
    const missing = await call("GET", `/report/records/2147483648/trace/?scenario=${scenario}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0]).toMatchObject({ field: "record", reason: "not_found" });
  });

  it("answers 404 'No calculation found' for a scenario never calculated", async () => {
    const access = (await login(t.app, "admin@costflow.demo")).access;
    const fresh = await importBundle(t.app, access, BUNDLE);
    const records = await recordIds(call, fresh.scenario, fresh.model);
    const response = await trace(call, records.get("CUSTOMER:C1")!.id, fresh.scenario);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("NO_CALCULATION");
  });

  it("past the detail limit: customers and products from the stored roll-up detail, the same trace; an order line answers 400", async () => {
    // With a limit of 3 records, order lines (4) keep no per-record detail; customers (2) and
    // products (2) do, and the run stores per customer and product what each activity leaves on
    // the order lines reaching it (ROLLED), their cost and count (ROLLED_UP, ROLLED_COUNT):
    //   C1: lines L1, L2 hold ORDER 97.50 + 292.50 = 390, PICK 60 + 180 = 240 (630 in all);
    //     its own VISIT 390: cost 1020. C2: L3, L4 hold ORDER 130 + 260 = 390, PICK 120 + 240
    //     = 360; VISIT 130: cost 880.
    //   P1: L1, L3 hold ORDER 97.50 + 130 = 227.50, PICK 60 + 120 = 180: 407.50.
    //   P2: L2, L4 hold ORDER 292.50 + 260 = 552.50, PICK 180 + 240 = 420: 972.50.
    const keys = ["CUSTOMER:C1", "CUSTOMER:C2", "PRODUCT:P1", "PRODUCT:P2"];
    const within = new Map<string, RecordTrace>();
    for (const key of keys) {
      const response = await trace(call, ids.get(key)!);
      expect(response.statusCode, key).toBe(200);
      within.set(key, response.json());
    }
    const saved = RUN_SETTINGS.detailLimit;
    RUN_SETTINGS.detailLimit = 3;
    try {
      await calculate(call, scenario);
    } finally {
      RUN_SETTINGS.detailLimit = saved;
    }
    const line = await trace(call, ids.get("LINE:L1")!);
    expect(line.statusCode).toBe(400);
    expect(line.json()).toMatchObject({ code: "RESULT_DETAIL_NOT_KEPT", errors: [{ field: "record" }] });
    const past = new Map<string, RecordTrace>();
    for (const key of keys) {
      const response = await trace(call, ids.get(key)!);
      expect(response.statusCode, `${key} ${response.body}`).toBe(200);
      const body: RecordTrace = response.json();
      expect(body, key).toEqual(within.get(key));
      expectAddsUp(body);
      expect(body.cost, key).toBe(
        await resultCost(call, scenario, body.record.dimension, body.record.identifier),
      );
      past.set(key, body);
    }
    const figures = (key: string) => {
      const body = past.get(key)!;
      return {
        cost: body.cost,
        resting: body.resting,
        rolled_up: body.rolled_up.map((r) => [r.dimension_name, r.records, r.amount]),
        activities: body.activities.map((a) => [a.code, a.amount]),
      };
    };
    expect(figures("CUSTOMER:C1")).toEqual({
      cost: 1020,
      resting: 390,
      rolled_up: [["Order lines", 2, 630]],
      activities: [
        ["ORDER", 390],
        ["VISIT", 390],
        ["PICK", 240],
      ],
    });
    expect(figures("CUSTOMER:C2")).toEqual({
      cost: 880,
      resting: 130,
      rolled_up: [["Order lines", 2, 750]],
      activities: [
        ["ORDER", 390],
        ["PICK", 360],
        ["VISIT", 130],
      ],
    });
    expect(figures("PRODUCT:P1")).toEqual({
      cost: 407.5,
      resting: 0,
      rolled_up: [["Order lines", 2, 407.5]],
      activities: [
        ["ORDER", 227.5],
        ["PICK", 180],
      ],
    });
    expect(figures("PRODUCT:P2")).toEqual({
      cost: 972.5,
      resting: 0,
      rolled_up: [["Order lines", 2, 972.5]],
      activities: [
        ["ORDER", 552.5],
        ["PICK", 420],
      ],
    });
    // P2's ORDER 552.50 by account: SALES splits A1 7/13, A2 3/13, A3 3/13 = 297.50, 127.50, 127.50.
    expect(byCode(past.get("PRODUCT:P2")!.activities[0]!.pools[0]!.accounts)).toMatchObject({
      A1: { amount: 297.5 },
      A2: { amount: 127.5 },
      A3: { amount: 127.5 },
    });
    await calculate(call, scenario);
    expect((await trace(call, ids.get("CUSTOMER:C1")!)).json().cost).toBe(1020);
  }, 300_000);
});
