import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { PdfBlockInput } from "@costflow/contract/pdf-reports";
import { createDatabase } from "@costflow/db/client";
import { seedDemo } from "@costflow/db/seed";
import { createTestDatabase } from "@costflow/db/test-database";
import {
  type BenchProfile,
  type BenchSize,
  isBenchProfile,
  isBenchSize,
} from "@costflow/engine/bench/bench-sizes";
import { generateBenchModel } from "@costflow/engine/bench/generate-bundle";
import { hashPassword } from "../src/lib/passwords.ts";
import { saveModelData } from "../src/modules/model-io/save-model-data.ts";
import { benchSession, latestCalculatedScenario } from "./demo-session.ts";

// Benchmark (not a test) of issue 10's "a 10-page PDF report in under 10 s" through the file
// pipeline (docs/pdf.md, docs/exports.md): the benchmark company's model (engine bench generator)
// saved and calculated with calculate-all, then a PDF report of every block kind (at least ten
// pages) and the PDF summary requested as files (POST export/files/), polled until PROCESSED and
// downloaded, --runs times each: time from the request to PROCESSED, size, pages (pdfinfo, else
// the /Type /Page objects), and the process's peak RSS while it is written.
//
//   DATABASE_URL=postgres://... npx tsx apps/api/scripts/bench-pdf.ts --size S --runs 3
//
// The PDFs are kept in --out (default /tmp/bench-pdf). A fresh schema is created and dropped.

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "S" },
    profile: { type: "string", default: "light" },
    seed: { type: "string", default: "1" },
    runs: { type: "string", default: "3" },
    /** Which files: PDF_REPORT, PDF_SUMMARY or both (comma separated). */
    kinds: { type: "string", default: "PDF_REPORT,PDF_SUMMARY" },
    out: { type: "string", default: "/tmp/bench-pdf" },
    /** After the runs: each block alone as a one-block PDF (direct call), timed once. */
    "per-block": { type: "boolean", default: false },
    /** A schema kept by `bench-calculate.ts --keep`: its calculation is used (no generation). */
    schema: { type: "string" },
  },
});
const size = values.size ?? "S";
if (!isBenchSize(size)) throw new Error(`--size must be S, M or L, not ${size}`);
const profile = values.profile ?? "light";
if (!isBenchProfile(profile)) throw new Error(`--profile must be light or dense, not ${profile}`);
if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL: the benchmark runs on PostgreSQL");
const runs = Number(values.runs);
const outDir = values.out ?? "/tmp/bench-pdf";
mkdirSync(outDir, { recursive: true });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const kb = (bytes: number) => Math.round(bytes / 1024);

/** Pages of a PDF: pdfinfo when poppler is installed, else its /Type /Page objects. */
function pageCount(file: string, bytes: Buffer): number {
  try {
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    const pages = /^Pages:\s+(\d+)/m.exec(info);
    if (pages) return Number(pages[1]);
  } catch {
    // No poppler: count below.
  }
  return bytes.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

const filesDir = mkdtempSync(join(tmpdir(), "costflow-bench-files-"));
process.env.EXPORT_FILES_DIR = filesDir;

const kept = values.schema;
const database = kept
  ? await createDatabase({ url: process.env.DATABASE_URL!, schema: kept, poolSize: 4, migrate: false })
  : await createTestDatabase();
try {
  if (!kept) await seedDemo(database.db, { hashPassword });
  const { app, get, post, me } = await benchSession(database);
  const saved = kept ? await latestCalculatedScenario(get) : await generateAndCalculate();
  const { scenario } = saved;

  async function generateAndCalculate(): Promise<{ scenario: number; model: number }> {
    let t = performance.now();
    const model = generateBenchModel(profile as BenchProfile, size as BenchSize, Number(values.seed));
    const saved = await saveModelData(me.selected_company, me.id, model, database.db);
    console.log(`generated and saved ${profile} ${size} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const scenario = saved.scenario;

    t = performance.now();
    const requested = await post("/calculation/calculate-all/", { scenario });
    if (requested.statusCode !== 201) throw new Error(requested.body);
    const calculation: number = requested.json().calculation_id;
    for (;;) {
      const row = (await get(`/calculation/calculations/?scenario=${scenario}&category=ALL&limit=1`)).json()
        .results[0] as { id: number; status: string } | undefined;
      if (row?.id === calculation && row.status === "FINISHED") break;
      if (row?.id === calculation && (row.status === "ERROR" || row.status === "STOPPED"))
        throw new Error(`calculate-all ${calculation} ended ${row.status}`);
      await sleep(500);
    }
    console.log(`calculated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return { scenario, model: saved.model };
  }

  const blocks = await reportBlocks();
  const created = await post("/report/pdf-reports/", {
    title: `Bench ${size}`,
    description: "Every block kind, for bench-pdf.ts",
    data: { scenario, blocks },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const report: number = created.json().id;
  const kinds = new Map<string, number>();
  for (const b of blocks) kinds.set(b.type, (kinds.get(b.type) ?? 0) + 1);
  console.log(
    `PDF report ${report}: ${blocks.length} blocks (${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ")})`,
  );

  for (const data_type of (values.kinds ?? "").split(",").filter(Boolean)) {
    const results: { seconds: number; bytes: number; pages: number; peak: number; baseline: number }[] = [];
    for (let run = 1; run <= runs; run++) {
      global.gc?.();
      await sleep(500);
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const watch = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 25);
      const started = performance.now();
      const file = await post("/export/files/", {
        scenario,
        data_type,
        ...(data_type === "PDF_REPORT" ? { report } : {}),
        options: { language: "en" },
      });
      if (file.statusCode !== 201) throw new Error(file.body);
      const id: number = file.json().id;
      let row: { status: string; size_bytes: number | null; error_message: string | null };
      for (;;) {
        row = (await get(`/export/files/${id}/`)).json();
        if (row.status !== "PROCESSING") break;
        await sleep(50);
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(watch);
      peak = Math.max(peak, process.memoryUsage().rss);
      if (row.status !== "PROCESSED") throw new Error(`${data_type} file ${id}: ${JSON.stringify(row)}`);
      const download = await get(`/export/files/${id}/download/`);
      if (download.statusCode !== 200) throw new Error(download.body.slice(0, 300));
      const bytes = download.rawPayload;
      const path = join(outDir, `${data_type.toLowerCase()}-${size}-${run}.pdf`);
      writeFileSync(path, bytes);
      const pages = pageCount(path, bytes);
      results.push({ seconds, bytes: bytes.length, pages, peak, baseline });
      console.log(
        `${data_type} run ${run}: ${seconds.toFixed(2)} s request -> PROCESSED, ${pages} pages, ${kb(bytes.length)} KB (row ${kb(row.size_bytes ?? 0)} KB); peak RSS ${mb(peak)} MB (before ${mb(baseline)} MB) -> ${path}`,
      );
    }
    console.log(
      `${data_type} median of ${runs}: ${median(results.map((r) => r.seconds)).toFixed(2)} s (runs ${results.map((r) => r.seconds.toFixed(2)).join(", ")}); ${median(results.map((r) => r.pages))} pages; ${kb(median(results.map((r) => r.bytes)))} KB; peak RSS ${mb(Math.max(...results.map((r) => r.peak)))} MB (max +${mb(Math.max(...results.map((r) => r.peak - r.baseline)))} MB over the run's start)`,
    );
  }
  console.log(`max RSS of the process: ${mb(process.resourceUsage().maxRSS * 1024)} MB`);
  if (values["per-block"]) await perBlock(blocks);

  /** Each block alone, written by the direct call (report/pdf-reports/{id}/pdf/): where the time goes. */
  async function perBlock(all: PdfBlockInput[]): Promise<void> {
    const spent: { seconds: number; block: PdfBlockInput }[] = [];
    for (const block of all) {
      if (block.type === "heading" || block.type === "text") continue;
      const one = await post("/report/pdf-reports/", {
        title: "One block",
        data: { scenario, blocks: [block] },
      });
      if (one.statusCode !== 201) throw new Error(one.body);
      const at = performance.now();
      const pdf = await get(`/report/pdf-reports/${one.json().id}/pdf/?scenario=${scenario}&language=en`);
      if (pdf.statusCode !== 200) throw new Error(pdf.body.slice(0, 300));
      spent.push({ seconds: (performance.now() - at) / 1000, block });
    }
    const total = spent.reduce((sum, s) => sum + s.seconds, 0);
    console.log(`per block (one-block PDFs, direct call): ${total.toFixed(2)} s in all; slowest first:`);
    for (const s of [...spent].sort((a, b) => b.seconds - a.seconds))
      console.log(`    ${s.seconds.toFixed(2)} s ${JSON.stringify(s.block)}`);
  }

  /** Blocks of every kind on each dimension with records: enough for well over ten pages. */
  async function reportBlocks(): Promise<PdfBlockInput[]> {
    const dims = (await get(`/dimensions/?model=${saved.model}&limit=100`)).json().results as {
      id: number;
      title: string;
    }[];
    const pnl = [];
    for (const d of dims) {
      const head = (await get(`/report/pnl/?scenario=${scenario}&dimension=${d.id}&limit=1`)).json() as {
        count?: number;
        lines?: { code: string; parent: string | null }[];
        profit_line?: string;
      };
      if (head.count && head.lines?.length && head.profit_line)
        pnl.push({ id: d.id, name: d.title, count: head.count, lines: head.lines, profit: head.profit_line });
    }
    if (!pnl.length) throw new Error("no dimension with a P&L");
    const out: PdfBlockInput[] = [
      { type: "heading", text: `Benchmark company, size ${size}` },
      {
        type: "text",
        text: "A report of every block kind on each dimension with records: key figures, validation, cost flow, then per dimension the whale curve, the P&L bridge, tree maps, the P&L table, top and bottom records and comparisons.",
      },
      { type: "key_figures" },
      { type: "validation" },
      { type: "sankey" },
    ];
    for (const d of pnl) {
      const roots = d.lines.filter((l) => l.parent === null).map((l) => l.code);
      const first = roots.find((c) => c !== d.profit) ?? d.profit;
      out.push(
        { type: "heading", text: d.name },
        { type: "text", text: `${d.count} records of ${d.name} in the P&L; profit line ${d.profit}.` },
        { type: "whale", dimension: d.id },
        { type: "waterfall", dimension: d.id },
        { type: "treemap", dimension: d.id, measure: "cost", limit: 20 },
        { type: "treemap", dimension: d.id, measure: d.profit, limit: 20 },
        { type: "pnl", dimension: d.id, ordering: `-${d.profit}`, limit: 50 },
        { type: "top_bottom", dimension: d.id, side: "top", limit: 15 },
        { type: "top_bottom", dimension: d.id, side: "bottom", limit: 15 },
        { type: "compare", mode: "lines", dimension: d.id, line: first, line2: d.profit, limit: 20 },
      );
    }
    if (pnl.length > 1)
      out.push({
        type: "compare",
        mode: "dimensions",
        dimension: pnl[0]!.id,
        dimension2: pnl[1]!.id,
        limit: 20,
      });
    return out.slice(0, 50);
  }
  await app.close();
} finally {
  await database.close();
  rmSync(filesDir, { recursive: true, force: true });
}
