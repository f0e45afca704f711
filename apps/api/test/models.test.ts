import { defaultScenarioPeriod } from "@costflow/contract/models";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  as,
  createCompany,
  createMember,
  demoCompanyId,
  login,
  startTestApp,
  type TestApp,
} from "./helpers/test-app.ts";

let t: TestApp;
let demo: number;
type Call = ReturnType<typeof as>;
let analyst: Call;
let viewer: Call;
let stranger: Call;

beforeAll(async () => {
  t = await startTestApp();
  demo = await demoCompanyId(t.database);
  await createMember(t.database, {
    email: "viewer@costflow.demo",
    role: "client",
    groupName: "Viewers",
    companyId: demo,
  });
  await createCompany(t.database, "Company B", "admin@b.test");
  analyst = as(t.app, (await login(t.app, "client@costflow.demo")).access);
  viewer = as(t.app, (await login(t.app, "viewer@costflow.demo")).access);
  stranger = as(t.app, (await login(t.app, "admin@b.test")).access);
});
afterAll(async () => {
  await t?.close();
});

describe("models", () => {
  it("create, read, list, rename and delete", async () => {
    const created = await analyst("POST", "/models/", {
      name: "  Distribution 2025 ",
      short_description: "Yearly",
    });
    expect(created.statusCode).toBe(201);
    const model = created.json();
    expect(model).toEqual({
      id: expect.any(Number),
      name: "Distribution 2025",
      short_description: "Yearly",
      author: "Carlos Client",
      created_at: expect.any(String),
      company: demo,
    });
    expect((await analyst("GET", `/models/${model.id}/`)).json()).toEqual(model);

    const renamed = await analyst("PATCH", `/models/${model.id}`, { name: "Distribution 2025 v2" });
    expect(renamed.json()).toMatchObject({ name: "Distribution 2025 v2", short_description: "Yearly" });

    const list = (await analyst("GET", "/models?ordering=-name&search=distribution")).json();
    expect(list.count).toBe(1);
    expect(list.results[0].id).toBe(model.id);

    expect((await analyst("DELETE", `/models/${model.id}/`)).statusCode).toBe(204);
    expect((await analyst("GET", `/models/${model.id}`)).statusCode).toBe(404);
  });

  it("needs a name", async () => {
    const response = await analyst("POST", "/models", { name: "   " });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: "name", reason: "required", message: "this field is required" },
    ]);
  });
});

describe("scenarios", () => {
  it("default to EUR and the last month, and keep the period in order", async () => {
    const model = (await analyst("POST", "/models", { name: "With scenarios" })).json();
    const created = await analyst("POST", "/model/scenarios/", { model: model.id, name: "Base" });
    expect(created.statusCode).toBe(201);
    const scenario = created.json();
    expect(scenario).toEqual({
      id: expect.any(Number),
      model: model.id,
      name: "Base",
      description: "",
      ...defaultScenarioPeriod(),
      currency: "EUR",
      status: "NEW",
      created_at: expect.any(String),
      finished_at: null,
    });

    const usd = await analyst("POST", "/model/scenarios", {
      model: model.id,
      name: "Dollars",
      description: "US",
      period_from: "2025-01-01",
      period_to: "2025-12-31",
      currency: "usd",
    });
    expect(usd.json()).toMatchObject({ currency: "USD", period_from: "2025-01-01", period_to: "2025-12-31" });

    const reversed = await analyst("PATCH", `/model/scenarios/${scenario.id}/`, {
      period_from: "2099-01-01",
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0]).toMatchObject({ field: "period_from", reason: "period_order" });
    const patched = await analyst("PATCH", `/model/scenarios/${scenario.id}`, {
      name: "Base 2",
      currency: "GBP",
    });
    expect(patched.json()).toMatchObject({ name: "Base 2", currency: "GBP" });

    const listed = (await analyst("GET", `/model/scenarios?model=${model.id}&ordering=name`)).json();
    expect(listed.results.map((s: { name: string }) => s.name)).toEqual(["Base 2", "Dollars"]);
    expect((await analyst("GET", `/model/scenarios/${scenario.id}`)).json().id).toBe(scenario.id);

    expect((await analyst("DELETE", `/model/scenarios/${scenario.id}`)).statusCode).toBe(204);
    expect((await analyst("GET", `/model/scenarios/${scenario.id}`)).statusCode).toBe(404);
    // Deleting the model deletes its scenarios.
    await analyst("DELETE", `/models/${model.id}`);
    expect((await analyst("GET", `/model/scenarios/${usd.json().id}`)).statusCode).toBe(404);
  });

  it("refuses a bad date or currency naming the field", async () => {
    const model = (await analyst("POST", "/models", { name: "Dates" })).json();
    const bad = await analyst("POST", "/model/scenarios", {
      model: model.id,
      name: "x",
      period_to: "2025-13-01",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: "period_to", reason: "invalid_date" });
    const currency = await analyst("POST", "/model/scenarios", {
      model: model.id,
      name: "x",
      currency: "euro",
    });
    expect(currency.json().errors[0]).toMatchObject({ field: "currency", reason: "invalid_format" });
  });
});

describe("tenancy: a user of company B and company A's models and scenarios", () => {
  it("gets 404 for every id and sees none of them in lists", async () => {
    const model = (await analyst("POST", "/models", { name: "Secret model" })).json();
    const scenario = (await analyst("POST", "/model/scenarios", { model: model.id, name: "Secret" })).json();

    const denied = [
      await stranger("GET", `/models/${model.id}`),
      await stranger("PATCH", `/models/${model.id}`, { name: "pwned" }),
      await stranger("DELETE", `/models/${model.id}`),
      await stranger("GET", `/model/scenarios/${scenario.id}`),
      await stranger("PATCH", `/model/scenarios/${scenario.id}`, { name: "pwned" }),
      await stranger("DELETE", `/model/scenarios/${scenario.id}`),
      await stranger("GET", `/model/scenarios?model=${model.id}`),
      await stranger("POST", "/model/scenarios", { model: model.id, name: "intruder" }),
      await stranger("PUT", "/auth/users/me/settings", { selected_model: model.id }),
      await stranger("PUT", "/auth/users/me/settings", { selected_scenario: scenario.id }),
    ];
    expect(denied.map((r) => r.statusCode)).toEqual(Array(denied.length).fill(404));
    expect(denied.every((r) => r.json().code === "NOT_FOUND")).toBe(true);

    expect((await stranger("GET", "/models")).json().count).toBe(0);
    expect((await stranger("GET", "/model/scenarios")).json().count).toBe(0);
    expect((await stranger("GET", "/dashboard/quick-resume")).json()).toMatchObject({
      total_models: 0,
      total_scenarios: 0,
    });
    // Nothing changed on A's side.
    expect((await analyst("GET", `/models/${model.id}`)).json().name).toBe("Secret model");
    expect((await analyst("GET", `/model/scenarios/${scenario.id}`)).json().name).toBe("Secret");
  });
});

describe("permissions by group", () => {
  it("a client in Viewers reads models but may not create, change or delete them (403)", async () => {
    const model = (await analyst("POST", "/models", { name: "Read only for viewers" })).json();
    expect((await viewer("GET", `/models/${model.id}`)).statusCode).toBe(200);
    expect((await viewer("GET", "/model/scenarios")).statusCode).toBe(200);
    const attempts = [
      await viewer("POST", "/models", { name: "Nope" }),
      await viewer("PATCH", `/models/${model.id}`, { name: "Nope" }),
      await viewer("DELETE", `/models/${model.id}`),
      await viewer("POST", "/model/scenarios", { model: model.id, name: "Nope" }),
      await viewer("GET", "/admin/outbox"),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(attempts[0]!.json()).toMatchObject({
      code: "FORBIDDEN",
      message: "You are not allowed to do this.",
    });
    expect((await analyst("GET", `/models/${model.id}`)).json().name).toBe("Read only for viewers");
  });

  it("the access check runs before the body is read: a viewer's malformed POST is still 403", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/models",
      headers: { authorization: (await viewerHeader()).authorization, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(403);
  });
});

async function viewerHeader() {
  return { authorization: `Bearer ${(await login(t.app, "viewer@costflow.demo")).access}` };
}

describe("GET dashboard/quick-resume", () => {
  it("counts the company's models and scenarios and lists the latest", async () => {
    const fresh = (await createCompany(t.database, "Dash Co", "dash@dash.test")).companyId;
    const dash = as(t.app, (await login(t.app, "dash@dash.test")).access);
    const model = (await dash("POST", "/models", { name: "Dash model" })).json();
    for (const name of ["s1", "s2", "s3", "s4", "s5", "s6"]) {
      await dash("POST", "/model/scenarios", { model: model.id, name });
    }
    const resume = (await dash("GET", "/dashboard/quick-resume/")).json();
    expect(resume).toMatchObject({
      total_models: 1,
      total_scenarios: 6,
      reports_to_download: 0,
      latest_calculations: [],
    });
    expect(resume.latest_scenarios.map((s: { name: string }) => s.name)).toEqual([
      "s6",
      "s5",
      "s4",
      "s3",
      "s2",
    ]);
    expect(resume.latest_scenarios[0]).toMatchObject({ model: model.id, model_name: "Dash model" });
    expect(fresh).toBeGreaterThan(demo);
  });
});
