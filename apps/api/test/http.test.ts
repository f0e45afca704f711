import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API,
  as,
  bearer,
  createCompany,
  createMember,
  demoCompanyId,
  eventually,
  login,
  startTestApp,
  type TestApp,
} from "./helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ bodyLimit: 4096 });
});
afterAll(async () => {
  await t?.close();
});

const loginWith = (payload: string, contentType = "application/json") =>
  t.app.inject({
    method: "POST",
    url: `${API}/auth/jwt/create`,
    headers: { "content-type": contentType },
    payload,
  });

describe("malformed requests get 4xx naming the field, never 500", () => {
  it("bad JSON → 400 BAD_REQUEST on body/invalid_json", async () => {
    const response = await loginWith('{"email": "admin@costflow.demo", ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "BAD_REQUEST",
      message: "The request could not be understood.",
      message_key: "errors.BAD_REQUEST",
      errors: [{ field: "body", reason: "invalid_json", message: "the body is not valid JSON" }],
    });
  });

  it("an unknown field → 400 naming it", async () => {
    const response = await loginWith(JSON.stringify({ email: "a@b.co", password: "x", is_admin: true }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      errors: [{ field: "is_admin", reason: "unknown_field", message: "this field is not allowed" }],
    });
  });

  it("a wrong type, a missing field and a bad e-mail → 400 with one entry each", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `${API}/auth/users`,
      payload: { first_name: 42, last_name: "x", email: "not-an-email", company_name: "C" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: "first_name", reason: "invalid_type", message: "this value has the wrong type" },
      { field: "email", reason: "invalid_email", message: "enter a valid e-mail address" },
      { field: "password", reason: "required", message: "this field is required" },
    ]);
  });

  it("a JSON body that is not an object → 400 on body", async () => {
    const response = await loginWith("[1, 2]");
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field: "body", reason: "invalid_type" });
  });

  it("no body where one is needed → 400 body/required", async () => {
    const response = await t.app.inject({ method: "POST", url: `${API}/auth/jwt/create` });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field: "body", reason: "required" });
  });

  it("a body over the limit → 413 PAYLOAD_TOO_LARGE", async () => {
    const response = await loginWith(JSON.stringify({ email: "a@b.co", password: "x".repeat(10_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      errors: [{ field: "body", reason: "too_large", message: "the body is larger than 4096 bytes" }],
    });
  });

  it("a body that is not JSON → 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    const response = await loginWith("email=a@b.co&password=x", "application/x-www-form-urlencoded");
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      errors: [{ field: "content-type" }],
    });
  });

  it("bad query parameters → 400 naming each", async () => {
    const call = as(t.app, (await login(t.app, "client@costflow.demo")).access);
    const cases: [string, string, string][] = [
      ["/models?limit=abc", "limit", "invalid_type"],
      ["/models?offset=-1", "offset", "too_small"],
      ["/models?limit=0", "limit", "too_small"],
      ["/models?ordering=password_hash", "ordering", "invalid_value"],
      ["/model/scenarios?model=x", "model", "invalid_type"],
      ["/models/abc", "id", "invalid_type"],
    ];
    for (const [url, field, reason] of cases) {
      const response = await call("GET", url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors[0], url).toMatchObject({ field, reason });
    }
    // An over-large limit is capped, not refused.
    const capped = await call("GET", "/models?limit=1000");
    expect(capped.statusCode).toBe(200);
  });

  it("speaks the Accept-Language of the request", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `${API}/auth/jwt/create`,
      headers: { "accept-language": "ar-SA,ar;q=0.9,en;q=0.5" },
      payload: { email: "nobody@costflow.demo" },
    });
    expect(response.json()).toMatchObject({
      message: "بعض الحقول غير صالحة.",
      errors: [{ field: "password", reason: "required", message: "هذا الحقل مطلوب" }],
    });
    const fallback = await t.app.inject({
      method: "GET",
      url: `${API}/auth/users/me`,
      headers: { "accept-language": "fr-FR, de;q=0.8" },
    });
    expect(fallback.json().message).toBe("Please log in to continue.");
  });
});

describe("routing", () => {
  it("answers every path with and without the trailing slash", async () => {
    const call = as(t.app, (await login(t.app, "admin@costflow.demo")).access);
    for (const path of ["/auth/users/me", "/models", "/account/notifications", "/dashboard/quick-resume"]) {
      expect((await call("GET", path)).statusCode, path).toBe(200);
      expect((await call("GET", `${path}/`)).statusCode, `${path}/`).toBe(200);
    }
    for (const url of ["/auth/jwt/create", "/auth/jwt/create/"]) {
      const response = await t.app.inject({
        method: "POST",
        url: `${API}${url}`,
        payload: { email: "admin@costflow.demo", password: "costflow-demo" },
      });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it("an unknown API path is a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: `${API}/no-such-thing/` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: "NOT_FOUND",
      errors: [{ field: "path", reason: "not_found" }],
    });
  });

  it("publishes OpenAPI at /api/docs/json listing the routes, and the UI at /api/docs", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    const paths = Object.keys(spec.paths);
    for (const path of [
      "/api/v1/auth/jwt/create",
      "/api/v1/auth/jwt/refresh",
      "/api/v1/auth/users/me",
      "/api/v1/account/notifications/{id}",
      "/api/v1/account/company-invitations/{id}/accept",
      "/api/v1/models/{id}",
      "/api/v1/model/scenarios",
      "/api/v1/dashboard/quick-resume",
      "/api/v1/admin/outbox",
    ]) {
      expect(paths).toContain(path);
    }
    const login = spec.paths["/api/v1/auth/jwt/create"].post;
    expect(Object.keys(login.requestBody.content["application/json"].schema.properties)).toEqual([
      "email",
      "password",
    ]);
    expect(login.requestBody.content["application/json"].schema.additionalProperties).toBe(false);
    const ui = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
  });
});

describe("the outbox is for administrators", () => {
  it("admin reads it; a client gets 403", async () => {
    await t.app.inject({
      method: "POST",
      url: `${API}/auth/users/reset_password`,
      payload: { email: "client@costflow.demo" },
    });
    const admin = as(t.app, (await login(t.app, "admin@costflow.demo")).access);
    // The reset e-mail is written by the password-reset job, not by the request: wait for it.
    const email = await eventually(async () => {
      const list = await admin("GET", "/admin/outbox/");
      expect(list.statusCode).toBe(200);
      const first = list.json().results[0];
      expect(first).toMatchObject({ to: "client@costflow.demo", transport: "outbox" });
      return first;
    });
    // The mail job may send it between the two reads (QUEUED → SENT): the message is the same.
    const { status: _listed, ...message } = email;
    expect((await admin("GET", `/admin/outbox/${email.id}/`)).json()).toMatchObject(message);

    const client = await login(t.app, "client@costflow.demo");
    for (const url of ["/admin/outbox", `/admin/outbox/${email.id}`]) {
      const response = await t.app.inject({
        method: "GET",
        url: `${API}${url}`,
        headers: bearer(client.access),
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it("shows an administrator only their company's mail, and no reset link of an account they do not fully administer", async () => {
    const demo = await demoCompanyId(t.database);
    const other = await createCompany(t.database, "Outbox Other", "admin@outbox-other.test");
    // A consultant working for both companies: the demo administrator must not read their reset link.
    const consultant = await createMember(t.database, {
      email: "consultant@both.test",
      role: "client",
      groupName: "Analysts",
      companyId: other.companyId,
    });
    await t.database.executeSql(
      "insert into memberships (company_id, user_id, group_name, license_type_id) select $1, $2, 'Analysts', id from license_types limit 1",
      [demo, consultant],
    );
    for (const email of ["consultant@both.test", "client@costflow.demo"]) {
      await t.app.inject({ method: "POST", url: `${API}/auth/users/reset_password`, payload: { email } });
    }
    const recipients = async (email: string) => {
      const call = as(t.app, (await login(t.app, email)).access);
      const page = (await call("GET", "/admin/outbox?limit=100")).json();
      return new Set(page.results.map((m: { to: string }) => m.to));
    };
    const demoView = await recipients("admin@costflow.demo");
    expect(demoView.has("client@costflow.demo")).toBe(true);
    expect(demoView.has("consultant@both.test")).toBe(false);
    const otherView = await recipients("admin@outbox-other.test");
    expect(otherView.has("client@costflow.demo")).toBe(false);
    expect(otherView.has("consultant@both.test")).toBe(false);

    const { rows } = await t.database.executeSql(
      "select id from email_outbox where to_email = 'client@costflow.demo' limit 1",
    );
    const otherAdmin = as(t.app, (await login(t.app, "admin@outbox-other.test")).access);
    expect((await otherAdmin("GET", `/admin/outbox/${rows[0]?.id}`)).statusCode).toBe(404);
  });
});

describe("the built web app", () => {
  it("is served with a fallback to index.html for app paths, never for API paths", async () => {
    const dist = mkdtempSync(join(tmpdir(), "costflow-web-"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Costflow</title>");
    writeFileSync(join(dist, "app.js"), "console.log(1)");
    const web = await t.another({ webDist: dist });
    try {
      const root = await web.inject({ method: "GET", url: "/" });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain("<title>Costflow</title>");
      expect((await web.inject({ method: "GET", url: "/app.js" })).body).toBe("console.log(1)");
      const deep = await web.inject({ method: "GET", url: "/model/scenario/first-allocation" });
      expect(deep.statusCode).toBe(200);
      expect(deep.headers["content-type"]).toContain("text/html");
      const api = await web.inject({ method: "GET", url: "/api/v1/nothing-here" });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe("NOT_FOUND");
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
