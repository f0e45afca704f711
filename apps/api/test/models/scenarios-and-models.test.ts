import { join } from "node:path";
import { rawQuery } from "@costflow/db/repositories/model-data/raw-client";
import { usersRepository } from "@costflow/db/repositories/users";
import { DEMO_USERS } from "@costflow/db/seed";
import { readBundle } from "@costflow/engine/bundle/read-bundle";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoModel } from "../../src/modules/model-io/ensure-demo-model.ts";
import { loadModelData } from "../../src/modules/model-io/load-model-data.ts";
import { as, createCompany, demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { countRows, MODEL_TABLES, templatesDir } from "../model-io/bundle-helpers.ts";

let t: TestApp;
let demo: number;
type Call = ReturnType<typeof as>;
let analyst: Call;
let stranger: Call;

beforeAll(async () => {
  t = await startTestApp();
  demo = await demoCompanyId(t.database);
  await createCompany(t.database, "Company B", "admin@b.test");
  analyst = as(t.app, (await login(t.app, "client@costflow.demo")).access);
  stranger = as(t.app, (await login(t.app, "admin@b.test")).access);
});
afterAll(async () => {
  await t?.close();
});

/** A model made from a template, with its scenario. */
async function fromTemplate(template: string): Promise<{ model: number; scenario: number }> {
  const response = await analyst("POST", "/models/", { template });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { model: body.id, scenario: body.scenario };
}

describe("POST model/scenarios/duplicate/", () => {
  it("copies the data and the rule sets of the chosen steps, with the form's values", async () => {
    const { model, scenario } = await fromTemplate("distribution");
    const response = await analyst("POST", "/model/scenarios/duplicate/", {
      model,
      name: "Budget 2025 - high volume",
      description: "What if volumes grow",
      period_from: "2026-01-01",
      period_to: "2026-12-31",
      currency: "usd",
      scenario_id: scenario,
      stepsToDuplicate: [1, 2, 4],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [copy] = response.json().results;
    expect(copy).toMatchObject({
      model,
      name: "Budget 2025 - high volume",
      description: "What if volumes grow",
      period_from: "2026-01-01",
      period_to: "2026-12-31",
      currency: "USD",
      status: "NEW",
    });
    const original = await loadModelData(demo, scenario, t.database.db);
    const copied = await loadModelData(demo, copy.id, t.database.db);
    expect(copied.accountValues).toEqual(original.accountValues);
    expect(copied.poolDriverValues).toEqual(original.poolDriverValues);
    expect(copied.records).toEqual(original.records);
    expect(copied.settings).toEqual(original.settings);
    expect(copied.rules.step1).toEqual(original.rules.step1);
    expect(copied.rules.step2).toEqual(original.rules.step2);
    expect(copied.rules.step4).toEqual(original.rules.step4);
    expect(copied.rules.step3).toEqual([]);
    expect(copied.rules.step5).toEqual([]);
    expect(copied.rules.step6).toEqual([]);
    expect(original.rules.step3.length).toBeGreaterThan(0);
  });

  it("names several copies original + '_copy' cut to 15 characters, keeping their own values", async () => {
    const { model, scenario } = await fromTemplate("professional-services");
    const second = (
      await analyst("POST", "/model/scenarios/", {
        model,
        name: "Q1",
        description: "First quarter",
        period_from: "2025-01-01",
        period_to: "2025-03-31",
        currency: "GBP",
      })
    ).json();
    const response = await analyst("POST", "/model/scenarios/duplicate/", {
      model,
      name: "ignored with several",
      scenario_id: [scenario, second.id],
      stepsToDuplicate: [1, 2, 3, 4, 5, 6],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [a, b] = response.json().results;
    // "Forecast 2025" + "_copy" is 18 characters.
    expect(a).toMatchObject({ name: "Forecast 2025_c", period_from: "2025-01-01", period_to: "2025-12-31" });
    expect(b).toMatchObject({
      name: "Q1_copy",
      description: "First quarter",
      period_to: "2025-03-31",
      currency: "GBP",
    });
    const original = await loadModelData(demo, scenario, t.database.db);
    const copied = await loadModelData(demo, a.id, t.database.db);
    expect({ ...copied, info: original.info }).toEqual(original);
  });

  it("is 404 for another company's scenario or a scenario of another model, and validates", async () => {
    const mine = await fromTemplate("manufacturing");
    const other = await fromTemplate("professional-services");
    const before = await countRows(t.database.db);
    const byStranger = await stranger("POST", "/model/scenarios/duplicate/", {
      model: mine.model,
      scenario_id: mine.scenario,
    });
    expect(byStranger.statusCode).toBe(404);
    const mixed = await analyst("POST", "/model/scenarios/duplicate/", {
      model: mine.model,
      scenario_id: [mine.scenario, other.scenario],
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().errors).toEqual([
      expect.objectContaining({ field: "scenario_id", reason: "not_found" }),
    ]);
    const badStep = await analyst("POST", "/model/scenarios/duplicate/", {
      model: mine.model,
      scenario_id: mine.scenario,
      stepsToDuplicate: [7],
    });
    expect(badStep.statusCode).toBe(400);
    expect(badStep.json().errors).toEqual([expect.objectContaining({ field: "stepsToDuplicate.0" })]);
    const badPeriod = await analyst("POST", "/model/scenarios/duplicate/", {
      model: mine.model,
      scenario_id: mine.scenario,
      period_from: "2026-01-01",
    });
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json().errors).toEqual([expect.objectContaining({ field: "period_from" })]);
    expect(await countRows(t.database.db)).toEqual(before);
  });
});

describe("scenarios and models", () => {
  it("edit and delete a scenario; another company gets 404 and changes nothing", async () => {
    const { model, scenario } = await fromTemplate("professional-services");
    expect((await stranger("PATCH", `/model/scenarios/${scenario}/`, { name: "Mine" })).statusCode).toBe(404);
    expect((await stranger("DELETE", `/model/scenarios/${scenario}/`)).statusCode).toBe(404);
    const edited = await analyst("PATCH", `/model/scenarios/${scenario}/`, {
      name: "Forecast v2",
      currency: "chf",
    });
    expect(edited.json()).toMatchObject({ id: scenario, model, name: "Forecast v2", currency: "CHF" });

    const records = async () =>
      Number(
        (
          await rawQuery<{ n: string }>(
            "select count(*) as n from dimension_records where scenario_id = $1",
            [scenario],
            t.database.db,
          )
        )[0]!.n,
      );
    expect(await records()).toBeGreaterThan(0);
    expect((await analyst("DELETE", `/model/scenarios/${scenario}/`)).statusCode).toBe(204);
    expect(await records()).toBe(0);
    expect((await analyst("GET", `/models/${model}/`)).statusCode).toBe(200);
  });

  it("deleting a model removes everything under it; another company gets 404", async () => {
    const before = await countRows(t.database.db);
    const { model } = await fromTemplate("manufacturing");
    const grown = await countRows(t.database.db);
    for (const table of MODEL_TABLES) expect(grown[table], table).toBeGreaterThan(before[table]!);
    expect((await stranger("DELETE", `/models/${model}/`)).statusCode).toBe(404);
    expect(await countRows(t.database.db)).toEqual(grown);
    expect((await analyst("DELETE", `/models/${model}/`)).statusCode).toBe(204);
    expect(await countRows(t.database.db)).toEqual(before);
  });

  it("selecting a model clears the scenario; deleting the selected one clears the selection", async () => {
    const first = await fromTemplate("professional-services");
    const second = await fromTemplate("professional-services");
    const settings = (changes: object) => analyst("PUT", "/auth/users/me/settings/", changes);
    const current = async () => (await analyst("GET", "/auth/users/me/settings/")).json();

    expect((await settings({ selected_scenario: first.scenario })).statusCode).toBe(200);
    expect(await current()).toMatchObject({ selected_model: first.model, selected_scenario: first.scenario });
    await settings({ selected_model: second.model });
    expect(await current()).toMatchObject({ selected_model: second.model, selected_scenario: null });

    await settings({ selected_scenario: second.scenario });
    await analyst("DELETE", `/model/scenarios/${second.scenario}/`);
    expect(await current()).toMatchObject({ selected_model: second.model, selected_scenario: null });

    await settings({ selected_scenario: first.scenario });
    await analyst("DELETE", `/models/${first.model}/`);
    expect(await current()).toMatchObject({ selected_model: null, selected_scenario: null });
  });
});

describe("ensureDemoModel", () => {
  it("gives the demo company the distribution model once and selects it for the demo users", async () => {
    // The test app's company already has models from the tests above: start from a clean one.
    await rawQuery("delete from models where company_id = $1", [demo], t.database.db);
    expect(await ensureDemoModel(t.database.db)).toEqual({ created: true });
    expect(await ensureDemoModel(t.database.db)).toEqual({ created: false });
    const models = await rawQuery<{ id: number; name: string }>(
      "select id, name from models where company_id = $1",
      [demo],
      t.database.db,
    );
    expect(models.map((m) => m.name)).toEqual(["Wholesale distribution"]);
    const users = usersRepository(t.database.db);
    for (const demoUser of DEMO_USERS) {
      const user = (await users.findByEmail(demoUser.email))!;
      const settings = await users.getSettings(user.id);
      expect(settings.selectedModelId).toBe(models[0]!.id);
      const loaded = await loadModelData(demo, settings.selectedScenarioId!, t.database.db);
      expect(loaded).toEqual(await readBundle(join(templatesDir, "distribution")));
    }
  });
});
