import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { buildModel, type Call, fieldErrors, type ModelFixture } from "./model-fixture.ts";

// Steps 5 and 6: pushes from a parent dimension to a child dimension (CUST > ORD > LINE).

let t: TestApp;
let call: Call;
let m: ModelFixture;

beforeAll(async () => {
  t = await startTestApp();
  const demo = await demoCompanyId(t.database);
  call = as(t.app, (await login(t.app, "client@costflow.demo")).access);
  m = await buildModel(t, call, demo);
});
afterAll(async () => {
  await t?.close();
});

const step5 = "/allocation/dimension-allocations";
const step6 = "/allocation/calculated-driver-allocations";

describe("step 5: dimension allocations", () => {
  it("defaults to NOT_ALLOCATE and derives the split from the equation", async () => {
    const created = await call("POST", `${step5}/`, {
      scenario: m.scenario,
      source_activity: m.activity.SELL,
      source_parent: m.dimension.CUST,
      destination_child: m.dimension.ORD,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      scenario: m.scenario,
      source_activity: m.activity.SELL,
      source_activity_name: "Sell",
      source_parent: m.dimension.CUST,
      source_parent_name: "Customers",
      destination_child: m.dimension.ORD,
      destination_child_name: "Orders",
      equation: "NOT_ALLOCATE",
      splitType: "NOT_ALLOCATE",
      allocationDriver: null,
    });
    const id = created.json().id;
    const patch = (body: object) => call("PATCH", `${step5}/${id}/`, body);

    expect((await patch({ equation: "EVEN" })).json()).toMatchObject({ equation: "EVEN", splitType: "EVEN" });
    expect((await patch({ equation: "DRIVER:qty" })).json()).toMatchObject({
      equation: "DRIVER:qty",
      splitType: "DRIVER",
      allocationDriver: m.driverId("qty", "ORD"),
    });
    // A calculated driver of the child may weigh the split too.
    expect((await patch({ equation: "DRIVER:amount" })).json()).toMatchObject({
      splitType: "DRIVER",
      allocationDriver: null,
    });
    expect((await patch({ equation: "=qty*2" })).json()).toMatchObject({
      equation: "=qty*2",
      splitType: "FORMULA",
    });
    // The form may send splitType (and allocationDriver) instead.
    expect(
      (await patch({ splitType: "DRIVER", allocationDriver: m.driverId("price", "ORD") })).json(),
    ).toMatchObject({
      equation: "DRIVER:price",
      allocationDriver: m.driverId("price", "ORD"),
    });
    expect((await patch({ splitType: "FORMULA" })).json()).toMatchObject({
      equation: "=",
      splitType: "FORMULA",
    });
    expect((await patch({ equation: "NOT_ALLOCATE" })).json().splitType).toBe("NOT_ALLOCATE");

    expect(fieldErrors(await patch({ equation: "DRIVER:revenue" }))).toEqual([
      "equation: driver_not_in_dimension",
    ]);
    expect(fieldErrors(await patch({ equation: "DRIVER:channel" }))).toEqual([
      "equation: not_decimal_driver",
    ]);
    expect(fieldErrors(await patch({ equation: "DRIVER:" }))).toEqual(["equation: driver_required"]);
    expect(fieldErrors(await patch({ equation: "SPLIT" }))).toEqual(["equation: invalid_split"]);
    const unknown = await patch({ equation: "=qty*revenue" });
    expect(unknown.json().errors).toEqual([
      { field: "equation", reason: "formula_unknown_name", message: "unknown name revenue at character 6" },
    ]);
    expect(fieldErrors(await patch({ equation: "EVEN", splitType: "DRIVER" }))).toEqual([
      "splitType: invalid_value",
    ]);
    expect(fieldErrors(await patch({ splitType: "DRIVER", allocationDriver: null }))).toEqual([
      "allocationDriver: driver_required",
    ]);

    const list = (await call("GET", `${step5}/?scenario=${m.scenario}&limit=5&offset=0`)).json();
    expect(list).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.results[0]).toMatchObject({ id, equation: "NOT_ALLOCATE" });
    expect((await call("GET", `${step5}/${id}`)).json().source_parent_name).toBe("Customers");
    expect((await call("DELETE", `${step5}/${id}`)).statusCode).toBe(204);
    expect((await call("PATCH", `${step5}/${id}/`, { equation: "EVEN" })).statusCode).toBe(404);
  });

  it("needs the child's relationship driver <PARENT_CODE>_ID, one push per parent, and no cycle", async () => {
    const base = { scenario: m.scenario, source_activity: m.activity.VISIT };
    const unrelated = await call("POST", step5, {
      ...base,
      source_parent: m.dimension.PRODUCT,
      destination_child: m.dimension.ORD,
    });
    expect(unrelated.json().errors).toEqual([
      {
        field: "destination_child",
        reason: "no_relationship",
        message: "the child dimension has no relationship driver PRODUCT_ID",
      },
    ]);
    const itself = await call("POST", step5, {
      ...base,
      source_parent: m.dimension.ORD,
      destination_child: m.dimension.ORD,
    });
    expect(fieldErrors(itself)).toEqual(["destination_child: same_as_source"]);

    const down = await call("POST", step5, {
      ...base,
      source_parent: m.dimension.CUST,
      destination_child: m.dimension.ORD,
      equation: "EVEN",
    });
    expect(down.statusCode, down.body).toBe(201);
    const chain = await call("POST", step5, {
      ...base,
      source_parent: m.dimension.ORD,
      destination_child: m.dimension.LINE,
      equation: "DRIVER:units",
    });
    expect(chain.statusCode, chain.body).toBe(201);
    const twice = await call("POST", step5, {
      ...base,
      source_parent: m.dimension.CUST,
      destination_child: m.dimension.ORD,
    });
    expect(fieldErrors(twice)).toEqual(["source_parent: taken"]);
    // ORD → CUST exists as a relationship (CUST has ORD_ID), but would close the loop CUST → ORD → CUST.
    await call("DELETE", `${step5}/${chain.json().id}`);
    const back = await call("POST", step5, {
      ...base,
      source_parent: m.dimension.ORD,
      destination_child: m.dimension.CUST,
    });
    expect(back.json().errors).toEqual([
      { field: "destination_child", reason: "cycle", message: "this would create a cycle: ORD → CUST → ORD" },
    ]);
    // Another activity's pushes are another chain: no cycle there.
    const otherActivity = await call("POST", step5, {
      scenario: m.scenario,
      source_activity: m.activity.MAKE,
      source_parent: m.dimension.ORD,
      destination_child: m.dimension.CUST,
    });
    expect(otherActivity.statusCode, otherActivity.body).toBe(201);
  });
});

describe("step 6: calculated driver allocations", () => {
  it("pushes a calculated driver from its dimension by EVEN, NOT_ALLOCATE, DRIVER or a formula", async () => {
    const created = await call("POST", `${step6}/`, {
      scenario: m.scenario,
      source_driver: m.calculated.amount,
      destination_child: m.dimension.LINE,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      scenario: m.scenario,
      source_driver: m.calculated.amount,
      source_driver_name: "amount",
      source_parent: m.dimension.ORD,
      source_parent_name: "Orders",
      destination_child: m.dimension.LINE,
      destination_child_name: "Order lines",
      equation: "NOT_ALLOCATE",
      splitType: "NOT_ALLOCATE",
      allocationDriver: null,
    });
    const id = created.json().id;
    for (const [equation, splitType] of [
      ["EVEN", "EVEN"],
      ["DRIVER:units", "DRIVER"],
      ["=units*3", "FORMULA"],
      ["NOT_ALLOCATE", "NOT_ALLOCATE"],
    ]) {
      const response = await call("PATCH", `${step6}/${id}/`, { equation });
      expect(response.json(), equation).toMatchObject({ equation, splitType });
    }
    const bad = await call("PATCH", `${step6}/${id}/`, { equation: "=units*" });
    expect(bad.json().errors[0]).toMatchObject({ field: "equation", reason: "formula_unexpected_token" });
    const list = (await call("GET", `${step6}?scenario=${m.scenario}&limit=10&offset=0`)).json();
    expect(list.results).toEqual([
      expect.objectContaining({ id, source_parent_name: "Orders", destination_child_name: "Order lines" }),
    ]);
    expect((await call("DELETE", `${step6}/${id}`)).statusCode).toBe(204);
  });

  it("checks the parent, the child's relationship and cycles per calculated driver", async () => {
    const unrelated = await call("POST", step6, {
      scenario: m.scenario,
      source_driver: m.calculated.score,
      destination_child: m.dimension.LINE,
    });
    expect(fieldErrors(unrelated)).toEqual(["destination_child: no_relationship"]);
    const down = await call("POST", step6, {
      scenario: m.scenario,
      source_driver: m.calculated.score,
      source_parent: m.dimension.CUST,
      destination_child: m.dimension.ORD,
      equation: "DRIVER:qty",
    });
    expect(down.statusCode, down.body).toBe(201);
    const back = await call("POST", step6, {
      scenario: m.scenario,
      source_driver: m.calculated.score,
      source_parent: m.dimension.ORD,
      destination_child: m.dimension.CUST,
    });
    expect(fieldErrors(back)).toEqual(["destination_child: cycle"]);
    const missing = await call("POST", step6, {
      scenario: m.scenario,
      source_driver: 123_456,
      destination_child: m.dimension.ORD,
    });
    expect(missing.statusCode).toBe(404);
    expect(fieldErrors(missing)).toEqual(["source_driver: not_found"]);
  });

  it("accepts a push from where an earlier push brings the driver, and lists the drivers reaching a dimension", async () => {
    // From no step-6 rule.
    const existing = await call("GET", `${step6}?scenario=${m.scenario}&limit=100&offset=0`);
    for (const r of existing.json().results) await call("DELETE", `${step6}/${r.id}`);
    const sources = async (parent: number) => {
      const response = await call(
        "GET",
        `${step6}/sources/?scenario=${m.scenario}&parent=${parent}&limit=100&offset=0`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json().results.map((r: { name: string; pushed: boolean }) => [r.name, r.pushed]);
    };
    expect(await sources(m.dimension.ORD!)).toEqual([["amount", false]]);
    const link = { scenario: m.scenario, source_driver: m.calculated.score };
    // score lives on CUST: nothing brings it to ORD yet.
    const early = await call("POST", step6, {
      ...link,
      source_parent: m.dimension.ORD,
      destination_child: m.dimension.LINE,
      equation: "DRIVER:units",
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([
      {
        field: "source_parent",
        reason: "driver_not_reached",
        message:
          "the calculated driver score does not reach ORD: it is not defined there and no earlier push of it ends there",
      },
    ]);
    const first = await call("POST", step6, {
      ...link,
      source_parent: m.dimension.CUST,
      destination_child: m.dimension.ORD,
      equation: "DRIVER:qty",
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(await sources(m.dimension.ORD!)).toEqual([
      ["amount", false],
      ["score", true],
    ]);
    const second = await call("POST", step6, {
      ...link,
      source_parent: m.dimension.ORD,
      destination_child: m.dimension.LINE,
      equation: "DRIVER:units",
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ source_driver_name: "score", source_parent_name: "Orders" });
    expect(await sources(m.dimension.LINE!)).toEqual([["score", true]]);
    // Without the first link the second reaches nothing: editing it is refused.
    expect((await call("DELETE", `${step6}/${first.json().id}`)).statusCode).toBe(204);
    const edit = await call("PATCH", `${step6}/${second.json().id}/`, { equation: "EVEN" });
    expect(fieldErrors(edit)).toEqual(["source_parent: driver_not_reached"]);
    const unknown = await call(
      "GET",
      `${step6}/sources/?scenario=${m.scenario}&parent=987654&limit=10&offset=0`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(fieldErrors(unknown)).toEqual(["parent: not_found"]);
    expect(fieldErrors(await call("GET", `${step6}/sources/?scenario=${m.scenario}`))).toEqual([
      "parent: required",
    ]);
    await call("DELETE", `${step6}/${second.json().id}`);
  });
});
