import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Call, importBundle, waitForRun } from "../calculation/helpers.ts";
import { as, createCompany, eventually, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { readPdf } from "./pdf-tools.ts";

// PDFs written through the API on the report figures' scenario (apps/api/test/reports/
// report-figures.test.ts has the arithmetic): customers C1 Alpha NET 775, C2 Beta 200, C3 Gamma
// -125 (total 850, revenue 1,850, cost 1,000); the GL total is 1,000. Each PDF is read back with
// poppler (pdfinfo, pdftotext) as a reader's tools would. Set PDF_KEEP=dir to keep the files.

const BUNDLE = fileURLToPath(new URL("../reports/bundles/pnl-categories/", import.meta.url));
const KEEP = process.env.PDF_KEEP;
// The file pipeline's store (docs/exports.md) for the PDFs requested as files.
process.env.EXPORT_FILES_DIR = mkdtempSync(join(tmpdir(), "costflow-pdf-files-"));

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

type Block = Record<string, unknown> & { type: string };
async function reportPdf(
  blocks: Block[],
  options: { language?: string; orientation?: string; keep?: string } = {},
) {
  const created = await call("POST", "/report/pdf-reports/", {
    title: `Blocks ${blocks.map((b) => b.type).join(" ")}`,
    orientation: options.orientation ?? "portrait",
    data: { scenario, blocks },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id;
  const language = options.language ?? "en";
  return pdf(`/report/pdf-reports/${id}/pdf/?scenario=${scenario}&language=${language}`, options.keep);
}

const get = async (path: string) => {
  const response = await call("GET", path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe("a PDF of each block type", () => {
  it("writes each block with the figures of its report call, the scenario in the header", async () => {
    const C = dims.CUSTOMERS!;
    const O = dims.ORDERS!;
    const q = `scenario=${scenario}&dimension=${C}`;
    const name = (await get(`/model/scenarios/${scenario}/`)).name as string;
    const money = (v: number) =>
      v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

    const whale = await get(`/report/whale/?${q}`);
    const waterfall = await get(`/report/waterfall/?${q}`);
    const treemap = await get(`/report/treemap/?${q}`);
    const pnl = await get(`/report/pnl/?${q}&limit=50`);
    const bottom = await get(`/report/profitability/?${q}&line=NET&side=bottom&limit=2`);
    const compare = await get(`/report/compare/?scenario=${scenario}&dimension=${C},${O}&line=NET`);
    const validation = await get(`/calculation/validation-report/?scenario=${scenario}`);
    const sankey = await get(`/calculation/sankey/?scenario=${scenario}`);

    const cases: [Block, string[]][] = [
      [{ type: "heading", text: "Quarterly review" }, ["Quarterly review"]],
      [{ type: "text", text: "Costs are allocated by activity." }, ["Costs are allocated by activity."]],
      [
        { type: "key_figures" },
        ["Key figures", money(1850), money(pnl.totals.profit), "Records of Customers"],
      ],
      [{ type: "validation" }, ["Validation report", "Step 1", money(validation.gl_total)]],
      [
        { type: "sankey" },
        [
          "Cost flow",
          ...sankey.nodes
            .filter((n: { kind: string; level: string }) => n.kind === "item" && n.level === "activity")
            .map((n: { name: string }) => n.name),
        ],
      ],
      [
        { type: "whale", dimension: C },
        ["Whale curve: Customers", `Peak: ${whale.peak_percent.toFixed(1)} %`, "% of records"],
      ],
      [
        { type: "waterfall", dimension: C },
        [
          "P&L bridge: Customers",
          ...waterfall.steps.map((s: { description: string }) => s.description),
          ...waterfall.steps.map((s: { value: number }) => money(s.value)),
        ],
      ],
      [
        { type: "treemap", dimension: C, measure: "cost", limit: 5 },
        ["Tree map: Customers by Cost", ...treemap.root.children.map((c: { name: string }) => c.name)],
      ],
      [
        { type: "pnl", dimension: C, limit: 50 },
        [
          "P&L by record: Customers",
          ...pnl.results.map((r: { name: string }) => r.name),
          ...pnl.results.map((r: { lines: { REV: number } }) => money(r.lines.REV)),
          money(pnl.totals.lines.REV),
        ],
      ],
      [
        { type: "top_bottom", dimension: C, line: "NET", side: "bottom", limit: 2 },
        [
          "Bottom 2: Customers by Net profit",
          ...bottom.results.map((r: { name: string }) => r.name),
          ...bottom.results.map((r: { value: number }) => money(r.value)),
        ],
      ],
      [
        { type: "compare", mode: "dimensions", dimension: C, dimension2: O, line: "NET" },
        [
          "Comparison: Customers and Orders",
          money(compare.a.total),
          money(compare.b.total),
          ...compare.results.map((r: { variance: number }) => money(r.variance)),
        ],
      ],
    ];
    for (const [block, expected] of cases) {
      const facts = await reportPdf([block], { keep: `block-${block.type}` });
      expect(facts.pages, block.type).toBeGreaterThanOrEqual(1);
      expect(facts.text, block.type).toContain(name);
      expect(facts.text, block.type).toContain("EUR");
      expect(facts.text, block.type).toContain(`Page 1 of ${facts.pages}`);
      for (const text of expected) expect(facts.text, `${block.type}: ${text}`).toContain(text);
    }
  });

  it("breaks a long table across pages with its header row on each page, in landscape", async () => {
    const blocks: Block[] = [];
    for (let i = 0; i < 12; i++) blocks.push({ type: "pnl", dimension: dims.ORDERS!, limit: 10 });
    const facts = await reportPdf(blocks, { orientation: "landscape", keep: "landscape" });
    expect(facts.size[0]).toBeGreaterThan(facts.size[1]);
    expect(facts.pages).toBeGreaterThan(1);
    const pages = facts.text.split("\f").filter((p) => p.trim());
    expect(pages.length).toBe(facts.pages);
    for (const page of pages) expect(page).toContain("Identifier");
  });

  it("writes Arabic text right to left, shaped, extracted in logical order", async () => {
    const heading = "تقرير الربحية للعملاء";
    const text = "يعرض هذا التقرير الربح الإجمالي لكل عميل";
    const facts = await reportPdf(
      [
        { type: "heading", text: heading },
        { type: "text", text },
        { type: "top_bottom", dimension: dims.CUSTOMERS!, line: "NET", side: "top", limit: 3 },
      ],
      { language: "ar", keep: "report-ar" },
    );
    expect(facts.text).toContain(heading);
    expect(facts.text).toContain(text);
    // Lines mixing Arabic with digits come out of pdftotext in its own order; the words are there.
    for (const word of ["أعلى", "حسب", "الصفحة", "المعرف", "الاسم"]) expect(facts.text).toContain(word);
    // Shaped: no isolated presentation forms, and the letters are real Arabic code points.
    expect(facts.text).not.toMatch(/[\uFE70-\uFEFF]/);
  });
});

describe("report/pdf-reports", () => {
  it("saves, lists, edits, duplicates and deletes PDF reports within the company", async () => {
    const created = await call("POST", "/report/pdf-reports/", {
      title: "Board pack",
      description: "Quarterly",
      data: { scenario, blocks: [{ type: "top_bottom", dimension: dims.CUSTOMERS! }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json();
    expect(report.orientation).toBe("portrait");
    expect(report.type).toBe("REPORT");
    // Spec defaults of a top/bottom block: top, 50.
    expect(report.data.blocks[0]).toMatchObject({ side: "top", limit: 50 });

    const list = await get("/report/pdf-reports/?ordering=title&limit=100");
    expect(Object.keys(list)).toEqual(["count", "next", "previous", "results"]);
    expect(list.results.some((r: { id: number }) => r.id === report.id)).toBe(true);

    const patched = await call("PATCH", `/report/pdf-reports/${report.id}/`, { orientation: "landscape" });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().orientation).toBe("landscape");

    const copy = await call("POST", `/report/pdf-reports/${report.id}/duplicate/`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().id).not.toBe(report.id);
    expect(copy.json().data).toEqual(patched.json().data);

    expect((await callB("GET", `/report/pdf-reports/${report.id}/`)).statusCode).toBe(404);
    expect((await callB("DELETE", `/report/pdf-reports/${report.id}/`)).statusCode).toBe(404);
    expect(
      (await callB("GET", `/report/pdf-reports/${report.id}/pdf/?scenario=${scenario}`)).statusCode,
    ).toBe(404);

    expect((await call("DELETE", `/report/pdf-reports/${report.id}/`)).statusCode).toBe(204);
    expect((await call("GET", `/report/pdf-reports/${report.id}/`)).statusCode).toBe(404);
  });

  it("refuses malformed reports naming the field", async () => {
    const bad = async (body: unknown, field: string) => {
      const response = await call("POST", "/report/pdf-reports/", body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    };
    await bad({ title: "" }, "title");
    await bad({ title: "x", orientation: "sideways" }, "orientation");
    await bad({ title: "x", data: { blocks: [{ type: "chart" }] } }, "data.blocks.0.type");
    await bad(
      { title: "x", data: { blocks: [{ type: "pnl", dimension: 2 ** 31 }] } },
      "data.blocks.0.dimension",
    );
    await bad({ title: "x", data: { blocks: [{ type: "text", text: "a\u0000b" }] } }, "data.blocks.0.text");
    await bad({ title: "x", extra: 1 }, "extra");
  });
});

describe("a ten-page PDF report", () => {
  it("is written with charts and tables on every page (its time goes to docs/performance.md)", async () => {
    const blocks: Block[] = [{ type: "key_figures" }, { type: "validation" }];
    for (let i = 0; i < 4; i++) {
      blocks.push({ type: "sankey" });
      blocks.push({ type: "whale", dimension: dims.CUSTOMERS! });
      blocks.push({ type: "waterfall", dimension: dims.CUSTOMERS! });
      blocks.push({ type: "treemap", dimension: dims.ORDERS! });
      blocks.push({ type: "pnl", dimension: dims.ORDERS!, limit: 50 });
    }
    const created = await call("POST", "/report/pdf-reports/", {
      title: "Ten pages",
      data: { scenario, blocks },
    });
    const started = performance.now();
    const facts = await pdf(
      `/report/pdf-reports/${created.json().id}/pdf/?scenario=${scenario}`,
      "ten-pages",
    );
    const seconds = (performance.now() - started) / 1000;
    expect(facts.pages).toBeGreaterThanOrEqual(10);
    console.log(`PDF benchmark: ${facts.pages} pages in ${seconds.toFixed(2)} s`);
  });
});

describe("PDFs through the file pipeline (POST export/files/)", () => {
  /** Requests the file, waits for the worker to write it, downloads it and reads it back. */
  async function fileOf(body: Record<string, unknown>, keep: string) {
    const requested = await call("POST", "/export/files/", { scenario, ...body });
    expect(requested.statusCode, requested.body).toBe(201);
    expect(requested.json()).toMatchObject({ status: "PROCESSING", kind: body.data_type });
    const id = requested.json().id;
    const row = await eventually(async () => {
      const file = (await call("GET", `/export/files/${id}/`)).json();
      expect(file.status, JSON.stringify(file)).toBe("PROCESSED");
      return file;
    }, 120_000);
    const download = await call("GET", `/export/files/${id}/download/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(row.size_bytes).toBe(download.rawPayload.length);
    return {
      row,
      disposition: String(download.headers["content-disposition"]),
      facts: readPdf(download.rawPayload, KEEP ? `${KEEP}/${keep}.pdf` : undefined),
    };
  }

  it("writes the management summary as a file in the language asked, listed for download", async () => {
    const name = (await call("GET", `/model/scenarios/${scenario}/`)).json().name as string;
    const { row, disposition, facts } = await fileOf(
      { data_type: "PDF_SUMMARY", options: { language: "es" } },
      "file-summary-es",
    );
    expect(disposition).toMatch(/-summary\.pdf"/);
    expect(facts.pages).toBeGreaterThan(1);
    expect(facts.text).toContain(name);
    expect(facts.text).toContain("Alpha");
    // Spanish labels and number format: "Página 1 de N"; revenue 1,850 as 1850,00 (Spanish groups
    // thousands only from five digits).
    expect(facts.text).toContain(`Página 1 de ${facts.pages}`);
    expect(facts.text).toContain("1850,00 EUR");
    const list = (await call("GET", `/export/files/?scenario=${scenario}`)).json();
    expect(list.results.map((f: { id: number }) => f.id)).toContain(row.id);
  });

  it("writes a saved PDF report under its title; an unknown or unseen report is a 404, a bad language a 400", async () => {
    const created = await call("POST", "/report/pdf-reports/", {
      title: "Margin review",
      data: {
        scenario,
        blocks: [
          { type: "heading", text: "Customers by margin" },
          { type: "top_bottom", dimension: dims.CUSTOMERS!, side: "bottom", limit: 2 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json().id as number;
    const { row, disposition, facts } = await fileOf({ data_type: "PDF_REPORT", report }, "file-report-en");
    expect(row.title).toBe("Margin review");
    expect(disposition).toContain("Margin_review.pdf");
    expect(facts.text).toContain("Customers by margin");
    // The bottom two customers: Gamma -125, then Beta 200.
    expect(facts.text).toContain("-125.00");
    expect(facts.text).toContain("Beta");

    const missing = await call("POST", "/export/files/", {
      scenario,
      data_type: "PDF_REPORT",
      report: 999_999,
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await callB("POST", "/export/files/", { scenario, data_type: "PDF_REPORT", report })).statusCode,
    ).toBe(404);
    const bad = await call("POST", "/export/files/", {
      scenario,
      data_type: "PDF_SUMMARY",
      options: { language: "xx" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: "options.language", reason: "invalid_value" });
  });
});
