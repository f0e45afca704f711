import { beforeEach, describe, expect, it } from "vitest";
import { isTokenExpired, tokenExpiresAt } from "../src/lib/jwt";
import { clearSession, homePathFor, isLoggedIn, setTokens, setUserData } from "../src/lib/session";
import { fakeJwt, installStorage } from "./memory-storage";

describe("session", () => {
  beforeEach(() => installStorage());

  it("reads exp from a JWT", () => {
    expect(tokenExpiresAt(fakeJwt({ exp: 100 }))).toBe(100_000);
    expect(tokenExpiresAt("not-a-jwt")).toBeNull();
    expect(isTokenExpired(fakeJwt({ exp: 100 }), 100_001)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: 100 }), 99_999)).toBe(false);
    expect(isTokenExpired(null)).toBe(true);
  });

  it("is logged in only with an unexpired refresh token and user data", () => {
    const now = Date.now();
    expect(isLoggedIn(now)).toBe(false);
    setTokens({ access: "a", refresh: fakeJwt({ exp: Math.floor(now / 1000) + 60 }) });
    expect(isLoggedIn(now)).toBe(false);
    setUserData({ id: 1, role: "client" } as never);
    expect(isLoggedIn(now)).toBe(true);
    expect(isLoggedIn(now + 120_000)).toBe(false);
    clearSession();
    expect(isLoggedIn(now)).toBe(false);
  });

  it("sends admin to the dashboard, client to access control, others to login", () => {
    expect(homePathFor("admin")).toBe("/dashboard");
    expect(homePathFor("client")).toBe("/access-control");
    expect(homePathFor("auditor")).toBe("/login");
    expect(homePathFor(undefined)).toBe("/login");
  });
});
