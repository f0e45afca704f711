import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { buildModel, type Call, fieldErrors, type ModelFixture } from "./model-fixture.ts";

// The P&L structure: report/lines and the save rules of each line category.

let t: TestApp;
let call: Call;
let m: ModelFixture;
let other: ModelFixture;

beforeAll(async () => {
  t = await startTestApp();
  const demo = await demoCompanyId(t.database);
  call = as(t.app, (await login(t.app, "client@costflow.demo")).access);
  m = await buildModel(t, call, demo);
  other = await buildModel(t, call, demo, "Another model");
});
afterAll(async () => {
  await t?.close();
});

const line = async (body: object) => {
  const response = await call("POST", "/report/lines/", { model: m.model, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

describe("P&L report lines", () => {
  it("defaults to an ACT line with factor 1 and formula '=', and lists the tree in order", async () => {
    const revenue = await line({
      code: "REV",
      description: "Revenue",
      category: "DRI",
      calculated_driver_id: m.calculated.amount,
    });
    expect(revenue).toEqual({
      id: expect.any(Number),
      model: m.model,
      code: "REV",
      description: "Revenue",
      category: "DRI",
      formula: "=",
      factor: 1,
      activity: null,
      activity_name: null,
      calculated_driver_id: m.calculated.amount,
      calculated_driver_name: "amount",
      // The dimension is taken from the calculated driver.
      dimension: m.dimension.ORD,
      dimension_name: "Orders",
      parent: null,
      rank: 0,
      level: 0,
    });
    const costs = await line({ code: "COSTS", description: "Costs", category: "AGG", factor: -1, parent: 0 });
    expect(costs).toMatchObject({ parent: null, rank: 1, factor: -1 });
    const sell = await line({
      code: "SELL",
      description: "Selling",
      activity: m.activity.SELL,
      parent: costs.id,
    });
    expect(sell).toMatchObject({
      category: "ACT",
      activity_name: "Sell",
      formula: "=",
      factor: 1,
      parent: costs.id,
      rank: 0,
      level: 1,
    });
    const make = await line({ code: "MAKE", activity: m.activity.MAKE, parent: costs.id, rank: 0 });
    const profit = await line({ code: "PROFIT", category: "FOR", formula: "=REV+COSTS" });
    expect(profit).toMatchObject({ formula: "=REV+COSTS", rank: 2 });

    const page = (await call("GET", `/report/lines/?model=${m.model}&limit=100`)).json();
    expect(page.count).toBe(5);
    // Tree order: roots by rank, children under their parent (equal ranks by code).
    expect(page.results.map((l: { code: string; level: number }) => `${l.level}:${l.code}`)).toEqual([
      "0:REV",
      "0:COSTS",
      "1:MAKE",
      "1:SELL",
      "0:PROFIT",
    ]);
    const firstPage = (await call("GET", `/report/lines/?model=${m.model}&limit=2&offset=2`)).json();
    expect(firstPage.results.map((l: { code: string }) => l.code)).toEqual(["MAKE", "SELL"]);
    expect(firstPage.next).toContain("offset=4");
    expect(firstPage.previous).toContain("offset=0");
    expect((await call("GET", `/report/lines/${make.id}/`)).json()).toMatchObject({ code: "MAKE", level: 1 });

    // PUT replaces the line; a parent of 0 means none.
    const moved = await call("PUT", `/report/lines/${make.id}/`, {
      code: "MAKE",
      activity: m.activity.MAKE,
      parent: 0,
      rank: 9,
    });
    expect(moved.json()).toMatchObject({ parent: null, rank: 9, level: 0, description: "" });
  });

  it("applies the save rules of each category", async () => {
    const post = (body: object) => call("POST", "/report/lines", { model: m.model, ...body });
    expect(fieldErrors(await post({ code: "A1" }))).toEqual(["activity: required"]);
    expect(fieldErrors(await post({ code: "A2", activity: m.activity.SELL, formula: "=1" }))).toEqual([
      "formula: not_applicable",
    ]);
    expect(
      fieldErrors(await post({ code: "F1", category: "FOR", formula: "=REV", activity: m.activity.SELL })),
    ).toEqual(["activity: not_applicable"]);
    expect(
      fieldErrors(
        await post({
          code: "G1",
          category: "AGG",
          calculated_driver_id: m.calculated.amount,
          dimension: m.dimension.ORD,
        }),
      ),
    ).toEqual(["calculated_driver_id: not_applicable", "dimension: not_applicable"]);
    expect(fieldErrors(await post({ code: "D1", category: "DRI" }))).toEqual([
      "calculated_driver_id: required",
    ]);
    expect(
      fieldErrors(await post({ code: "D2", category: "DRI", calculated_driver_id: m.calculated.score })),
    ).toEqual(["calculated_driver_id: not_pnl_driver"]);
    expect(
      fieldErrors(
        await post({
          code: "D3",
          category: "DRI",
          calculated_driver_id: m.calculated.amount,
          dimension: m.dimension.CUST,
        }),
      ),
    ).toEqual(["dimension: invalid_value"]);
    expect(fieldErrors(await post({ code: "A3", activity: other.activity.SELL }))).toEqual([
      "activity: not_in_model",
    ]);
    expect(fieldErrors(await post({ code: "REV", category: "AGG" }))).toEqual(["code: taken"]);
    expect(fieldErrors(await post({ code: "X", category: "AGG", factor: 2 }))).toEqual([
      "factor: invalid_value",
    ]);
    expect(fieldErrors(await post({ code: "X", category: "SUM" }))).toEqual(["category: invalid_value"]);
    expect(fieldErrors(await post({ code: "[X]", category: "AGG" }))).toEqual(["code: invalid_format"]);
    expect(fieldErrors(await post({ code: "X", category: "AGG", parent: 999_999 }))).toEqual([
      "parent: not_found",
    ]);

    // FOR formulas read other lines' codes; errors carry their position.
    const unknown = await post({ code: "F2", category: "FOR", formula: "=REV-COGS" });
    expect(unknown.json().errors).toEqual([
      { field: "formula", reason: "formula_unknown_name", message: "unknown name COGS at character 6" },
    ]);
    expect(fieldErrors(await post({ code: "F3", category: "FOR" }))).toEqual([
      "formula: formula_empty_formula",
    ]);
    const feedback = await call("POST", "/report/lines/check-formula/", {
      model: m.model,
      formula: "=REV/[COSTS]",
    });
    expect(feedback.json()).toEqual({ ok: true, names: ["REV", "COSTS"], error: null });
  });

  it("refuses reference cycles, naming the lines", async () => {
    const top = await line({ code: "TOP", category: "AGG" });
    const share = await line({ code: "SHARE", category: "FOR", formula: "=REV*2", parent: top.id });
    // SHARE is summed by TOP; reading TOP from SHARE closes a loop.
    const loop = await call("PUT", `/report/lines/${share.id}`, {
      code: "SHARE",
      category: "FOR",
      formula: "=TOP/2",
      parent: top.id,
    });
    expect(loop.json().errors).toEqual([
      { field: "formula", reason: "cycle", message: "this would create a cycle: SHARE → TOP → SHARE" },
    ]);
    const self = await call("PUT", `/report/lines/${share.id}`, {
      code: "SHARE",
      category: "FOR",
      formula: "=SHARE+1",
    });
    expect(fieldErrors(self)).toEqual(["formula: cycle"]);
    // Two FOR lines reading each other.
    const a = await line({ code: "RA", category: "FOR", formula: "=REV" });
    await line({ code: "RB", category: "FOR", formula: "=RA*2" });
    const ab = await call("PUT", `/report/lines/${a.id}`, { code: "RA", category: "FOR", formula: "=RB" });
    expect(ab.json().errors[0].message).toBe("this would create a cycle: RA → RB → RA");
    // A parent may not be the line itself or below it.
    const under = await line({ code: "UNDER", category: "AGG", parent: top.id });
    const ownChild = await call("PUT", `/report/lines/${top.id}`, {
      code: "TOP",
      category: "AGG",
      parent: under.id,
    });
    expect(ownChild.json().errors).toEqual([
      { field: "parent", reason: "cycle", message: "this would create a cycle: TOP → UNDER → TOP" },
    ]);
  });

  it("keeps references whole: renames and deletes of read lines are refused; children move up", async () => {
    const group = await line({ code: "GRP", category: "AGG" });
    const child = await line({ code: "KID", activity: m.activity.VISIT, parent: group.id });
    const reader = await line({ code: "READER", category: "FOR", formula: "=KID" });
    const rename = await call("PUT", `/report/lines/${child.id}`, {
      code: "KID2",
      activity: m.activity.VISIT,
      parent: group.id,
    });
    expect(rename.json().errors).toEqual([
      { field: "code", reason: "in_use", message: "still used by READER" },
    ]);
    const refused = await call("DELETE", `/report/lines/${child.id}`);
    expect(refused.statusCode).toBe(409);
    expect(fieldErrors(refused)).toEqual(["id: in_use"]);

    // The profit line follows a rename and is cleared by a delete.
    await call("PUT", `/allocation/settings?scenario=${m.scenario}`, { profit_line: "GRP" });
    const renamed = await call("PUT", `/report/lines/${group.id}`, { code: "GROUP", category: "AGG" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call("GET", `/allocation/settings?scenario=${m.scenario}`)).json().profit_line).toBe(
      "GROUP",
    );

    expect((await call("DELETE", `/report/lines/${group.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/report/lines/${group.id}`)).statusCode).toBe(404);
    expect((await call("GET", `/report/lines/${child.id}`)).json()).toMatchObject({ parent: null, level: 0 });
    expect((await call("GET", `/allocation/settings?scenario=${m.scenario}`)).json().profit_line).toBeNull();
    expect((await call("DELETE", `/report/lines/${reader.id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/report/lines/${child.id}`)).statusCode).toBe(204);
  });
});
