import { calculationsRepository } from "@costflow/db/repositories/calculations";
import { runLifecycle } from "@costflow/db/repositories/run-lifecycle";
import { acceptanceBundle } from "@costflow/engine/test-support/shared-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRepositories } from "../../src/context.ts";
import { coverageOf, phaseCategories } from "../../src/modules/calculation/categories.ts";
import { loadScenario } from "../../src/modules/calculation/load-scenario.ts";
import { publishRun } from "../../src/modules/calculation/publish-run.ts";
import { RUN_SETTINGS } from "../../src/modules/calculation/run-calculation.ts";
import type { RunOutput, RunPlan } from "../../src/modules/calculation/run-plan.ts";
import { buildReportsOutput, buildStepsOutput, runEngine } from "../../src/worker/compute-run.ts";
import { demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { importBundle } from "./helpers.ts";

// On PostgreSQL the calculation thread copies the report data while the step results are still
// being saved (publish-run.ts, `after`): the reports turn FINISHED only once the steps are saved,
// and nothing of them is kept when the steps' save ends otherwise or the run is stopped meanwhile.

let t: TestApp;
let companyId: number;
let scenario: number;
beforeAll(async () => {
  t = await startTestApp();
  const access = (await login(t.app, "admin@costflow.demo")).access;
  companyId = await demoCompanyId(t.database);
  scenario = (await importBundle(t.app, access, acceptanceBundle("tdabc-customer-service"))).scenario;
});
afterAll(async () => {
  await t?.close();
});

/** A calculate-all run held as its worker holds it, and its two phases computed as the thread does. */
async function computedRun() {
  const phases = phaseCategories(coverageOf("ALL"));
  const run = await calculationsRepository(t.database.db).createRun(companyId, {
    scenarioId: scenario,
    categories: ["ALL", ...phases.steps, ...phases.reports],
    requestedBy: null,
    options: { kind: "ALL", language: "en" },
  });
  await t.database.executeSql(
    `update calculations set status = 'IN_PROGRESS', started_at = now(), lease_until = now() + interval '1 minute'
      where id = $1 or parent_id = $1`,
    [run.id],
  );
  const plan: RunPlan = {
    ...RUN_SETTINGS,
    companyId,
    calculationId: run.id,
    scenarioId: scenario,
    maxStep: 6,
    reports: true,
    strategy: null,
    stepCategories: phases.steps,
    reportCategories: phases.reports,
  };
  const store = { db: t.database.db, repos: createRepositories(t.database.db) };
  const { model, ids } = await loadScenario(store, companyId, scenario);
  const result = runEngine(model, plan, { progress: () => {}, log: () => {}, shouldStop: () => false });
  const steps: RunOutput = buildStepsOutput(model, result, plan, ids);
  const reports: RunOutput = buildReportsOutput(model, result, plan, ids);
  return { run: run.id, plan, store, steps, reports };
}

async function reportRows(calculationId: number): Promise<number> {
  const { rows } = await t.database.executeSql(
    "select count(*)::int as n from report_records where calculation_id = $1",
    [calculationId],
  );
  return Number((rows[0] as { n: number }).n);
}

async function statuses(run: number): Promise<string[]> {
  return (await calculationsRepository(t.database.db).runRows(companyId, run)).map(
    (r) => `${r.category}:${r.status}`,
  );
}

describe("the reports published while the steps are saved", () => {
  // Two transactions at once: PostgreSQL only (PGlite has one connection and publishes in turn).
  it.skipIf(!process.env.DATABASE_URL)(
    "copies the report data while the steps wait, and finishes the reports only after the steps",
    async () => {
      const { run, plan, store, steps, reports } = await computedRun();
      const size = async () => {
        const { rows } = await t.database.executeSql(
          "select pg_relation_size('report_records')::bigint as n",
        );
        return Number((rows[0] as { n: string }).n);
      };
      const before = await size();
      let saving: Promise<string> = Promise.resolve("");
      let writing: Promise<string> = Promise.resolve("");
      await t.database.db.transaction(async (tx) => {
        // Another transaction holds the run's root (as a heartbeat or a long save would): the
        // steps' publish waits for it, and the reports' publish must not wait to copy its data.
        expect(await runLifecycle(t.database.db).lockRun(companyId, run, tx)).toBe("IN_PROGRESS");
        saving = publishRun(store, plan, steps);
        writing = publishRun(store, plan, reports, saving);
        const deadline = Date.now() + 20_000;
        while ((await size()) === before && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        // Written (the table grew) but not committed: nothing to read yet, nothing finished.
        expect(await size()).toBeGreaterThan(before);
        expect(await reportRows(run)).toBe(0);
        expect(await statuses(run)).not.toContain("REPORTS:FINISHED");
      });
      expect(await saving).toBe("IN_PROGRESS");
      expect(await writing).toBe("FINISHED");
      expect(await reportRows(run)).toBeGreaterThan(0);
      expect((await statuses(run)).every((s) => s.endsWith(":FINISHED"))).toBe(true);
    },
  );

  it("keeps no report data when the steps' save failed", async () => {
    const { run, plan, store, reports } = await computedRun();
    // The thread answers "ERROR" for a save that threw; the run itself is still going here.
    expect(await publishRun(store, plan, reports, Promise.resolve("ERROR"))).toBe("ERROR");
    expect(await reportRows(run)).toBe(0);
    expect((await statuses(run)).filter((s) => s.startsWith("REPORTS"))).toEqual(["REPORTS:IN_PROGRESS"]);
    await t.database.executeSql(
      "update calculations set status = 'STOPPED' where id = $1 or parent_id = $1",
      [run],
    );
  });

  it("keeps no report data and ends the run STOPPED when a stop was asked while they were copied", async () => {
    const { run, plan, store, steps, reports } = await computedRun();
    expect(await publishRun(store, plan, steps)).toBe("IN_PROGRESS");
    // The stop request arrives after the steps were saved, while the reports are copied.
    await t.database.executeSql(
      "update calculations set status = 'ATTEMPTING_TO_STOP' where (id = $1 or parent_id = $1) and status = 'IN_PROGRESS'",
      [run],
    );
    expect(await publishRun(store, plan, reports, Promise.resolve("IN_PROGRESS"))).toBe("STOPPED");
    expect(await reportRows(run)).toBe(0);
    const rows = await statuses(run);
    expect(rows.filter((s) => s.startsWith("REPORTS"))).toEqual(["REPORTS:STOPPED"]);
    expect(rows.filter((s) => s.endsWith(":FINISHED")).length).toBe(plan.stepCategories.length);
  });
});
