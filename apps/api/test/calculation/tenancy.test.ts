import { acceptanceBundle } from "@costflow/engine/test-support/shared-fixtures";
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
import { type Call, importBundle, waitForRun } from "./helpers.ts";

// Company B (its own administrator) cannot reach any calculation or result of company A's
// scenario: every call answers 404, as for a scenario that does not exist. A viewer of company A
// may read results but not start or stop runs.

let t: TestApp;
let callA: Call;
let callB: Call;
let scenario: number;
let runId: number;
beforeAll(async () => {
  t = await startTestApp();
  const accessA = (await login(t.app, "admin@costflow.demo")).access;
  callA = as(t.app, accessA);
  await createCompany(t.database, "Other Company", "owner@other.test");
  callB = as(t.app, (await login(t.app, "owner@other.test")).access);
  scenario = (await importBundle(t.app, accessA, acceptanceBundle("tdabc-customer-service"))).scenario;
  const response = await callA("POST", "/calculation/calculate-all/", { scenario });
  runId = response.json().calculation_id;
  expect((await waitForRun(callA, scenario, runId)).status).toBe("FINISHED");
});
afterAll(async () => t?.close());

const READS = [
  "/calculation/calculations/?scenario=S",
  "/report/calculation/?scenario=S",
  "/calculation/account-results/?scenario=S",
  "/calculation/account-results/by-source/?scenario=S",
  "/calculation/account-results/by-destination/?scenario=S",
  "/calculation/indirect-results/?scenario=S",
  "/calculation/indirect-results/by-source/?scenario=S",
  "/calculation/indirect-results/by-destination/?scenario=S",
  "/calculation/direct-results/?scenario=S",
  "/calculation/direct-results/by-source/?scenario=S",
  "/calculation/direct-results/by-destination/?scenario=S",
  "/calculation/direct-results/time-driven/?scenario=S",
  "/calculation/activity-results/?scenario=S",
  "/calculation/activity-results/by-source/?scenario=S",
  "/calculation/activity-results/by-destination/?scenario=S",
  "/calculation/activity-results/get-aggregated/?scenario=S",
  "/calculation/dimension-results/?scenario=S",
  "/calculation/dimension-results/get-parent-to-child-rows/?scenario=S",
  "/calculation/dimension-results/get-child-to-parent-rows/?scenario=S",
  "/calculation/dimension-results/by-line/?scenario=S",
  "/calculation/dimension-results/dimension-results-unallocated/?scenario=S",
  "/calculation/calculated-driver-results/?scenario=S",
  "/calculation/calculated-driver-results/get-parent-to-child-rows/?scenario=S",
  "/calculation/calculated-driver-results/get-child-to-parent-rows/?scenario=S",
  "/calculation/calculated-driver-results-unallocated/?scenario=S",
  "/calculation/summary/?scenario=S",
  "/calculation/validation-report/?scenario=S",
  "/calculation/sankey/?scenario=S",
  "/calculation/logs/?calculation=C",
  "/report/calculation-logs/?calculation=C",
  "/calculation/calculated-driver-results/?calculation=C",
];
const GENERATE = [
  "/calculation/account-results/generate/",
  "/calculation/indirect-results/generate/",
  "/calculation/direct-results/generate/",
  "/calculation/activity-results/generate/",
  "/calculation/dimension-results/generate/",
  "/calculation/calculated-driver-results/generate/",
  "/calculation/calculate-all/",
  "/report/reports/generate/",
];
const fill = (path: string) => path.replace("=S", `=${scenario}`).replace("=C", `=${runId}`);

describe("another company", () => {
  it.each(READS)("gets 404 on GET %s of company A's scenario (company A gets 200)", async (path) => {
    const own = await callA("GET", fill(path));
    expect(own.statusCode, own.body).toBe(200);
    const other = await callB("GET", fill(path));
    expect(other.statusCode, other.body).toBe(404);
    expect(other.json().code).toBe("NOT_FOUND");
  });

  it.each(GENERATE)("gets 404 on POST %s for company A's scenario, and no run is created", async (path) => {
    const response = await callB("POST", path, { scenario });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].field).toBe("scenario");
  });

  it("cannot stop company A's run", async () => {
    for (const path of [
      "/calculation/calculations/stop-calculation/",
      "/report/calculation/stop-calculation/",
    ]) {
      const response = await callB("POST", path, { calculation_id: runId });
      expect(response.statusCode).toBe(404);
    }
    const runs = (await callA("GET", `/calculation/calculations/?scenario=${scenario}&limit=100`)).json();
    expect(runs.results.filter((r: { parent: number | null }) => r.parent === null)).toHaveLength(1);
  });
});

describe("a viewer of the company", () => {
  it("reads results but may not start or stop a calculation", async () => {
    const companyId = await demoCompanyId(t.database);
    await createMember(t.database, {
      email: "viewer@costflow.demo",
      role: "client",
      groupName: "Viewers",
      companyId,
    });
    const viewer = as(t.app, (await login(t.app, "viewer@costflow.demo")).access);
    expect((await viewer("GET", `/calculation/account-results/?scenario=${scenario}`)).statusCode).toBe(200);
    expect((await viewer("POST", "/calculation/calculate-all/", { scenario })).statusCode).toBe(403);
    expect(
      (await viewer("POST", "/calculation/calculations/stop-calculation/", { calculation_id: runId }))
        .statusCode,
    ).toBe(403);
  });

  it("rejects malformed requests with 400 naming the field", async () => {
    const noScenario = await callA("POST", "/calculation/calculate-all/", {});
    expect(noScenario.statusCode).toBe(400);
    expect(noScenario.json().errors[0]).toMatchObject({ field: "scenario", reason: "required" });
    const extra = await callA("POST", "/calculation/account-results/generate/", {
      scenario,
      strategy: "rebalance",
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors[0]).toMatchObject({ field: "strategy", reason: "unknown_field" });
    const badStrategy = await callA("POST", "/calculation/indirect-results/generate/", {
      scenario,
      strategy: "x",
    });
    expect(badStrategy.statusCode).toBe(400);
    expect(badStrategy.json().errors[0].field).toBe("strategy");
    const badQuery = await callA("GET", "/calculation/account-results/?scenario=abc");
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().errors[0].field).toBe("scenario");
    const badCategory = await callA("GET", `/calculation/calculations/?scenario=${scenario}&category=NOPE`);
    expect(badCategory.statusCode).toBe(400);
  });
});
