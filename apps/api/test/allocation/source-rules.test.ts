import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { buildModel, type Call, fieldErrors, type ModelFixture } from "./model-fixture.ts";

// Steps 1 and 2: financial account → cost pool, indirect pool → pool; sources' states;
// generating the second step; the allocation settings.

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

describe("step 1: account allocations", () => {
  it("creates a PERCENTAGE rule with the default 100%, lists it and its source state", async () => {
    const created = await call("POST", "/allocation/account-percentage-allocations/", {
      scenario: m.scenario,
      source: m.account.RENT,
      destination: m.pool.SALES,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      scenario: m.scenario,
      source: m.account.RENT,
      source_ext_id: "RENT",
      source_name: "RENT account",
      destination: m.pool.SALES,
      destination_ext_id: "SALES",
      destination_name: "Sales",
      allocation_type: "PERCENTAGE",
      type: "PERCENTAGE",
      percentage: 100,
      ratio: 1,
      driver: null,
      cost_pool_driver_name: null,
      source_total_percentage: 100,
      source_state: "FULLY_ALLOCATED",
    });

    // A second row takes the account over 100%.
    const second = await call("POST", "/allocation/account-percentage-allocations", {
      scenario: m.scenario,
      source: m.account.RENT,
      destination: m.pool.PROD,
      ratio: "0.250000",
    });
    expect(second.json()).toMatchObject({ percentage: 25, ratio: 0.25, source_state: "OVER_ALLOCATED" });

    const list = await call(
      "GET",
      `/allocation/account-allocations/?scenario=${m.scenario}&ordering=-destination_ext_id`,
    );
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page).toMatchObject({ count: 2, next: null, previous: null });
    expect(page.results.map((r: { destination_ext_id: string }) => r.destination_ext_id)).toEqual([
      "SALES",
      "PROD",
    ]);
    expect(page.results[0]).toMatchObject({ source_total_percentage: 125, source_state: "OVER_ALLOCATED" });

    // Bringing the first row to 75% makes the account fully allocated.
    const patched = await call("PATCH", `/allocation/account-percentage-allocations/${created.json().id}/`, {
      ratio: 0.75,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      percentage: 75,
      source_total_percentage: 100,
      source_state: "FULLY_ALLOCATED",
    });

    const sources = await call("GET", `/allocation/account-allocations/sources/?scenario=${m.scenario}`);
    expect(sources.json()).toEqual([
      {
        source: m.account.RENT,
        source_ext_id: "RENT",
        source_name: "RENT account",
        total_percentage: 100,
        state: "FULLY_ALLOCATED",
        rules: 2,
        time_driven: false,
        drivers_without_values: [],
      },
    ]);

    for (const id of [created.json().id, second.json().id]) {
      expect((await call("DELETE", `/allocation/account-allocations/${id}`)).statusCode).toBe(204);
    }
    expect((await call("GET", `/allocation/account-allocations/${created.json().id}/`)).statusCode).toBe(404);
    expect((await call("DELETE", `/allocation/account-allocations/${created.json().id}/`)).statusCode).toBe(
      404,
    );
  });

  it("keeps six decimals of the ratio and refuses percentages outside 0..100", async () => {
    const third = await call("POST", "/allocation/account-percentage-allocations", {
      scenario: m.scenario,
      source: m.account.SALARIES,
      destination: m.pool.SALES,
      ratio: 0.3333333333,
    });
    expect(third.json()).toMatchObject({ ratio: 0.333333, percentage: 33.3333 });
    for (const ratio of [1.5, -0.1, "1.0000006"]) {
      const refused = await call("PATCH", `/allocation/account-percentage-allocations/${third.json().id}`, {
        ratio,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        { field: "ratio", reason: "percentage_range", message: "Percentage must be between 0 and 100" },
      ]);
    }
    // Exactly 0 and 100 are allowed; 1.0000004 rounds to 1.
    for (const [ratio, percentage] of [
      [0, 0],
      [1, 100],
      [1.0000004, 100],
    ] as const) {
      const ok = await call("PATCH", `/allocation/account-percentage-allocations/${third.json().id}`, {
        ratio,
      });
      expect(ok.json().percentage).toBe(percentage);
    }
    // Three thirds are exactly 100%.
    await call("PATCH", `/allocation/account-percentage-allocations/${third.json().id}`, { ratio: 0.333333 });
    for (const [pool, ratio] of [
      [m.pool.PROD, 0.333333],
      [m.pool.CS, 0.333334],
    ] as const) {
      await call("POST", "/allocation/account-percentage-allocations", {
        scenario: m.scenario,
        source: m.account.SALARIES,
        destination: pool,
        ratio,
      });
    }
    const sources = (
      await call("GET", `/allocation/account-allocations/sources?scenario=${m.scenario}`)
    ).json();
    expect(sources).toEqual([
      expect.objectContaining({ source_ext_id: "SALARIES", total_percentage: 100, state: "FULLY_ALLOCATED" }),
    ]);
  });

  it("refuses malformed bodies naming the field", async () => {
    const missing = await call("POST", "/allocation/account-percentage-allocations", {
      scenario: m.scenario,
    });
    expect(missing.statusCode).toBe(400);
    expect(fieldErrors(missing)).toEqual(["source: required", "destination: required"]);
    const unknown = await call("POST", "/allocation/account-percentage-allocations", {
      scenario: m.scenario,
      source: m.account.RENT,
      destination: m.pool.SALES,
      percentage: 50,
    });
    expect(fieldErrors(unknown)).toEqual(["percentage: unknown_field"]);
    const text = await call("POST", "/allocation/account-percentage-allocations", {
      scenario: "abc",
      source: m.account.RENT,
      destination: m.pool.SALES,
    });
    expect(text.statusCode).toBe(400);
    expect(fieldErrors(text)).toEqual(["scenario: invalid_type"]);
    const badList = await call("GET", "/allocation/account-allocations?scenario=1&ordering=password");
    expect(fieldErrors(badList)).toEqual(["ordering: invalid_value"]);
    const noScenario = await call("GET", "/allocation/account-allocations");
    expect(fieldErrors(noScenario)).toEqual(["scenario: required"]);
  });

  it("needs an account and a cost pool of the scenario's model", async () => {
    const wrongKinds = await call("POST", "/allocation/account-percentage-allocations", {
      scenario: m.scenario,
      source: other.account.RENT,
      destination: other.pool.SALES,
    });
    expect(fieldErrors(wrongKinds)).toEqual(["source: not_in_model", "destination: not_in_model"]);
    const noAccount = await call("POST", "/allocation/account-percentage-allocations", {
      scenario: m.scenario,
      source: 999_999,
      destination: m.pool.SALES,
    });
    expect(noAccount.statusCode).toBe(404);
    expect(fieldErrors(noAccount)).toEqual(["source: not_found"]);
  });

  it("DRIVER rows need a driver and share one percentage per account and driver", async () => {
    const noDriver = await call("POST", "/allocation/account-driver-allocations/", {
      scenario: m.scenario,
      source: m.account.IT_COST,
      destination: m.pool.SALES,
    });
    expect(noDriver.statusCode).toBe(400);
    expect(noDriver.json().errors).toEqual([
      { field: "driver", reason: "driver_required", message: "Please create a driver first." },
    ]);
    const textDriver = await call("POST", "/allocation/account-driver-allocations/", {
      scenario: m.scenario,
      source: m.account.IT_COST,
      destination: m.pool.SALES,
      driver: m.poolDriver.label,
    });
    expect(fieldErrors(textDriver)).toEqual(["driver: not_decimal_driver"]);

    const first = await call("POST", "/allocation/account-driver-allocations/", {
      scenario: m.scenario,
      source: m.account.IT_COST,
      destination: m.pool.SALES,
      driver: m.poolDriver.headcount,
      ratio: 0.6,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      allocation_type: "DRIVER",
      driver: m.poolDriver.headcount,
      cost_pool_driver_name: "headcount",
      percentage: 60,
    });
    const mismatch = await call("POST", "/allocation/account-driver-allocations/", {
      scenario: m.scenario,
      source: m.account.IT_COST,
      destination: m.pool.PROD,
      driver: m.poolDriver.headcount,
      ratio: 0.5,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([
      {
        field: "ratio",
        reason: "driver_group_percentage",
        message: "the rows of this source with driver headcount carry 60%: use the same percentage",
      },
    ]);
    // Without a ratio, a new row of the group takes the group's percentage.
    const joined = await call("POST", "/allocation/account-driver-allocations/", {
      scenario: m.scenario,
      source: m.account.IT_COST,
      destination: m.pool.PROD,
      driver: m.poolDriver.headcount,
    });
    expect(joined.json()).toMatchObject({
      percentage: 60,
      source_total_percentage: 60,
      source_state: "UNDER_ALLOCATED",
    });
    // Editing the percentage of one row of the group sets the group's.
    const edited = await call("PATCH", `/allocation/account-driver-allocations/${joined.json().id}/`, {
      ratio: 1,
    });
    expect(edited.json()).toMatchObject({ percentage: 100, source_state: "FULLY_ALLOCATED" });
    expect((await call("GET", `/allocation/account-allocations/${first.json().id}`)).json().percentage).toBe(
      100,
    );

    // A group whose driver has no values in the scenario routes nothing ('Please, set driver values').
    const spaced = await call("POST", "/allocation/account-driver-allocations/", {
      scenario: m.scenario,
      source: m.account.RENT,
      destination: m.pool.SALES,
      driver: m.poolDriver.floor_space,
    });
    expect(spaced.json()).toMatchObject({ source_total_percentage: 0, source_state: "UNDER_ALLOCATED" });
    const sources = (
      await call("GET", `/allocation/account-allocations/sources?scenario=${m.scenario}`)
    ).json();
    expect(sources.find((s: { source_ext_id: string }) => s.source_ext_id === "RENT")).toMatchObject({
      total_percentage: 0,
      drivers_without_values: ["floor_space"],
    });

    // PATCH on the percentage path turns a DRIVER row into a PERCENTAGE row.
    const turned = await call("PATCH", `/allocation/account-percentage-allocations/${spaced.json().id}`, {});
    expect(turned.json()).toMatchObject({
      allocation_type: "PERCENTAGE",
      driver: null,
      source_state: "FULLY_ALLOCATED",
    });
  });

  it("answers in the caller's language", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/allocation/account-percentage-allocations",
      headers: { ...(await bearerOf()), "accept-language": "es" },
      payload: { scenario: m.scenario, source: m.account.RENT, destination: m.pool.SALES, ratio: 2 },
    });
    expect(response.json().errors[0].message).toBe("El porcentaje debe estar entre 0 y 100");
  });
});

async function bearerOf() {
  return { authorization: `Bearer ${(await login(t.app, "client@costflow.demo")).access}` };
}

describe("step 2: indirect cost pool allocations", () => {
  it("takes an indirect source and another pool as destination", async () => {
    const created = await call("POST", "/allocation/indirect-cost-pool-percentage-allocations/", {
      scenario: m.scenario,
      source: m.pool.ADMIN,
      destination: m.pool.IT,
      ratio: 0.2,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      source_ext_id: "ADMIN",
      destination_ext_id: "IT",
      percentage: 20,
      source_state: "UNDER_ALLOCATED",
    });
    const direct = await call("POST", "/allocation/indirect-cost-pool-percentage-allocations/", {
      scenario: m.scenario,
      source: m.pool.SALES,
      destination: m.pool.PROD,
    });
    expect(fieldErrors(direct)).toEqual(["source: not_indirect_pool"]);
    const itself = await call(
      "PATCH",
      `/allocation/indirect-cost-pool-percentage-allocations/${created.json().id}/`,
      {
        destination: m.pool.ADMIN,
      },
    );
    expect(fieldErrors(itself)).toEqual(["destination: same_as_source"]);
    const byDriver = await call(
      "PATCH",
      `/allocation/indirect-cost-pool-driver-allocations/${created.json().id}/`,
      {
        driver: m.poolDriver.headcount,
      },
    );
    expect(byDriver.json()).toMatchObject({
      allocation_type: "DRIVER",
      type: "DRIVER",
      cost_pool_driver_name: "headcount",
      percentage: 20,
    });
    const list = (await call("GET", `/allocation/cost-pool-allocations/?scenario=${m.scenario}`)).json();
    expect(list.count).toBe(1);
    // Step-2 rows carry the rule type as `type` too, beside allocation_type (docs/api-contract.md).
    expect(list.results[0]).toMatchObject({ type: "DRIVER", allocation_type: "DRIVER" });
    const sources = (
      await call("GET", `/allocation/cost-pool-allocations/sources/?scenario=${m.scenario}`)
    ).json();
    expect(sources).toEqual([expect.objectContaining({ source_ext_id: "ADMIN", total_percentage: 20 })]);
    expect((await call("DELETE", `/allocation/cost-pool-allocations/${created.json().id}`)).statusCode).toBe(
      204,
    );
  });

  it("generates new second-step allocations, replacing all previous ones", async () => {
    const old = await call("POST", "/allocation/indirect-cost-pool-percentage-allocations/", {
      scenario: m.scenario,
      source: m.pool.IT,
      destination: m.pool.CS,
    });
    expect(old.statusCode).toBe(201);
    const generated = await call("POST", "/allocation/cost-pool-allocations/generate/", {
      scenario: m.scenario,
      destinations: [m.pool.SALES, m.pool.PROD, m.pool.IT],
      driver: m.poolDriver.headcount,
    });
    expect(generated.statusCode, generated.body).toBe(200);
    // ADMIN → SALES, PROD, IT; IT → SALES, PROD (never itself).
    expect(generated.json()).toEqual({ created: 5, deleted: 1 });
    const rows = (
      await call("GET", `/allocation/cost-pool-allocations/?scenario=${m.scenario}&ordering=id&limit=100`)
    ).json().results as {
      source_ext_id: string;
      destination_ext_id: string;
      allocation_type: string;
      percentage: number;
    }[];
    expect(rows.map((r) => `${r.source_ext_id}>${r.destination_ext_id}`).sort()).toEqual([
      "ADMIN>IT",
      "ADMIN>PROD",
      "ADMIN>SALES",
      "IT>PROD",
      "IT>SALES",
    ]);
    expect(rows.every((r) => r.allocation_type === "DRIVER" && r.percentage === 100)).toBe(true);
    expect((await call("GET", `/allocation/cost-pool-allocations/${old.json().id}`)).statusCode).toBe(404);

    const noDriver = await call("POST", "/allocation/cost-pool-allocations/generate/", {
      scenario: m.scenario,
      destinations: [m.pool.SALES],
      driver: null,
    });
    expect(noDriver.json().errors).toEqual([
      { field: "driver", reason: "driver_required", message: "Please create a driver first." },
    ]);
    const none = await call("POST", "/allocation/cost-pool-allocations/generate/", {
      scenario: m.scenario,
      destinations: [],
      driver: m.poolDriver.headcount,
    });
    expect(fieldErrors(none)).toEqual(["destinations: too_short"]);
    const foreignPool = await call("POST", "/allocation/cost-pool-allocations/generate/", {
      scenario: m.scenario,
      destinations: [other.pool.SALES],
      driver: m.poolDriver.headcount,
    });
    expect(fieldErrors(foreignPool)).toEqual(["destinations: not_in_model"]);
    // A refused generation leaves the rules as they were.
    expect(
      (await call("GET", `/allocation/cost-pool-allocations/?scenario=${m.scenario}`)).json().count,
    ).toBe(5);
  });
});

describe("allocation settings", () => {
  it("default to not_allocate and keep the strategy, stop condition and profit line", async () => {
    const defaults = await call("GET", `/allocation/settings/?scenario=${m.scenario}`);
    expect(defaults.json()).toEqual({
      scenario: m.scenario,
      strategy: "not_allocate",
      iteration_stop: 0,
      profit_line: null,
    });
    const changed = await call("PUT", `/allocation/settings/?scenario=${m.scenario}`, {
      strategy: "rebalance",
      iteration_stop: 0.5,
    });
    expect(changed.json()).toEqual({
      scenario: m.scenario,
      strategy: "rebalance",
      iteration_stop: 0.5,
      profit_line: null,
    });
    expect((await call("GET", `/allocation/settings?scenario=${m.scenario}`)).json().strategy).toBe(
      "rebalance",
    );

    const bad = await call("PUT", `/allocation/settings/?scenario=${m.scenario}`, {
      iteration_stop: 101,
      profit_line: "NOPE",
    });
    expect(bad.json().errors).toEqual([
      {
        field: "iteration_stop",
        reason: "percentage_range",
        message: "Percentage must be between 0 and 100",
      },
      { field: "profit_line", reason: "not_found", message: "no such item" },
    ]);
    const strategy = await call("PUT", `/allocation/settings/?scenario=${m.scenario}`, {
      strategy: "iterate",
    });
    expect(fieldErrors(strategy)).toEqual(["strategy: invalid_value"]);
  });
});
