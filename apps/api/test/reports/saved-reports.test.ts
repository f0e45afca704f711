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
} from "../helpers/test-app.ts";

// Saved reports (report/my-reports): own and company-shared reports, who may change them,
// validation that names the field, and company isolation.

type Call = ReturnType<typeof as>;
let t: TestApp;
let admin: Call; // demo company, Administrators
let analyst: Call; // demo company, Analysts
let viewer: Call; // demo company, Viewers
let other: Call; // another company's administrator

beforeAll(async () => {
  t = await startTestApp();
  const companyId = await demoCompanyId(t.database);
  await createMember(t.database, {
    email: "viewer@costflow.demo",
    role: "client",
    groupName: "Viewers",
    companyId,
  });
  await createCompany(t.database, "Other Company", "owner@other.test");
  admin = as(t.app, (await login(t.app, "admin@costflow.demo")).access);
  analyst = as(t.app, (await login(t.app, "client@costflow.demo")).access);
  viewer = as(t.app, (await login(t.app, "viewer@costflow.demo")).access);
  other = as(t.app, (await login(t.app, "owner@other.test")).access);
});
afterAll(async () => t?.close());

const whale = { title: "Customers whale", type: "WHALE", params: { scenario: 1, dimension: 2, side: "top" } };

describe("saved reports", () => {
  it("saves a page's filters privately by default and reads them back", async () => {
    const created = await analyst("POST", "/report/my-reports/", whale);
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json();
    expect(report).toMatchObject({
      title: "Customers whale",
      type: "WHALE",
      params: { scenario: 1, dimension: 2, side: "top" },
      shared: false,
      owner_name: "Carlos Client",
      can_edit: true,
    });
    const read = await analyst("GET", `/report/my-reports/${report.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json().params).toEqual({ scenario: 1, dimension: 2, side: "top" });
    // Private: a colleague, even an administrator, does not see it; another company neither.
    expect((await viewer("GET", `/report/my-reports/${report.id}/`)).statusCode).toBe(404);
    expect((await admin("GET", `/report/my-reports/${report.id}/`)).statusCode).toBe(404);
    expect((await other("GET", `/report/my-reports/${report.id}/`)).statusCode).toBe(404);
    expect((await viewer("GET", "/report/my-reports/")).json().count).toBe(0);
  });

  it("shares with the company: colleagues read it, only the owner or an administrator changes it", async () => {
    const report = (
      await analyst("POST", "/report/my-reports/", { ...whale, title: "Shared tree map", type: "TREEMAP" })
    ).json();
    const shared = await analyst("PATCH", `/report/my-reports/${report.id}/`, { shared: true });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().shared).toBe(true);

    const seen = await viewer("GET", `/report/my-reports/${report.id}/`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().can_edit).toBe(false);
    const refused = await viewer("PATCH", `/report/my-reports/${report.id}/`, { title: "Mine now" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({ field: "id", reason: "not_owner" });
    expect((await viewer("DELETE", `/report/my-reports/${report.id}/`)).statusCode).toBe(403);

    // Another company: the shared report does not exist for it.
    expect((await other("GET", `/report/my-reports/${report.id}/`)).statusCode).toBe(404);
    expect((await other("PATCH", `/report/my-reports/${report.id}/`, { title: "x" })).statusCode).toBe(404);
    expect((await other("DELETE", `/report/my-reports/${report.id}/`)).statusCode).toBe(404);
    expect((await other("GET", "/report/my-reports/")).json().count).toBe(0);

    // The company's administrator may rename it; the owner may delete it.
    const renamed = await admin("PATCH", `/report/my-reports/${report.id}/`, { title: "Margin by customer" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      title: "Margin by customer",
      can_edit: true,
      owner_name: "Carlos Client",
    });
    expect((await analyst("DELETE", `/report/my-reports/${report.id}/`)).statusCode).toBe(204);
    expect((await viewer("GET", `/report/my-reports/${report.id}/`)).statusCode).toBe(404);
  });

  it("lists own and shared reports with type, search, ordering and the list envelope", async () => {
    const mine = async (title: string, type: string, shared = false) => {
      const r = await viewer("POST", "/report/my-reports/", { title, type, params: { line: "REV" }, shared });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as number;
    };
    await mine("Alpha waterfall", "WATERFALL");
    await mine("beta waterfall", "WATERFALL", true);
    await mine("Gamma 50% P&L", "PNL");
    const page = await viewer("GET", "/report/my-reports/?limit=2&ordering=title");
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    // The viewer's three plus nothing private of others (the analyst's first report stays hidden).
    expect(body.count).toBe(3);
    expect(body.results.map((r: { title: string }) => r.title)).toEqual([
      "Alpha waterfall",
      "beta waterfall",
    ]);
    expect(body.next).toContain("offset=2");
    expect(body.previous).toBeNull();

    const byType = (await viewer("GET", "/report/my-reports/?type=WATERFALL&ordering=-title")).json();
    expect(byType.results.map((r: { title: string }) => r.title)).toEqual([
      "beta waterfall",
      "Alpha waterfall",
    ]);
    // LIKE wildcards in the search are literal text.
    const search = (await viewer("GET", "/report/my-reports/?search=50%25")).json();
    expect(search.results.map((r: { title: string }) => r.title)).toEqual(["Gamma 50% P&L"]);
    // The analyst sees their own private report and the viewer's shared one.
    const analystList = (await analyst("GET", "/report/my-reports/?ordering=title")).json();
    expect(analystList.results.map((r: { title: string }) => r.title)).toEqual([
      "beta waterfall",
      "Customers whale",
    ]);
  });

  it("refuses bad input with 400 naming the field, never 500", async () => {
    const cases: [unknown, string, string][] = [
      [{ ...whale, title: "" }, "title", "required"],
      [{ ...whale, title: "x".repeat(201) }, "title", "too_long"],
      [{ type: "WHALE" }, "title", "required"],
      [{ ...whale, type: "PIE" }, "type", "invalid_value"],
      [{ ...whale, params: "scenario=1" }, "params", "invalid_type"],
      [
        { ...whale, params: { big: "x".repeat(400), more: "y".repeat(400), ...bulky() } },
        "params",
        "too_big",
      ],
      [{ ...whale, owner: 5 }, "owner", "unknown_field"],
    ];
    for (const [body, field, reason] of cases) {
      const r = await analyst("POST", "/report/my-reports/", body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json().errors).toContainEqual(expect.objectContaining({ field, reason }));
    }
    const tooManyKeys = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    const r = await analyst("POST", "/report/my-reports/", { ...whale, params: tooManyKeys });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0]).toMatchObject({ field: "params", reason: "too_big" });

    for (const id of ["0", "abc", "-1"]) {
      const got = await analyst("GET", `/report/my-reports/${id}/`);
      expect(got.statusCode, id).toBe(400);
      expect(got.json().errors[0].field).toBe("id");
    }
    // Past 2^31 no row can hold the id: missing like any other (docs/api-contract.md).
    for (const id of ["2147483647", "2147483648"])
      expect((await analyst("GET", `/report/my-reports/${id}/`)).statusCode, id).toBe(404);
    expect((await analyst("GET", "/report/my-reports/?ordering=owner")).json().errors[0].field).toBe(
      "ordering",
    );
    const translated = await t.app.inject({
      method: "PATCH",
      url: `${API}/report/my-reports/1/`,
      headers: { authorization: "Bearer x" },
    });
    expect(translated.statusCode).toBe(401);
  });
});

function bulky() {
  return Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, "z".repeat(400)]));
}
