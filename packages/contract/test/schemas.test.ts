import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Email, LoginRequest, RegisterRequest } from "../src/auth.ts";
import { CreateScenario, defaultScenarioPeriod } from "../src/models.ts";
import { listQuery, page } from "../src/pagination.ts";
import { SettingsUpdate } from "../src/users.ts";

describe("listQuery", () => {
  const Query = listQuery(["name", "created_at"]);

  it("defaults to the first ten rows", () => {
    expect(Query.parse({})).toEqual({ limit: 10, offset: 0 });
  });
  it("reads query-string numbers and caps the limit at 100", () => {
    expect(Query.parse({ limit: "500", offset: "20", ordering: "-name" })).toEqual({
      limit: 100,
      offset: 20,
      ordering: "-name",
    });
  });
  it("refuses a negative offset, a zero limit, text and unknown ordering fields", () => {
    expect(Query.safeParse({ offset: "-1" }).success).toBe(false);
    expect(Query.safeParse({ limit: "0" }).success).toBe(false);
    expect(Query.safeParse({ limit: "ten" }).success).toBe(false);
    expect(Query.safeParse({ ordering: "password" }).success).toBe(false);
  });
  it("wraps items in the envelope", () => {
    const Page = page(z.object({ id: z.number() }));
    expect(Page.safeParse({ count: 1, next: null, previous: null, results: [{ id: 1 }] }).success).toBe(true);
    expect(Page.safeParse({ count: 1, results: [] }).success).toBe(false);
  });
});

describe("request schemas", () => {
  it("normalise e-mail addresses", () => {
    expect(Email.parse("  Admin@Costflow.DEMO ")).toBe("admin@costflow.demo");
    expect(Email.safeParse("admin@").success).toBe(false);
  });
  it("refuse unknown fields", () => {
    const result = LoginRequest.safeParse({ email: "a@b.co", password: "x", remember: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe("unrecognized_keys");
  });
  it("require a password of at least 8 characters at registration", () => {
    const base = { first_name: "A", last_name: "B", email: "a@b.co", company_name: "C" };
    expect(RegisterRequest.safeParse({ ...base, password: "short" }).success).toBe(false);
    expect(RegisterRequest.safeParse({ ...base, password: "long enough" }).success).toBe(true);
  });
  it("default a scenario's currency to EUR and refuse bad dates", () => {
    expect(CreateScenario.parse({ model: 1, name: "S" }).currency).toBe("EUR");
    expect(CreateScenario.safeParse({ model: 1, name: "S", period_from: "2024-02-30" }).success).toBe(false);
  });
  it("accept partial settings but not unknown languages", () => {
    expect(SettingsUpdate.parse({ skin: "dark" })).toEqual({ skin: "dark" });
    expect(SettingsUpdate.safeParse({ language: "fr" }).success).toBe(false);
  });
});

describe("defaultScenarioPeriod", () => {
  it("runs from one month before today to today", () => {
    expect(defaultScenarioPeriod(new Date("2025-06-15T10:00:00Z"))).toEqual({
      period_from: "2025-05-15",
      period_to: "2025-06-15",
    });
  });
  it("clamps to the end of a shorter month", () => {
    expect(defaultScenarioPeriod(new Date("2024-03-31T00:00:00Z")).period_from).toBe("2024-02-29");
    expect(defaultScenarioPeriod(new Date("2025-01-10T00:00:00Z")).period_from).toBe("2024-12-10");
  });
});
