import { SUBJECTS } from "@costflow/contract/abilities";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAbility, defineRules } from "../src/modules/auth/define-abilities.ts";
import { registerAccessControl } from "../src/plugins/access.ts";
import { as, createMember, demoCompanyId, login, startTestApp, type TestApp } from "./helpers/test-app.ts";

describe("defineRules", () => {
  it("lets an admin in the company's administrators group manage everything", () => {
    const ability = buildAbility(defineRules("admin", "Administrators"));
    for (const subject of SUBJECTS) expect(ability.can("delete", subject)).toBe(true);
  });

  it("gives an admin outside the administrators group only that group's rights", () => {
    expect(defineRules("admin", "Viewers")).toEqual(defineRules("client", "Viewers"));
    expect(buildAbility(defineRules("admin", "Analysts")).can("read", "Admin")).toBe(false);
  });

  it("lets Analysts manage the company's work and only read the company", () => {
    const ability = buildAbility(defineRules("client", "Analysts"));
    for (const subject of ["Model", "Scenario", "Data", "Allocation", "Calculation", "Report"] as const) {
      expect(ability.can("create", subject)).toBe(true);
      expect(ability.can("delete", subject)).toBe(true);
    }
    expect(ability.can("read", "Dashboard")).toBe(true);
    expect(ability.can("read", "Company")).toBe(true);
    expect(ability.can("update", "Company")).toBe(false);
    expect(ability.can("read", "Admin")).toBe(false);
    expect(ability.can("update", "Account")).toBe(true);
  });

  it("lets Viewers read everything but Admin and change only their own account", () => {
    const ability = buildAbility(defineRules("client", "Viewers"));
    for (const subject of SUBJECTS.filter((s) => s !== "Admin" && s !== "all")) {
      expect(ability.can("read", subject), subject).toBe(true);
    }
    expect(ability.can("read", "Admin")).toBe(false);
    expect(ability.can("create", "Model")).toBe(false);
    expect(ability.can("update", "Scenario")).toBe(false);
    expect(ability.can("update", "Account")).toBe(true);
  });

  it("leaves a client without a membership (or an unknown role) only their account", () => {
    const ability = buildAbility(defineRules("client", undefined));
    expect(ability.can("read", "Auth")).toBe(true);
    expect(ability.can("read", "Model")).toBe(false);
    expect(defineRules("auditor", "Analysts")).toEqual([]);
  });
});

describe("route access declarations", () => {
  it("a /api/v1 route without an access rule cannot be registered", async () => {
    const app = Fastify();
    registerAccessControl(app, {} as never);
    expect(() => app.get("/api/v1/forgotten", async () => "x")).toThrow(/declares no access rule/);
    await app.close();
  });
});

describe("Me.ability and enforcement follow role and group", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    const demo = await demoCompanyId(t.database);
    await createMember(t.database, {
      email: "viewer@costflow.demo",
      role: "client",
      groupName: "Viewers",
      companyId: demo,
    });
    // Registration makes every new user role admin; this one was then invited here as a Viewer.
    await createMember(t.database, {
      email: "guest-admin@else.test",
      role: "admin",
      groupName: "Viewers",
      companyId: demo,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends each user the rules the server enforces", async () => {
    const abilityOf = async (email: string) =>
      (await as(t.app, (await login(t.app, email)).access)("GET", "/auth/users/me")).json().ability;
    expect(await abilityOf("admin@costflow.demo")).toEqual([{ action: "manage", subject: "all" }]);
    expect(await abilityOf("client@costflow.demo")).toEqual(defineRules("client", "Analysts"));
    expect(await abilityOf("viewer@costflow.demo")).toEqual(defineRules("client", "Viewers"));
  });

  it("enforces them per route: Viewers cannot POST models, Analysts can, clients never read the outbox", async () => {
    const viewer = as(t.app, (await login(t.app, "viewer@costflow.demo")).access);
    const analyst = as(t.app, (await login(t.app, "client@costflow.demo")).access);
    const admin = as(t.app, (await login(t.app, "admin@costflow.demo")).access);
    expect((await viewer("POST", "/models", { name: "v" })).statusCode).toBe(403);
    expect((await analyst("POST", "/models", { name: "a" })).statusCode).toBe(201);
    expect((await analyst("GET", "/admin/outbox")).statusCode).toBe(403);
    expect((await admin("GET", "/admin/outbox")).statusCode).toBe(200);
  });

  it("an admin who is only a Viewer in the selected company has a Viewer's rights there", async () => {
    const guest = as(t.app, (await login(t.app, "guest-admin@else.test")).access);
    expect((await guest("GET", "/auth/users/me")).json().ability).toEqual(defineRules("client", "Viewers"));
    expect((await guest("GET", "/models")).statusCode).toBe(200);
    expect((await guest("POST", "/models", { name: "g" })).statusCode).toBe(403);
    expect((await guest("GET", "/admin/outbox")).statusCode).toBe(403);
  });
});
