import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Call, importBundle, waitForRun } from "../calculation/helpers.ts";
import { as, createCompany, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { readPdf } from "./pdf-tools.ts";

// PDFs written through the API on the report figures' scenario (apps/api/test/reports/
// report-figures.test.ts has the arithmetic): customers C1 Alpha NET 775, C2 Beta 200, C3 Gamma
// -125 (total 850, revenue 1,850, cost 1,000); the GL total is 1,000. Each PDF is read back with
// poppler (pdfinfo, pdftotext) as a reader's tools would. Set PDF_KEEP=dir to keep the files.

const BUNDLE = fileURLToPath(new URL("../reports/bundles/pnl-categories/", import.meta.url));
const KEEP = process.env.PDF_KEEP;

let t: TestApp;
let call: Call;
let callB: Call;
let scenario: number;
let model: number;
let dims: Record<string, number>;

async function pdf(path: string, keep?: string) {
  const response = await call("GET", path);
  expect(response.statusCode, `${path}: ${response.body.slice(0, 300)}`).toBe(200);
  expect(response.headers["content-type"]).toContain("application/pdf");
  const body = response.rawPayload;
  expect(body.subarray(0, 5).toString()).toBe("%PDF-");
  return readPdf(body, KEEP && keep ? `${KEEP}/${keep}.pdf` : undefined);
}

beforeAll(async () => {
  t = await startTestApp();
  const access = (await login(t.app, "admin@costflow.demo")).access;
  call = as(t.app, access);
  await createCompany(t.database, "Other Company", "owner@other.test");
  callB = as(t.app, (await login(t.app, "owner@other.test")).access);
  ({ scenario, model } = await importBundle(t.app, access, BUNDLE));
  const listed = await call("GET", `/dimensions/?model=${model}&limit=100`);
  dims = Object.fromEntries(listed.json().results.map((d: { code: string; id: number }) => [d.code, d.id]));
  const all = await call("POST", "/calculation/calculate-all/", { scenario });
  expect((await waitForRun(call, scenario, all.json().calculation_id, 280_000)).status).toBe("FINISHED");
}, 300_000);
afterAll(async () => t?.close());

describe("the PDF summary", () => {
  it("has the scenario, its period and currency, the figures of the report calls and page numbers", async () => {
    const facts = await pdf(`/report/pdf-summary/?scenario=${scenario}&language=en`, "summary-en");
    const s = (await call("GET", `/model/scenarios/${scenario}/`)).json();
    expect(facts.pages).toBeGreaterThan(1);
    expect(facts.text).toContain("Management summary");
    expect(facts.text).toContain(s.name);
    expect(facts.text).toContain("EUR");
    expect(facts.text).toContain(`Page 1 of ${facts.pages}`);
    expect(facts.text).toContain(`Page ${facts.pages} of ${facts.pages}`);
    // Key figures: revenue 1,850, cost 1,000, profit 850 of customers; GL total 1,000.
    for (const figure of ["1,850.00", "1,000.00", "850.00", "45.9 %"]) expect(facts.text).toContain(figure);
    // Top and bottom records of customers: Alpha 775 first, Gamma -125 at the bottom.
    expect(facts.text).toContain("Alpha");
    expect(facts.text).toContain("775.00");
    expect(facts.text).toContain("-125.00");
    expect(facts.text).toMatch(/Top 10: Customers/i);
    expect(facts.text).toMatch(/Bottom 10: Customers/i);
    // Fonts are embedded subsets of the shipped Noto fonts.
    expect(facts.fonts).toMatch(/NotoSans/);
    expect(facts.fonts).not.toMatch(/Helvetica/);
  });

  it("is written in Arabic right to left, with the Arabic words in logical order", async () => {
    const facts = await pdf(`/report/pdf-summary/?scenario=${scenario}&language=ar`, "summary-ar");
    expect(facts.text).toContain("ملخص الإدارة");
    expect(facts.text).toContain("الأرقام الرئيسية");
    expect(facts.text).toContain("تقرير التحقق");
    expect(facts.fonts).toMatch(/NotoSansArabic/);
  });

  it("keeps Spanish and Portuguese accents", async () => {
    const es = await pdf(`/report/pdf-summary/?scenario=${scenario}&language=es`, "summary-es");
    expect(es.text).toContain("Resumen de gestión");
    expect(es.text).toContain(`Página 1 de ${es.pages}`);
    expect(es.text).toContain("Conciliación");
    const pt = await pdf(`/report/pdf-summary/?scenario=${scenario}&language=pt`, "summary-pt");
    expect(pt.text).toContain("Resumo de gestão");
    expect(pt.text).toContain("Números-chave");
  });

  it("answers 404 for another company's scenario and 400 naming a bad language", async () => {
    const other = await callB("GET", `/report/pdf-summary/?scenario=${scenario}`);
    expect(other.statusCode).toBe(404);
    const bad = await call("GET", `/report/pdf-summary/?scenario=${scenario}&language=xx`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("language");
  });
});
