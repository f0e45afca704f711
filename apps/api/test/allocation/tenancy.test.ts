import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  as,
  createCompany,
  createMember,
  demoCompanyId,
  login,
  startTestApp,
  type TestApp,
} from "../helpers/test-app.ts";
import { buildModel, type Call, type ModelFixture } from "./model-fixture.ts";

// Company B must not see or touch company A's rules and lines: every call answers 404 (as for an
// id that does not exist), including creates in B's own scenario that name A's ids. Viewers read.

let t: TestApp;
let a: Call;
let b: Call;
let viewer: Call;
let mA: ModelFixture;
let mB: ModelFixture;
const ruleA: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  const demo = await demoCompanyId(t.database);
  const companyB = await createCompany(t.database, "Company B", "admin@b.test");
  await createMember(t.database, {
    email: "viewer@costflow.demo",
    role: "client",
    groupName: "Viewers",
    companyId: demo,
  });
  a = as(t.app, (await login(t.app, "client@costflow.demo")).access);
  b = as(t.app, (await login(t.app, "admin@b.test")).access);
  viewer = as(t.app, (await login(t.app, "viewer@costflow.demo")).access);
  mA = await buildModel(t, a, demo);
  mB = await buildModel(t, b, companyB.companyId, "B's model");

  const create = async (key: string, path: string, body: object) => {
    const response = await a("POST", path, { scenario: mA.scenario, ...body });
    expect(response.statusCode, `${key}: ${response.body}`).toBe(201);
    ruleA[key] = response.json().id;
  };
  await create("step1", "/allocation/account-percentage-allocations", {
    source: mA.account.RENT,
    destination: mA.pool.SALES,
  });
  await create("step2", "/allocation/indirect-cost-pool-percentage-allocations", {
    source: mA.pool.ADMIN,
    destination: mA.pool.SALES,
  });
  await create("step3", "/allocation/direct-cost-pool-percentage-allocations", {
    source: mA.pool.SALES,
    destination: mA.activity.SELL,
  });
  await create("step4", "/allocation/activity-allocations", {
    source: mA.activity.SELL,
    destination: mA.dimension.CUST,
  });
  await create("step5", "/allocation/dimension-allocations", {
    source_activity: mA.activity.SELL,
    source_parent: mA.dimension.CUST,
    destination_child: mA.dimension.ORD,
  });
  await create("step6", "/allocation/calculated-driver-allocations", {
    source_driver: mA.calculated.amount,
    destination_child: mA.dimension.LINE,
  });
  const lineResponse = await a("POST", "/report/lines", {
    model: mA.model,
    code: "SELL",
    activity: mA.activity.SELL,
  });
  expect(lineResponse.statusCode).toBe(201);
  ruleA.line = lineResponse.json().id;
});
afterAll(async () => {
  await t?.close();
});

const lists = [
  "/allocation/account-allocations",
  "/allocation/account-allocations/sources",
  "/allocation/cost-pool-allocations",
  "/allocation/cost-pool-allocations/sources",
  "/allocation/direct-cost-pool-percentage-allocations",
  "/allocation/direct-cost-pool-percentage-allocations/sources",
  "/allocation/activity-allocations",
  "/allocation/dimension-allocations",
  "/allocation/calculated-driver-allocations",
  "/allocation/settings",
];

const rules = [
  // [key, GET/DELETE path, PATCH paths]
  [
    "step1",
    "/allocation/account-allocations",
    ["/allocation/account-percentage-allocations", "/allocation/account-driver-allocations"],
  ],
  [
    "step2",
    "/allocation/cost-pool-allocations",
    [
      "/allocation/indirect-cost-pool-percentage-allocations",
      "/allocation/indirect-cost-pool-driver-allocations",
    ],
  ],
  [
    "step3",
    "/allocation/direct-cost-pool-percentage-allocations",
    ["/allocation/direct-cost-pool-percentage-allocations"],
  ],
  ["step4", "/allocation/activity-allocations", ["/allocation/activity-allocations"]],
  ["step5", "/allocation/dimension-allocations", ["/allocation/dimension-allocations"]],
  ["step6", "/allocation/calculated-driver-allocations", ["/allocation/calculated-driver-allocations"]],
] as const;

describe("company B on company A's rules", () => {
  it("cannot list A's scenario, nor read its settings", async () => {
    for (const path of lists) {
      const response = await b("GET", `${path}/?scenario=${mA.scenario}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().errors, path).toEqual([
        { field: "scenario", reason: "not_found", message: "no such item" },
      ]);
      expect((await a("GET", `${path}/?scenario=${mA.scenario}`)).statusCode, path).toBe(200);
    }
    expect(
      (await b("PUT", `/allocation/settings/?scenario=${mA.scenario}`, { strategy: "rebalance" })).statusCode,
    ).toBe(404);
    const generate = await b("POST", "/allocation/cost-pool-allocations/generate", {
      scenario: mA.scenario,
      destinations: [mA.pool.SALES],
      driver: mA.poolDriver.headcount,
    });
    expect(generate.statusCode).toBe(404);
    const check = await b("POST", "/allocation/check-formula", {
      dimension: mA.dimension.ORD,
      equation: "=qty",
    });
    expect(check.statusCode).toBe(404);
  });

  it("cannot read, patch or delete A's rules", async () => {
    for (const [key, path, patchPaths] of rules) {
      const id = ruleA[key]!;
      expect((await b("GET", `${path}/${id}/`)).statusCode, key).toBe(404);
      for (const patchPath of patchPaths) {
        expect((await b("PATCH", `${patchPath}/${id}/`, {})).statusCode, `${key} ${patchPath}`).toBe(404);
      }
      expect((await b("DELETE", `${path}/${id}`)).statusCode, key).toBe(404);
      expect((await a("GET", `${path}/${id}/`)).statusCode, key).toBe(200);
    }
  });

  it("cannot create rules in A's scenario, nor with A's ids in its own", async () => {
    const attempts: [string, object, string][] = [
      [
        "/allocation/account-percentage-allocations",
        { source: mA.account.RENT, destination: mB.pool.SALES },
        "source",
      ],
      [
        "/allocation/account-percentage-allocations",
        { source: mB.account.RENT, destination: mA.pool.SALES },
        "destination",
      ],
      [
        "/allocation/account-driver-allocations",
        { source: mB.account.RENT, destination: mB.pool.SALES, driver: mA.poolDriver.headcount },
        "driver",
      ],
      [
        "/allocation/indirect-cost-pool-percentage-allocations",
        { source: mA.pool.ADMIN, destination: mB.pool.SALES },
        "source",
      ],
      [
        "/allocation/direct-cost-pool-percentage-allocations",
        { source: mB.pool.SALES, destination: mA.activity.SELL },
        "destination",
      ],
      [
        "/allocation/activity-allocations",
        { source: mA.activity.VISIT, destination: mB.dimension.CUST },
        "source",
      ],
      [
        "/allocation/activity-allocations",
        { source: mB.activity.VISIT, destination: mA.dimension.CUST },
        "destination",
      ],
      [
        "/allocation/activity-allocations",
        {
          source: mB.activity.MAKE,
          destination: mB.dimension.ORD,
          splitType: "DRIVER",
          allocationDriver: mA.driverId("qty", "ORD"),
        },
        "allocationDriver",
      ],
      [
        "/allocation/dimension-allocations",
        {
          source_activity: mA.activity.VISIT,
          source_parent: mB.dimension.CUST,
          destination_child: mB.dimension.ORD,
        },
        "source_activity",
      ],
      [
        "/allocation/dimension-allocations",
        {
          source_activity: mB.activity.VISIT,
          source_parent: mA.dimension.CUST,
          destination_child: mB.dimension.ORD,
        },
        "source_parent",
      ],
      [
        "/allocation/dimension-allocations",
        {
          source_activity: mB.activity.VISIT,
          source_parent: mB.dimension.CUST,
          destination_child: mA.dimension.ORD,
        },
        "destination_child",
      ],
      [
        "/allocation/calculated-driver-allocations",
        { source_driver: mA.calculated.amount, destination_child: mB.dimension.LINE },
        "source_driver",
      ],
    ];
    for (const [path, body, field] of attempts) {
      const own = await b("POST", path, { scenario: mB.scenario, ...body });
      expect(own.statusCode, `${path} ${field}`).toBe(404);
      expect(own.json().errors[0].field, path).toBe(field);
      const theirs = await b("POST", path, { scenario: mA.scenario, ...body });
      expect(theirs.statusCode, path).toBe(404);
    }
    const generate = await b("POST", "/allocation/cost-pool-allocations/generate", {
      scenario: mB.scenario,
      destinations: [mA.pool.SALES],
      driver: mB.poolDriver.headcount,
    });
    expect(generate.statusCode).toBe(404);
    // Nothing of A changed.
    expect((await a("GET", `/allocation/account-allocations/?scenario=${mA.scenario}`)).json().count).toBe(1);
  });

  it("cannot see, create in, change or delete A's P&L lines", async () => {
    expect((await b("GET", `/report/lines/?model=${mA.model}`)).statusCode).toBe(404);
    expect((await b("GET", `/report/lines/${ruleA.line}/`)).statusCode).toBe(404);
    expect(
      (await b("POST", "/report/lines", { model: mA.model, code: "X", category: "AGG" })).statusCode,
    ).toBe(404);
    const withAActivity = await b("POST", "/report/lines", {
      model: mB.model,
      code: "X",
      activity: mA.activity.SELL,
    });
    expect(withAActivity.statusCode).toBe(404);
    expect(withAActivity.json().errors[0].field).toBe("activity");
    const withADriver = await b("POST", "/report/lines", {
      model: mB.model,
      code: "Y",
      category: "DRI",
      calculated_driver_id: mA.calculated.amount,
    });
    expect(withADriver.statusCode).toBe(404);
    const withAParent = await b("POST", "/report/lines", {
      model: mB.model,
      code: "Z",
      category: "AGG",
      parent: ruleA.line,
    });
    expect(withAParent.statusCode).toBe(404);
    expect(
      (await b("PUT", `/report/lines/${ruleA.line}/`, { code: "SELL", activity: mB.activity.SELL }))
        .statusCode,
    ).toBe(404);
    expect((await b("DELETE", `/report/lines/${ruleA.line}`)).statusCode).toBe(404);
    expect(
      (await b("POST", "/report/lines/check-formula", { model: mA.model, formula: "=SELL" })).statusCode,
    ).toBe(404);
    expect((await a("GET", `/report/lines/${ruleA.line}`)).json().code).toBe("SELL");
  });
});

describe("a Viewer of company A", () => {
  it("reads the rules and lines but cannot change them", async () => {
    expect((await viewer("GET", `/allocation/account-allocations/?scenario=${mA.scenario}`)).statusCode).toBe(
      200,
    );
    expect((await viewer("GET", `/report/lines/?model=${mA.model}`)).statusCode).toBe(200);
    const create = await viewer("POST", "/allocation/account-percentage-allocations", {
      scenario: mA.scenario,
      source: mA.account.RENT,
      destination: mA.pool.PROD,
    });
    expect(create.statusCode).toBe(403);
    expect(
      (await viewer("PATCH", `/allocation/activity-allocations/${ruleA.step4}`, { description: "x" }))
        .statusCode,
    ).toBe(403);
    expect((await viewer("DELETE", `/allocation/dimension-allocations/${ruleA.step5}`)).statusCode).toBe(403);
    expect(
      (await viewer("PUT", `/allocation/settings?scenario=${mA.scenario}`, { strategy: "rebalance" }))
        .statusCode,
    ).toBe(403);
    expect((await viewer("DELETE", `/report/lines/${ruleA.line}`)).statusCode).toBe(403);
  });
});
