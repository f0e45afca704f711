import { DEMO_PASSWORD } from "@costflow/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_CACHE_MS } from "../src/lib/session-cache.ts";
import {
  API,
  APP_URL,
  as,
  bearer,
  eventually,
  login,
  startTestApp,
  type TestApp,
} from "./helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `${API}${url}`, payload: payload as object, headers });

/** The newest outbox e-mail to `to`, read as the demo administrator would. */
async function lastEmailTo(to: string) {
  const admin = await login(t.app, "admin@costflow.demo");
  const response = await as(t.app, admin.access)("GET", `/admin/outbox/?to=${encodeURIComponent(to)}`);
  expect(response.statusCode).toBe(200);
  const [email] = response.json().results;
  expect(email, `no e-mail to ${to}`).toBeDefined();
  return email as { subject: string; text: string; transport: string; status: string; id: number };
}

/** The first e-mail to `to` newer than `afterId`: reset e-mails are written by a queued job. */
async function nextEmailTo(to: string, afterId = 0) {
  return eventually(async () => {
    const email = await lastEmailTo(to);
    expect(email.id).toBeGreaterThan(afterId);
    return email;
  }, 20_000);
}

/** The id of the newest e-mail to `to`, 0 when there is none. */
async function lastEmailId(to: string): Promise<number> {
  const { rows } = await t.database.executeSql(
    "select coalesce(max(id), 0)::int as id from email_outbox where to_email = $1",
    [to],
  );
  return Number(rows[0]?.id ?? 0);
}

describe("POST auth/jwt/create (login)", () => {
  it("gives an access and a refresh token for the right password", async () => {
    const tokens = await login(t.app, "admin@costflow.demo");
    const me = await t.app.inject({
      method: "GET",
      url: `${API}/auth/users/me/`,
      headers: bearer(tokens.access),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: "admin@costflow.demo", role: "admin" });
  });

  it("accepts the e-mail in any case and with blanks around it", async () => {
    const response = await post("/auth/jwt/create", {
      email: "  Client@Costflow.DEMO ",
      password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers 401 INVALID_CREDENTIALS alike for a wrong password and an unknown e-mail", async () => {
    for (const email of ["admin@costflow.demo", "nobody@costflow.demo"]) {
      const response = await post("/auth/jwt/create", { email, password: "wrong-password" });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: "INVALID_CREDENTIALS",
        message_key: "errors.INVALID_CREDENTIALS",
        message: "E-mail or password is incorrect.",
      });
    }
  });

  it("refuses 403 ACCOUNT_NOT_VALIDATED until the company is validated", async () => {
    const registered = await post("/auth/users/", {
      first_name: "Paula",
      last_name: "Pending",
      email: "paula@pending.test",
      password: "pending-password",
      company_name: "Pending Ltd",
    });
    expect(registered.statusCode).toBe(201);
    const response = await post("/auth/jwt/create", {
      email: "paula@pending.test",
      password: "pending-password",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("ACCOUNT_NOT_VALIDATED");
  });

  it("is rate limited per IP and e-mail: 429 RATE_LIMITED once the limit is hit", async () => {
    const limited = await t.another({ authRateLimit: { max: 3, windowMs: 60_000 } });
    const attempt = (email: string) =>
      limited.inject({ method: "POST", url: `${API}/auth/jwt/create`, payload: { email, password: "nope" } });
    for (let i = 0; i < 3; i++) expect((await attempt("victim@costflow.demo")).statusCode).toBe(401);
    const blocked = await attempt("victim@costflow.demo");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: "RATE_LIMITED", message_key: "errors.RATE_LIMITED" });
    expect(blocked.headers["retry-after"]).toBeDefined();
    // Another e-mail from the same address has its own budget.
    expect((await attempt("other@costflow.demo")).statusCode).toBe(401);
  });
});

describe("POST auth/jwt/refresh (rotation)", () => {
  it("returns a new pair and revokes the used refresh token", async () => {
    const first = await login(t.app, "client@costflow.demo");
    const rotated = await post("/auth/jwt/refresh/", { refresh: first.refresh });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh).not.toBe(first.refresh);
    const me = await t.app.inject({
      method: "GET",
      url: `${API}/auth/users/me`,
      headers: bearer(second.access),
    });
    expect(me.statusCode).toBe(200);
    // The new refresh token works once more.
    expect((await post("/auth/jwt/refresh", { refresh: second.refresh })).statusCode).toBe(200);
  });

  it("detects reuse: a revoked token replayed after the grace revokes its whole family", async () => {
    // Grace 0: any replay of a rotated token is theft.
    const strict = await t.another({ refreshReuseGraceMs: 0 });
    const postStrict = (url: string, payload: unknown) =>
      strict.inject({ method: "POST", url: `${API}${url}`, payload: payload as object });
    const first = await login(strict, "client@costflow.demo");
    const second = (await postStrict("/auth/jwt/refresh", { refresh: first.refresh })).json();
    const replay = await postStrict("/auth/jwt/refresh", { refresh: first.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("TOKEN_INVALID");
    // The legitimate-looking newer token of the same family is dead too.
    expect((await postStrict("/auth/jwt/refresh", { refresh: second.refresh })).statusCode).toBe(401);
    // Other sessions (families) are untouched.
    const other = await login(strict, "client@costflow.demo");
    expect((await postStrict("/auth/jwt/refresh", { refresh: other.refresh })).statusCode).toBe(200);
  });

  it("lets a token rotated moments ago refresh again (two tabs, a reload racing a poll)", async () => {
    const first = await login(t.app, "client@costflow.demo");
    const second = (await post("/auth/jwt/refresh", { refresh: first.refresh })).json();
    // The other tab still holds the first token: within the grace it gets a pair of its own.
    const replay = await post("/auth/jwt/refresh", { refresh: first.refresh });
    expect(replay.statusCode).toBe(200);
    const third = replay.json();
    expect(third.refresh).not.toBe(second.refresh);
    // Neither tab was logged out: both newer tokens still refresh.
    expect((await post("/auth/jwt/refresh", { refresh: second.refresh })).statusCode).toBe(200);
    expect((await post("/auth/jwt/refresh", { refresh: third.refresh })).statusCode).toBe(200);
  });

  it("gives no grace to a token whose session was logged out", async () => {
    const first = await login(t.app, "client@costflow.demo");
    const second = (await post("/auth/jwt/refresh", { refresh: first.refresh })).json();
    expect((await post("/auth/jwt/logout", { refresh: second.refresh })).statusCode).toBe(204);
    expect((await post("/auth/jwt/refresh", { refresh: first.refresh })).statusCode).toBe(401);
  });

  it("refuses an access token, a forged token and garbage", async () => {
    const tokens = await login(t.app, "client@costflow.demo");
    const [header, payload] = tokens.refresh.split(".");
    for (const refresh of [tokens.access, `${header}.${payload}.forged-signature`, "garbage"]) {
      const response = await post("/auth/jwt/refresh", { refresh });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("TOKEN_INVALID");
    }
  });
});

describe("POST auth/jwt/logout", () => {
  it("revokes the refresh token", async () => {
    const tokens = await login(t.app, "client@costflow.demo");
    const response = await post("/auth/jwt/logout/", { refresh: tokens.refresh });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await post("/auth/jwt/refresh", { refresh: tokens.refresh })).statusCode).toBe(401);
  });
});

describe("POST auth/users/set_password", () => {
  it("needs the current password, revokes older refresh tokens and returns a fresh pair", async () => {
    const email = "admin@costflow.demo";
    const older = await login(t.app, email);
    const current = await login(t.app, email);
    const call = as(t.app, current.access);

    const wrong = await call("POST", "/auth/users/set_password/", {
      current_password: "not-it",
      new_password: "a-new-password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: "current_password", reason: "wrong_password", message: "the password is incorrect" },
    ]);

    const short = await call("POST", "/auth/users/set_password/", {
      current_password: DEMO_PASSWORD,
      new_password: "x",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ field: "new_password", reason: "too_short" });

    const changed = await call("POST", "/auth/users/set_password", {
      current_password: DEMO_PASSWORD,
      new_password: "a-new-password",
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json();
    expect((await post("/auth/jwt/refresh", { refresh: older.refresh })).statusCode).toBe(401);
    expect((await post("/auth/jwt/refresh", { refresh: current.refresh })).statusCode).toBe(401);
    expect((await post("/auth/jwt/refresh", { refresh: fresh.refresh })).statusCode).toBe(200);
    expect((await post("/auth/jwt/create", { email, password: DEMO_PASSWORD })).statusCode).toBe(401);
    await login(t.app, email, "a-new-password");

    // Put the demo password back for the other tests of this file.
    const back = await as(t.app, fresh.access)("POST", "/auth/users/set_password", {
      current_password: "a-new-password",
      new_password: DEMO_PASSWORD,
    });
    expect(back.statusCode).toBe(200);
  });
});

describe("password reset", () => {
  it("e-mails a single-use link that sets a new password and ends every session", async () => {
    const email = "client@costflow.demo";
    const session = await login(t.app, email);
    const before = await lastEmailId(email);
    expect((await post("/auth/users/reset_password/", { email })).statusCode).toBe(204);

    const message = await nextEmailTo(email, before);
    expect(message.subject).toBe("Reset your Costflow password");
    expect(message.transport).toBe("outbox");
    const link = /(http\S+reset-password-v1\/(\S+)\/(\S+)\/)/.exec(message.text);
    expect(link?.[1]?.startsWith(`${APP_URL}/pages/authentication/reset-password-v1/`)).toBe(true);
    const [uid, token] = [link![2]!, link![3]!];
    // Delivery goes through the job queue, which marks the outbox row sent.
    await eventually(async () => expect((await lastEmailTo(email)).status).toBe("SENT"));

    const confirm = await post("/auth/users/reset_password_confirm/", {
      uid,
      token,
      new_password: "reset-password-1",
    });
    expect(confirm.statusCode).toBe(204);
    await login(t.app, email, "reset-password-1");
    expect((await post("/auth/jwt/refresh", { refresh: session.refresh })).statusCode).toBe(401);

    const again = await post("/auth/users/reset_password_confirm", {
      uid,
      token,
      new_password: "reset-password-2",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([
      { field: "token", reason: "invalid_token", message: "this link is invalid or has expired" },
    ]);

    // Back to the demo password through a second link.
    await post("/auth/users/reset_password", { email });
    const second = await nextEmailTo(email, message.id);
    const [, uid2, token2] = /reset-password-v1\/(\S+)\/(\S+)\//.exec(second.text)!;
    expect(
      (
        await post("/auth/users/reset_password_confirm", {
          uid: uid2,
          token: token2,
          new_password: DEMO_PASSWORD,
        })
      ).statusCode,
    ).toBe(204);
  });

  it("answers 204 for an unknown address and sends nothing", async () => {
    const response = await post("/auth/users/reset_password", { email: "ghost@nowhere.test" });
    expect(response.statusCode).toBe(204);
    // The requests are worked in order: once a later request for a known address has its
    // e-mail, the unknown one has been handled.
    const before = await lastEmailId("admin@costflow.demo");
    await post("/auth/users/reset_password", { email: "admin@costflow.demo" });
    await nextEmailTo("admin@costflow.demo", before);
    const { rows } = await t.database.executeSql(
      "select count(*)::int as n from email_outbox where to_email = $1",
      ["ghost@nowhere.test"],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("writes the e-mail in the user's language", async () => {
    const client = await login(t.app, "client@costflow.demo");
    await as(t.app, client.access)("PUT", "/auth/users/me/settings", { language: "es" });
    const before = await lastEmailId("client@costflow.demo");
    await post("/auth/users/reset_password", { email: "client@costflow.demo" });
    expect((await nextEmailTo("client@costflow.demo", before)).subject).toBe(
      "Restablece tu contraseña de Costflow",
    );
    await as(t.app, client.access)("PUT", "/auth/users/me/settings", { language: "en" });
  });
});

describe("registration and company validation", () => {
  it("register → validation e-mail → validate → login", async () => {
    const registered = await post("/auth/users", {
      first_name: "Rita",
      last_name: "Register",
      email: "Rita@Example.test",
      password: "rita-password",
      company_name: "Rita Retail",
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toEqual({ id: expect.any(Number), email: "rita@example.test" });

    const { rows } = await t.database.executeSql(
      "select text from email_outbox where to_email = $1 order by id desc limit 1",
      ["rita@example.test"],
    );
    const url = new URL(/(http\S+company\/validate\S+)/.exec(String(rows[0]?.text))![1]!);
    expect(url.origin + url.pathname).toBe(`${APP_URL}/company/validate`);
    const uid = url.searchParams.get("uid")!;
    const token = url.searchParams.get("token")!;

    const bad = await post("/company/validate/", { uid, token: `${token}x` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: "token", reason: "invalid_token" });

    const validated = await post("/company/validate/", { uid, token });
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toEqual({
      company: { id: expect.any(Number), name: "Rita Retail" },
      validated: true,
    });
    expect((await post("/company/validate", { uid, token })).statusCode).toBe(400);

    const tokens = await login(t.app, "rita@example.test", "rita-password");
    const me = (await as(t.app, tokens.access)("GET", "/auth/users/me")).json();
    expect(me).toMatchObject({
      role: "admin",
      ability: [{ action: "manage", subject: "all" }],
      companies: [
        {
          company: { name: "Rita Retail" },
          group_name: "Administrators",
          license_type: { name: "Professional" },
        },
      ],
    });
    expect(me.selected_company).toBe(me.companies[0].company.id);
  });

  it("refuses a taken e-mail or company name with the same 409, naming both fields", async () => {
    const base = { first_name: "D", last_name: "Dup", password: "dup-password" };
    const email = await post("/auth/users", {
      ...base,
      email: "admin@costflow.demo",
      company_name: "Fresh Co",
    });
    expect(email.statusCode).toBe(409);
    const message = "this e-mail address or company name is already in use";
    expect(email.json().errors).toEqual([
      { field: "email", reason: "email_or_company_taken", message },
      { field: "company_name", reason: "email_or_company_taken", message },
    ]);
    const name = await post("/auth/users", {
      ...base,
      email: "fresh@dup.test",
      company_name: "costflow demo distribution",
    });
    expect(name.statusCode).toBe(409);
    // Said the same way: nothing tells which of the two exists.
    expect(name.json()).toEqual(email.json());
  });

  it("company sign-up stores the company profile and e-mails in the request's language", async () => {
    const response = await post(
      "/company-signup/",
      {
        company_name: "Sinal Lda",
        country: "pt",
        industry: "Logistics",
        employees: "11-50",
        first_name: "Sofia",
        last_name: "Sinal",
        email: "sofia@sinal.test",
        password: "sofia-password",
      },
      { "accept-language": "pt-BR,pt;q=0.9" },
    );
    expect(response.statusCode).toBe(201);
    const { rows } = await t.database.executeSql(
      "select c.country, c.industry, c.employees, c.status, o.subject from companies c, email_outbox o where c.name = 'Sinal Lda' and o.to_email = 'sofia@sinal.test'",
    );
    expect(rows[0]).toEqual({
      country: "PT",
      industry: "Logistics",
      employees: "11-50",
      status: "PENDING",
      subject: "Confirme sua empresa Sinal Lda no Costflow",
    });
  });
});

describe("the caller of GET requests, reused for SESSION_CACHE_MS", () => {
  /** The refresh family an access token carries. */
  const familyOf = (access: string) =>
    JSON.parse(Buffer.from(access.split(".")[1]!, "base64url").toString()).fam as string;

  /**
   * A session whose caller this process has just read (one GET), then ended in the database as
   * a logout through another API process of the same database would: this process did not see it.
   */
  async function endedElsewhere() {
    const tokens = await login(t.app, "client@costflow.demo");
    const call = as(t.app, tokens.access);
    expect((await call("GET", "/auth/users/me/")).statusCode).toBe(200);
    await t.database.executeSql(
      "update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null",
      [familyOf(tokens.access)],
    );
    return call;
  }

  it("a logout through the API ends the access token on the very next request", async () => {
    const tokens = await login(t.app, "client@costflow.demo");
    const call = as(t.app, tokens.access);
    expect((await call("GET", "/auth/users/me/")).statusCode).toBe(200);
    expect((await post("/auth/jwt/logout/", { refresh: tokens.refresh })).statusCode).toBe(204);
    expect((await call("GET", "/auth/users/me/")).statusCode).toBe(401);
  });

  it("a session ended by another API process ends its access tokens within the window", async () => {
    const call = await endedElsewhere();
    // The caller read just now still serves for the window.
    expect((await call("GET", "/auth/users/me/")).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 100));
    expect((await call("GET", "/auth/users/me/")).statusCode).toBe(401);
  });

  it("a write request reads its caller afresh and forgets the callers read before", async () => {
    const call = await endedElsewhere();
    // A write is never served from the window, and after it no GET is either.
    expect((await call("PUT", "/auth/users/me/", { first_name: "Kept" })).statusCode).toBe(401);
    expect((await call("GET", "/auth/users/me/")).statusCode).toBe(401);
  });
});
