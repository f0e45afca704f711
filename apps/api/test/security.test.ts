import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API, as, bearer, eventually, login, startTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (app: TestApp["app"], url: string, payload: unknown) =>
  app.inject({ method: "POST", url: `${API}${url}`, payload: payload as object });

describe("security headers", () => {
  it("are on every response: answers, errors, unknown paths and the OpenAPI pages", async () => {
    const admin = await login(t.app, "admin@costflow.demo");
    const responses = [
      await t.app.inject({ method: "GET", url: `${API}/auth/users/me/`, headers: bearer(admin.access) }),
      await t.app.inject({ method: "GET", url: `${API}/auth/users/me/` }),
      await t.app.inject({ method: "GET", url: `${API}/no-such-thing/` }),
      await t.app.inject({
        method: "POST",
        url: `${API}/auth/jwt/create`,
        payload: "{bad",
        headers: { "content-type": "application/json" },
      }),
      await t.app.inject({ method: "GET", url: "/api/docs/json" }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404, 400, 200]);
    for (const response of responses) {
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("object-src 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.headers["x-frame-options"]).toBe("DENY");
    }
  });
});

describe("access tokens of an ended session", () => {
  it("stop working on the next request after a logout", async () => {
    const session = await login(t.app, "client@costflow.demo");
    const me = () => as(t.app, session.access)("GET", "/auth/users/me/");
    expect((await me()).statusCode).toBe(200);
    expect((await post(t.app, "/auth/jwt/logout", { refresh: session.refresh })).statusCode).toBe(204);
    const after = await me();
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("TOKEN_INVALID");
  });

  it("stop working once their family is revoked for a reused refresh token", async () => {
    const strict = await t.another({ refreshReuseGraceMs: 0 });
    const first = await login(strict, "client@costflow.demo");
    const rotated = await post(strict, "/auth/jwt/refresh", { refresh: first.refresh });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json() as { access: string; refresh: string };
    expect((await as(strict, second.access)("GET", "/auth/users/me/")).statusCode).toBe(200);
    // The first refresh token again: stolen, so the whole family goes, its live access tokens too.
    expect((await post(strict, "/auth/jwt/refresh", { refresh: first.refresh })).statusCode).toBe(401);
    expect((await as(strict, second.access)("GET", "/auth/users/me/")).statusCode).toBe(401);
    expect((await as(strict, first.access)("GET", "/auth/users/me/")).statusCode).toBe(401);
  });

  it("of other sessions stop working after a password change; the new pair works", async () => {
    const other = await login(t.app, "client@costflow.demo");
    const mine = await login(t.app, "client@costflow.demo");
    const changed = await as(t.app, mine.access)("POST", "/auth/users/set_password", {
      current_password: "costflow-demo",
      new_password: "changed-password-1",
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json() as { access: string };
    expect((await as(t.app, other.access)("GET", "/auth/users/me/")).statusCode).toBe(401);
    expect((await as(t.app, mine.access)("GET", "/auth/users/me/")).statusCode).toBe(401);
    const back = await as(t.app, fresh.access)("POST", "/auth/users/set_password", {
      current_password: "changed-password-1",
      new_password: "costflow-demo",
    });
    expect(back.statusCode).toBe(200);
  });
});

describe("refresh rate limit", () => {
  it("counts per session, so users behind one address do not use up each other's refreshes", async () => {
    const limited = await t.another({ authRateLimit: { max: 3, windowMs: 60_000, ipMax: 50 } });
    // Every injected request comes from the same address (127.0.0.1), like an office behind NAT.
    let admin = await login(limited, "admin@costflow.demo");
    for (let i = 0; i < 3; i++) {
      const response = await post(limited, "/auth/jwt/refresh", { refresh: admin.refresh });
      expect(response.statusCode).toBe(200);
      admin = response.json();
    }
    const blocked = await post(limited, "/auth/jwt/refresh", { refresh: admin.refresh });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("RATE_LIMITED");

    const client = await login(limited, "client@costflow.demo");
    expect((await post(limited, "/auth/jwt/refresh", { refresh: client.refresh })).statusCode).toBe(200);
  });

  it("still limits one address sending made-up tokens", async () => {
    const limited = await t.another({ authRateLimit: { max: 3, windowMs: 60_000, ipMax: 6 } });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const fake = `x.${Buffer.from(JSON.stringify({ fam: `family-${i}` })).toString("base64url")}.y`;
      statuses.push((await post(limited, "/auth/jwt/refresh", { refresh: fake })).statusCode);
    }
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });
});

describe("e-mail without SMTP", () => {
  it("is written to the server's console with its links, as well as to the outbox", async () => {
    const printed: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk, ...rest) => {
      printed.push(String(chunk));
      return write(chunk, ...(rest as []));
    });
    try {
      const registered = await post(t.app, "/auth/users", {
        first_name: "Cora",
        last_name: "Console",
        email: "cora@console.test",
        password: "cora-password",
        company_name: "Console Co",
      });
      expect(registered.statusCode).toBe(201);
      const { rows } = await t.database.executeSql("select text from email_outbox where to_email = $1", [
        "cora@console.test",
      ]);
      const link = /(http\S+company\/validate\S+)/.exec(String(rows[0]?.text))?.[1];
      expect(link).toBeDefined();
      const shown = await eventually(async () => {
        const text = printed.join("");
        expect(text).toContain("To: cora@console.test");
        return text;
      });
      expect(shown).toContain(link!);
    } finally {
      spy.mockRestore();
    }
  });
});
