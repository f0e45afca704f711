import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { buildModel, type Call, fieldErrors, type ModelFixture } from "./model-fixture.ts";

// Step 3 (direct pool → activity, TDABC pools) and step 4 (activity → dimension, splits, formulas).

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

const step3 = "/allocation/direct-cost-pool-percentage-allocations";

describe("step 3: direct cost pool allocations", () => {
  it("sends a direct pool's percentage to activities, with the source's state", async () => {
    const sell = await call("POST", `${step3}/`, {
      scenario: m.scenario,
      source: m.pool.SALES,
      destination: m.activity.SELL,
      ratio: 0.7,
    });
    expect(sell.statusCode, sell.body).toBe(201);
    expect(sell.json()).toEqual({
      id: expect.any(Number),
      scenario: m.scenario,
      source: m.pool.SALES,
      source_ext_id: "SALES",
      source_name: "Sales",
      destination: m.activity.SELL,
      destination_ext_id: "SELL",
      destination_name: "Sell",
      destination_is_tdabc: false,
      percentage: 70,
      ratio: 0.7,
      tdabc_ratio: null,
      source_total_percentage: 70,
      source_state: "UNDER_ALLOCATED",
    });
    const visit = await call("POST", step3, {
      scenario: m.scenario,
      source: m.pool.SALES,
      destination: m.activity.VISIT,
      ratio: "0.300000",
    });
    expect(visit.json()).toMatchObject({ source_total_percentage: 100, source_state: "FULLY_ALLOCATED" });
    const list = (await call("GET", `${step3}/?scenario=${m.scenario}&ordering=-percentage`)).json();
    expect(list.results.map((r: { destination_ext_id: string }) => r.destination_ext_id)).toEqual([
      "SELL",
      "VISIT",
    ]);
    const sources = (await call("GET", `${step3}/sources/?scenario=${m.scenario}`)).json();
    expect(sources).toEqual([
      expect.objectContaining({
        source_ext_id: "SALES",
        total_percentage: 100,
        state: "FULLY_ALLOCATED",
        time_driven: false,
      }),
    ]);

    const patched = await call("PATCH", `${step3}/${visit.json().id}/`, { ratio: 0.5 });
    expect(patched.json()).toMatchObject({ percentage: 50, source_state: "OVER_ALLOCATED" });
    expect(fieldErrors(await call("PATCH", `${step3}/${visit.json().id}/`, { ratio: 100 }))).toEqual([
      "ratio: percentage_range",
    ]);
    expect(
      (await call("DELETE", `/allocation/direct-cost-pool-percentage-allocations/${visit.json().id}/`))
        .statusCode,
    ).toBe(204);
    expect((await call("GET", `${step3}/${visit.json().id}`)).statusCode).toBe(404);
  });

  it("takes a direct pool and an activity of the model", async () => {
    const indirect = await call("POST", step3, {
      scenario: m.scenario,
      source: m.pool.ADMIN,
      destination: m.activity.SELL,
    });
    expect(fieldErrors(indirect)).toEqual(["source: not_direct_pool"]);
    const foreign = await call("POST", step3, {
      scenario: m.scenario,
      source: m.pool.PROD,
      destination: other.activity.MAKE,
    });
    expect(fieldErrors(foreign)).toEqual(["destination: not_in_model"]);
    const missing = await call("POST", step3, {
      scenario: m.scenario,
      source: m.pool.PROD,
      destination: 987_654,
    });
    expect(missing.statusCode).toBe(404);
    expect(fieldErrors(missing)).toEqual(["destination: not_found"]);
  });

  it("a time-driven pool takes only TDABC activities, with their unit minutes", async () => {
    const noMinutes = await call("POST", step3, {
      scenario: m.scenario,
      source: m.pool.CS,
      destination: m.activity.ORDER,
    });
    expect(fieldErrors(noMinutes)).toEqual(["tdabc_ratio: required"]);
    const order = await call("POST", step3, {
      scenario: m.scenario,
      source: m.pool.CS,
      destination: m.activity.ORDER,
      tdabc_ratio: 8,
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json()).toMatchObject({ destination_is_tdabc: true, tdabc_ratio: 8, source_state: null });
    // CS has TDABC activities: an ordinary activity is refused.
    const ordinary = await call("POST", step3, {
      scenario: m.scenario,
      source: m.pool.CS,
      destination: m.activity.SELL,
    });
    expect(ordinary.json().errors).toEqual([
      {
        field: "destination",
        reason: "tdabc_only",
        message: "this cost pool is time-driven: choose a TDABC activity",
      },
    ]);
    // And a pool already routing to ordinary activities cannot take a TDABC one.
    await call("POST", step3, { scenario: m.scenario, source: m.pool.PROD, destination: m.activity.MAKE });
    const mixed = await call("POST", step3, {
      scenario: m.scenario,
      source: m.pool.PROD,
      destination: m.activity.INQUIRY,
      tdabc_ratio: 44,
    });
    expect(fieldErrors(mixed)).toEqual(["destination: tdabc_mixed"]);
    const negative = await call("PATCH", `${step3}/${order.json().id}`, { tdabc_ratio: -1 });
    expect(fieldErrors(negative)).toEqual(["tdabc_ratio: too_small"]);
    const sources = (await call("GET", `${step3}/sources?scenario=${m.scenario}`)).json();
    expect(sources.find((s: { source_ext_id: string }) => s.source_ext_id === "CS")).toMatchObject({
      time_driven: true,
      state: null,
    });
  });
});

const step4 = "/allocation/activity-allocations";

describe("step 4: activity allocations", () => {
  it("defaults to an EVEN split and allows one rule per activity and scenario", async () => {
    const created = await call("POST", `${step4}/`, {
      scenario: m.scenario,
      source: m.activity.SELL,
      destination: m.dimension.CUST,
      description: "Selling effort per customer",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      scenario: m.scenario,
      source: m.activity.SELL,
      source_name: "Sell",
      destination: m.dimension.CUST,
      destination_name: "Customers",
      splitType: "EVEN",
      allocationDriver: null,
      allocation_driver_name: null,
      equation: "",
      description: "Selling effort per customer",
    });
    const again = await call("POST", step4, {
      scenario: m.scenario,
      source: m.activity.SELL,
      destination: m.dimension.ORD,
    });
    expect(fieldErrors(again)).toEqual(["source: taken"]);
    const list = (await call("GET", `${step4}?scenario=${m.scenario}`)).json();
    expect(list).toMatchObject({
      count: 1,
      results: [{ source_name: "Sell", destination_name: "Customers" }],
    });
    expect((await call("DELETE", `${step4}/${created.json().id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `${step4}/${created.json().id}`)).statusCode).toBe(404);
  });

  it("DRIVER needs a decimal driver of the destination dimension", async () => {
    const base = {
      scenario: m.scenario,
      source: m.activity.VISIT,
      destination: m.dimension.ORD,
      splitType: "DRIVER",
    };
    expect((await call("POST", step4, base)).json().errors).toEqual([
      { field: "allocationDriver", reason: "driver_required", message: "Please create a driver first." },
    ]);
    const otherDimension = await call("POST", step4, {
      ...base,
      allocationDriver: m.driverId("revenue", "CUST"),
    });
    expect(fieldErrors(otherDimension)).toEqual(["allocationDriver: driver_not_in_dimension"]);
    const text = await call("POST", step4, { ...base, allocationDriver: m.driverId("channel", "ORD") });
    expect(fieldErrors(text)).toEqual(["allocationDriver: not_decimal_driver"]);
    const ok = await call("POST", step4, { ...base, allocationDriver: m.driverId("qty", "ORD") });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      splitType: "DRIVER",
      allocationDriver: m.driverId("qty", "ORD"),
      allocation_driver_name: "qty",
    });
  });

  it("FORMULA starts at '=' and is checked against the dimension's drivers with the error position", async () => {
    const created = await call("POST", step4, {
      scenario: m.scenario,
      source: m.activity.MAKE,
      destination: m.dimension.ORD,
      splitType: "FORMULA",
    });
    expect(created.json()).toMatchObject({ splitType: "FORMULA", equation: "=" });
    const id = created.json().id;
    const good = await call("PATCH", `${step4}/${id}/`, { equation: "=qty*price + amount" });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().equation).toBe("=qty*price + amount");

    const unknown = await call("PATCH", `${step4}/${id}/`, { equation: "=qty*prize" });
    expect(unknown.json().errors).toEqual([
      { field: "equation", reason: "formula_unknown_name", message: "unknown name prize at character 6" },
    ]);
    // A driver of another dimension is unknown here; so is a text driver.
    expect(fieldErrors(await call("PATCH", `${step4}/${id}/`, { equation: "=revenue" }))).toEqual([
      "equation: formula_unknown_name",
    ]);
    const syntax = await call("PATCH", `${step4}/${id}/`, { equation: "=(qty" });
    expect(syntax.json().errors[0]).toMatchObject({
      field: "equation",
      reason: "formula_unclosed_parenthesis",
    });
    const noEquals = await call("PATCH", `${step4}/${id}/`, { equation: "qty" });
    expect(noEquals.json().errors[0]).toMatchObject({ reason: "formula_missing_equals" });
    // The stored formula is untouched by refused edits; switching to EVEN clears it.
    expect((await call("GET", `${step4}/${id}`)).json().equation).toBe("=qty*price + amount");
    const even = await call("PATCH", `${step4}/${id}`, { splitType: "EVEN" });
    expect(even.json()).toMatchObject({ splitType: "EVEN", equation: "" });
    // Choosing FORMULA again resets the equation to '='.
    expect((await call("PATCH", `${step4}/${id}`, { splitType: "FORMULA" })).json().equation).toBe("=");
  });

  it("gives formula feedback before saving", async () => {
    const feedback = await call("POST", "/allocation/check-formula/", {
      dimension: m.dimension.ORD,
      equation: "=qty * [unit cost]",
    });
    expect(feedback.json()).toEqual({
      ok: false,
      names: [],
      error: {
        code: "unknown_name",
        position: 7,
        column: 8,
        name: "unit cost",
        message: "unknown name unit cost at character 8",
      },
    });
    const ok = await call("POST", "/allocation/check-formula/", {
      dimension: m.dimension.ORD,
      equation: "=IF(qty>0, price, 0)",
    });
    expect(ok.json()).toEqual({ ok: true, names: ["qty", "price"], error: null });
    const arabic = await t.app.inject({
      method: "POST",
      url: "/api/v1/allocation/check-formula",
      headers: {
        authorization: `Bearer ${(await login(t.app, "client@costflow.demo")).access}`,
        "accept-language": "ar",
      },
      payload: { dimension: m.dimension.ORD, equation: "=SUM(qty)" },
    });
    expect(arabic.json().error).toMatchObject({
      code: "unknown_function",
      column: 2,
      message: "دالة غير معروفة SUM عند الحرف 2",
    });
  });
});
