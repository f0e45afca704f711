import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API,
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
beforeAll(async () => {
  t = await startTestApp();
  demo = await demoCompanyId(t.database);
});
afterAll(async () => {
  await t?.close();
});

describe("GET/PUT auth/users/me", () => {
  it("returns the profile, abilities, memberships and settings of a client", async () => {
    const { access } = await login(t.app, "client@costflow.demo");
    const response = await as(t.app, access)("GET", "/auth/users/me/");
    expect(response.statusCode).toBe(200);
    const me = response.json();
    expect(me).toMatchObject({
      email: "client@costflow.demo",
      first_name: "Carlos",
      role: "client",
      companies: [
        {
          company: { id: demo, name: "Costflow Demo Distribution" },
          group_name: "Analysts",
          license_type: { name: "Professional" },
        },
      ],
      selected_company: demo,
      settings: {
        language: "en",
        skin: "light",
        selected_company: demo,
        selected_model: null,
        selected_scenario: null,
      },
    });
    expect(me.ability).toContainEqual({ action: "manage", subject: "Model" });
    expect(me.ability).not.toContainEqual({ action: "manage", subject: "all" });
  });

  it("changes names and e-mail, refusing an address another account has", async () => {
    const id = await createMember(t.database, {
      email: "rename@costflow.demo",
      role: "client",
      groupName: "Viewers",
      companyId: demo,
    });
    const call = as(t.app, (await login(t.app, "rename@costflow.demo")).access);
    const taken = await call("PUT", "/auth/users/me", { email: "ADMIN@costflow.demo" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatchObject({ field: "email", reason: "taken" });

    const updated = await call("PUT", "/auth/users/me/", {
      first_name: "Renée",
      last_name: "Named",
      email: "renee@costflow.demo",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id,
      first_name: "Renée",
      last_name: "Named",
      email: "renee@costflow.demo",
    });
    await login(t.app, "renee@costflow.demo");
  });

  it("needs a bearer token: 401 NOT_AUTHENTICATED without, TOKEN_INVALID with a bad one", async () => {
    const none = await t.app.inject({ method: "GET", url: `${API}/auth/users/me` });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe("NOT_AUTHENTICATED");
    const bad = await as(t.app, "not.a.token")("GET", "/auth/users/me");
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe("TOKEN_INVALID");
    const refresh = (await login(t.app, "client@costflow.demo")).refresh;
    expect((await as(t.app, refresh)("GET", "/auth/users/me")).statusCode).toBe(401);
  });
});

describe("settings", () => {
  it("stores language and skin, and refuses values outside the lists", async () => {
    const call = as(t.app, (await login(t.app, "admin@costflow.demo")).access);
    const updated = await call("PUT", "/auth/users/me/settings/", { language: "ar", skin: "semi-dark" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ language: "ar", skin: "semi-dark" });
    expect((await call("GET", "/auth/users/me/settings")).json()).toMatchObject({
      language: "ar",
      skin: "semi-dark",
    });
    const bad = await call("PUT", "/auth/users/me/settings", { skin: "neon" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: "skin", reason: "invalid_value" });
    await call("PUT", "/auth/users/me/settings", { language: "en", skin: "light" });
  });

  it("selects a company only among my memberships, which resets model and scenario", async () => {
    const other = await createCompany(t.database, "Second Home", "second@home.test");
    const userId = await createMember(t.database, {
      email: "two-homes@costflow.demo",
      role: "client",
      groupName: "Analysts",
      companyId: demo,
    });
    await t.database.executeSql(
      "insert into memberships (company_id, user_id, group_name, license_type_id) select $1, $2, 'Viewers', id from license_types where name = 'Starter'",
      [other.companyId, userId],
    );
    const foreign = await createCompany(t.database, "Not Mine", "notmine@home.test");
    const call = as(t.app, (await login(t.app, "two-homes@costflow.demo")).access);

    const model = (await call("POST", "/models", { name: "Demo model" })).json();
    const scenario = (await call("POST", "/model/scenarios", { model: model.id, name: "S1" })).json();
    const selected = await call("PUT", "/auth/users/me/settings", { selected_scenario: scenario.id });
    expect(selected.json()).toMatchObject({
      selected_company: demo,
      selected_model: model.id,
      selected_scenario: scenario.id,
    });

    const denied = await call("PUT", "/auth/users/me/settings", { selected_company: foreign.companyId });
    expect(denied.statusCode).toBe(404);
    expect(denied.json().errors[0]).toMatchObject({ field: "selected_company", reason: "not_member" });

    const switched = await call("PUT", "/auth/users/me/settings", { selected_company: other.companyId });
    expect(switched.json()).toEqual(
      expect.objectContaining({
        selected_company: other.companyId,
        selected_model: null,
        selected_scenario: null,
      }),
    );
    const me = (await call("GET", "/auth/users/me")).json();
    expect(me.selected_company).toBe(other.companyId);
    // Viewers in the second company: the abilities follow the selected company's membership.
    expect(me.ability).not.toContainEqual({ action: "manage", subject: "Model" });
    expect(me.ability).toContainEqual({ action: "read", subject: "Model" });
    // The demo company's model is now another company's model.
    const crossed = await call("PUT", "/auth/users/me/settings", { selected_model: model.id });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().errors[0]).toMatchObject({ field: "selected_model", reason: "not_found" });
  });

  it("selecting another model clears the scenario", async () => {
    const call = as(t.app, (await login(t.app, "client@costflow.demo")).access);
    const first = (await call("POST", "/models", { name: "M1" })).json();
    const second = (await call("POST", "/models", { name: "M2" })).json();
    const scenario = (await call("POST", "/model/scenarios", { model: first.id, name: "S" })).json();
    await call("PUT", "/auth/users/me/settings", {
      selected_model: first.id,
      selected_scenario: scenario.id,
    });
    const after = (await call("PUT", "/auth/users/me/settings", { selected_model: second.id })).json();
    expect(after).toMatchObject({ selected_model: second.id, selected_scenario: null });
    // Deleting the selected model clears the selection too.
    await call("DELETE", `/models/${second.id}`);
    expect((await call("GET", "/auth/users/me/settings")).json()).toMatchObject({ selected_model: null });
  });
});

describe("notifications", () => {
  it("lists mine newest first with the unread count, marks one and then all", async () => {
    const call = as(t.app, (await login(t.app, "admin@costflow.demo")).access);
    const userId = (await call("GET", "/auth/users/me")).json().id;
    await t.database.executeSql(
      "insert into notifications (user_id, title, message, created_at) values ($1, 'Older', 'm', now() - interval '1 day'), ($1, 'Newer', 'm', now() + interval '1 minute')",
      [userId],
    );
    const list = await call("GET", "/account/notifications/?limit=2");
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page).toMatchObject({ count: 3, unread: 3, previous: null });
    expect(page.next).toContain("offset=2");
    expect(page.results.map((n: { title: string }) => n.title)).toEqual(["Newer", "Welcome to Costflow"]);
    expect(page.results[0]).toEqual({
      id: expect.any(Number),
      title: "Newer",
      message: "m",
      link: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      is_read: false,
    });

    const one = await call("PUT", `/account/notifications/${page.results[0].id}/`, { is_read: true });
    expect(one.statusCode).toBe(200);
    expect(one.json().is_read).toBe(true);
    expect((await call("GET", "/account/notifications?is_read=false")).json()).toMatchObject({
      count: 2,
      unread: 2,
    });

    const all = await call("PUT", "/account/notifications", { is_read: true });
    expect(all.json()).toEqual({ updated: 2 });
    expect((await call("GET", "/account/notifications")).json().unread).toBe(0);
    expect((await call("PUT", "/account/notifications", { is_read: false })).statusCode).toBe(400);
  });

  it("notifications written from a message key are read in the reader's language", async () => {
    const { access } = await login(t.app, "client@costflow.demo");
    const read = async (language: string) =>
      (
        await t.app.inject({
          method: "GET",
          url: "/api/v1/account/notifications/",
          headers: { authorization: `Bearer ${access}`, "accept-language": language },
        })
      ).json().results;
    const welcome = (rows: { link: string | null; title: string; message: string }[]) =>
      rows.find((n) => n.link === "/dashboard");
    const en = welcome(await read("en"));
    expect(en).toMatchObject({ title: "Welcome to Costflow" });
    expect(en!.message).toMatch(/^Hello Carlos, welcome to /);
    const ar = welcome(await read("ar-SA,ar;q=0.9"));
    expect(ar).toMatchObject({ title: "مرحباً بك في Costflow" });
    expect(ar!.message).toMatch(/^مرحباً Carlos، أهلاً بك في /);
    // A row without a key keeps the text it was written with, whatever the reader's language.
    const userId = (await as(t.app, access)("GET", "/auth/users/me")).json().id;
    await t.database.executeSql(
      "insert into notifications (user_id, title, message) values ($1, 'Plain', 'as written')",
      [userId],
    );
    expect((await read("ar")).find((n: { title: string }) => n.title === "Plain")).toMatchObject({
      message: "as written",
    });
  });

  it("a user of another company can neither read nor mark my notifications (404)", async () => {
    const admin = as(t.app, (await login(t.app, "admin@costflow.demo")).access);
    const mine = (await admin("GET", "/account/notifications")).json().results[0];
    await createCompany(t.database, "Company B", "b-admin@b.test");
    const stranger = as(t.app, (await login(t.app, "b-admin@b.test")).access);
    const theirs = (await stranger("GET", "/account/notifications")).json();
    expect(theirs.results.map((n: { id: number }) => n.id)).not.toContain(mine.id);
    const mark = await stranger("PUT", `/account/notifications/${mine.id}`, { is_read: false });
    expect(mark.statusCode).toBe(404);
    expect(mark.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});
