import { calculationMessage, type Sankey, type ValidationReport } from "@costflow/contract/calculation";
import type { Language } from "@costflow/contract/languages";
import { type PdfBlock, pdfMessage } from "@costflow/contract/pdf-reports";
import type { PnlRecordRow, ReportLine, TreemapNode } from "@costflow/contract/reports";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { resolveRun } from "../calculation/result-services.ts";
import { compareReports } from "../reports/compare-reports.ts";
import { readPnlReport, readProfitability } from "../reports/read-pnl-report.ts";
import { readTreemap, readWaterfall, readWhale } from "../reports/read-report-charts.ts";
import type { PdfLayout, TableColumn } from "./pdf-document.ts";

// Each block of a PDF report: read through the same services as the report calls (so a PDF
// shows the figures the screens show), then drawn as text, a table or a chart. A block whose
// data is missing (no calculation, a dimension since deleted) prints a note instead of failing
// the whole document.

const LOCALES: Record<Language, string> = { en: "en-US", ar: "ar", es: "es-ES", pt: "pt-PT" };
const BIDI_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

export interface BlockContext {
  ctx: AppContext;
  companyId: number;
  scenarioId: number;
  language: Language;
  layout: PdfLayout;
  currency: string;
}

export class Formatter {
  private readonly cache = new Map<number, Intl.NumberFormat>();
  constructor(readonly language: Language) {}
  number(value: number | null | undefined, decimals = 2): string {
    if (value === null || value === undefined || Number.isNaN(value)) return "";
    let format = this.cache.get(decimals);
    if (!format) {
      format = new Intl.NumberFormat(LOCALES[this.language], {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
      this.cache.set(decimals, format);
    }
    // The PDF's text layout does the bidi ordering itself: Intl's direction marks are dropped,
    // and in Arabic the number is isolated left to right, so a minus stays in front of it.
    const text = format.format(value).replace(BIDI_MARKS, "");
    return this.language === "ar" ? `\u2066${text}\u2069` : text;
  }
  percent(value: number | null | undefined): string {
    return value === null || value === undefined ? "" : `${this.number(value, 1)} %`;
  }
  date(iso: string): string {
    const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
    return new Intl.DateTimeFormat(LOCALES[this.language], { dateStyle: "medium", timeZone: "UTC" })
      .format(date)
      .replace(BIDI_MARKS, "");
  }
}

const t = (b: BlockContext, key: string, values?: Record<string, string | number>) =>
  pdfMessage(b.language, key, values);

/** The chart direction of the document: value axes and category order mirrored in Arabic. */
const axisText = { color: "#4b5563", fontSize: 9 };

async function validationOf(
  b: BlockContext,
): Promise<
  ValidationReport["reconciliation"] & { report: Omit<ValidationReport, "calculation_id" | "finished_at"> }
> {
  const ref = await resolveRun(b.ctx, b.companyId, b.scenarioId, "REPORTS");
  const report = (await b.ctx.repos.results.report(ref.companyId, ref.calculationId, "validation")) as
    | Omit<ValidationReport, "calculation_id" | "finished_at">
    | undefined;
  if (!report) throw new AppError("NO_CALCULATION");
  return { ...report.reconciliation, report };
}

function lineName(lines: ReportLine[], code: string): string {
  const line = lines.find((l) => l.code === code);
  return line ? line.description || line.code : code;
}

// Blocks --------------------------------------------------------------------------------------

async function keyFigures(b: BlockContext, dimensions: ModelDimension[], main: number | null) {
  const f = new Formatter(b.language);
  const items: { label: string; value: string }[] = [];
  const validation = await validationOf(b);
  items.push({ label: t(b, "figures.gl_total"), value: `${f.number(validation.gl_total)} ${b.currency}` });
  if (main !== null) {
    const pnl = await readPnlReport(b.ctx, b.companyId, {
      scenario: b.scenarioId,
      dimension: main,
      limit: 1,
      offset: 0,
    });
    const revenue = pnl.extra.totals.lines[pnl.extra.revenue_line] ?? 0;
    items.push({ label: t(b, "figures.revenue"), value: `${f.number(revenue)} ${b.currency}` });
    items.push({ label: t(b, "figures.cost"), value: `${f.number(pnl.extra.totals.cost)} ${b.currency}` });
    items.push({
      label: t(b, "figures.profit"),
      value: `${f.number(pnl.extra.totals.profit)} ${b.currency}`,
    });
    items.push({ label: t(b, "figures.margin"), value: f.percent(pnl.extra.totals.margin_percent) });
  }
  const unallocated =
    Object.values(validation.unallocated).reduce((a, v) => a + v, 0) + validation.not_allocated;
  items.push({ label: t(b, "figures.unallocated"), value: `${f.number(unallocated)} ${b.currency}` });
  items.push({
    label: t(b, "figures.reconciled"),
    value: validation.ok
      ? t(b, "figures.reconciled_ok")
      : t(b, "figures.reconciled_no", { amount: f.number(validation.difference) }),
  });
  items.push({ label: t(b, "figures.issues"), value: f.number(validation.report.issues.length, 0) });
  for (const d of dimensions) {
    items.push({ label: t(b, "figures.records", { dimension: d.name }), value: f.number(d.records, 0) });
  }
  b.layout.heading(t(b, "blocks.key_figures"));
  b.layout.keyFigures(items);
}

async function validation(b: BlockContext) {
  const f = new Formatter(b.language);
  const v = await validationOf(b);
  b.layout.heading(t(b, "blocks.validation"));
  const columns: TableColumn[] = [
    { label: t(b, "columns.step"), weight: 1.2 },
    { label: t(b, "columns.in"), weight: 2, numeric: true },
    { label: t(b, "columns.allocated"), weight: 2, numeric: true },
    { label: t(b, "columns.unallocated"), weight: 2, numeric: true },
    { label: t(b, "columns.not_allocated"), weight: 2, numeric: true },
    { label: t(b, "columns.check"), weight: 1.3 },
  ];
  b.layout.table(
    columns,
    v.report.steps.map((s) => [
      t(b, "step", { step: s.step }),
      f.number(s.in),
      f.number(s.allocated),
      f.number(s.unallocated),
      f.number(s.not_allocated),
      s.ok ? t(b, "check_ok") : t(b, "check_failed"),
    ]),
  );
  b.layout.keyFigures([
    { label: t(b, "figures.gl_total"), value: `${f.number(v.gl_total)} ${b.currency}` },
    {
      label: t(b, "figures.reconciled"),
      value: v.ok
        ? t(b, "figures.reconciled_ok")
        : t(b, "figures.reconciled_no", { amount: f.number(v.difference) }),
    },
    { label: t(b, "figures.issues"), value: f.number(v.report.issues.length, 0) },
  ]);
  const shown = v.report.issues.slice(0, 25);
  if (shown.length) {
    b.layout.table(
      [
        { label: t(b, "columns.step"), weight: 1 },
        { label: t(b, "columns.issue"), weight: 7 },
        { label: t(b, "columns.amount"), weight: 2, numeric: true },
      ],
      shown.map((i) => [
        t(b, "step", { step: i.step }),
        calculationMessage(b.language, `issues.${i.kind}`, i.values as Record<string, string | number>),
        i.amount === null ? "" : f.number(i.amount),
      ]),
    );
    if (v.report.issues.length > shown.length) {
      b.layout.note(t(b, "issues_more", { count: v.report.issues.length - shown.length }));
    }
  }
}

async function sankey(b: BlockContext) {
  const ref = await resolveRun(b.ctx, b.companyId, b.scenarioId, "REPORTS");
  const data = (await b.ctx.repos.results.report(ref.companyId, ref.calculationId, "sankey")) as
    | Omit<Sankey, "calculation_id">
    | undefined;
  if (!data) throw new AppError("NO_CALCULATION");
  const f = new Formatter(b.language);
  const label = (n: Sankey["nodes"][number]) =>
    n.kind === "unallocated"
      ? t(b, "unallocated")
      : n.kind === "other"
        ? t(b, "other", { count: n.members })
        : (n.name ?? n.code ?? n.id);
  const names = new Map(data.nodes.map((n) => [n.id, label(n)]));
  const height = Math.min(420, Math.max(240, data.nodes.length * 16));
  b.layout.heading(t(b, "blocks.sankey"), 2, height + 20);
  const levels = ["account", "pool", "activity", "dimension"] as const;
  b.layout.note(levels.map((l) => t(b, `levels.${l}`)).join(b.layout.rtl ? " ‹ " : " › "));
  b.layout.chart(
    {
      series: [
        {
          type: "sankey",
          orient: "horizontal",
          left: 8,
          right: 8,
          top: 8,
          bottom: 8,
          nodeGap: 6,
          nodeAlign: "justify",
          // Accounts on the reading side: mirrored in Arabic.
          data: data.nodes.map((n) => ({
            name: n.id,
            depth: b.layout.rtl ? 3 - levels.indexOf(n.level) : levels.indexOf(n.level),
          })),
          links: data.links.map((l) =>
            b.layout.rtl ? { source: l.target, target: l.source, value: l.value } : l,
          ),
          label: {
            fontSize: 8,
            color: "#1f2937",
            formatter: (p: { name: string; value: number }) =>
              `${names.get(p.name) ?? p.name} ${f.number(p.value, 0)}`,
          },
          lineStyle: { color: "source", opacity: 0.35 },
          // The last column's names inside the chart, before their nodes.
          levels: [{ depth: 3, label: { position: "left" } }],
        },
      ],
    },
    height,
  );
}

async function whale(b: BlockContext, block: Extract<PdfBlock, { type: "whale" }>) {
  const w = await readWhale(b.ctx, b.companyId, { scenario: b.scenarioId, dimension: block.dimension });
  const f = new Formatter(b.language);
  b.layout.heading(t(b, "blocks.whale", { dimension: w.dimension_name }), 2, 250);
  if (!w.points.length) {
    b.layout.note(w.note ?? t(b, "no_data"));
    return;
  }
  b.layout.chart(
    {
      grid: { left: 56, right: 56, top: 34, bottom: 40 },
      xAxis: {
        type: "value",
        min: 0,
        max: 100,
        inverse: b.layout.rtl,
        name: t(b, "whale.x"),
        nameLocation: "middle",
        nameGap: 24,
        axisLabel: axisText,
        nameTextStyle: axisText,
      },
      yAxis: {
        type: "value",
        position: b.layout.rtl ? "right" : "left",
        name: t(b, "whale.y"),
        nameTextStyle: axisText,
        axisLabel: axisText,
      },
      series: [
        {
          type: "line",
          showSymbol: false,
          data: w.points,
          lineStyle: { width: 2, color: "#1c7ed6" },
          areaStyle: { color: "rgba(28,126,214,0.08)" },
          markLine: {
            symbol: "none",
            silent: true,
            label: { show: false },
            lineStyle: { color: "#868e96", type: "dashed" },
            data: [{ yAxis: 100 }],
          },
        },
      ],
    },
    250,
  );
  if (w.peak_percent !== null) {
    b.layout.note(
      t(b, "whale.peak", { peak: f.number(w.peak_percent, 1), at: f.number(w.peak_at_percent, 1) }),
    );
  }
  if (w.loss_records > 0) {
    b.layout.note(
      t(b, "whale.loss", { count: f.number(w.loss_records, 0), amount: f.number(w.loss_amount) }),
    );
  }
}

async function waterfall(b: BlockContext, block: Extract<PdfBlock, { type: "waterfall" }>) {
  const w = await readWaterfall(b.ctx, b.companyId, {
    scenario: b.scenarioId,
    dimension: block.dimension,
    record: block.record,
  });
  const f = new Formatter(b.language);
  b.layout.heading(
    w.identifier
      ? t(b, "blocks.waterfall_record", { dimension: w.dimension_name, record: w.identifier })
      : t(b, "blocks.waterfall", { dimension: w.dimension_name }),
    2,
    260,
  );
  const steps = w.steps;
  const color = (s: (typeof steps)[number]) => (s.total ? "#1c7ed6" : s.value >= 0 ? "#2f9e44" : "#e03131");
  b.layout.chart(
    {
      grid: { left: 64, right: 64, top: 20, bottom: 70 },
      xAxis: {
        type: "category",
        inverse: b.layout.rtl,
        data: steps.map((s) => s.description || s.code),
        axisLabel: {
          ...axisText,
          interval: 0,
          rotate: steps.length > 6 ? 30 : 0,
          width: 90,
          overflow: "truncate",
        },
      },
      yAxis: { type: "value", position: b.layout.rtl ? "right" : "left", axisLabel: axisText },
      series: [
        {
          type: "bar",
          stack: "w",
          silent: true,
          itemStyle: { color: "transparent" },
          data: steps.map((s) => Math.min(s.start, s.end)),
        },
        {
          type: "bar",
          stack: "w",
          data: steps.map((s) => ({ value: Math.abs(s.end - s.start), itemStyle: { color: color(s) } })),
          label: {
            show: true,
            position: "top",
            fontSize: 8,
            formatter: (p: { dataIndex: number }) => f.number(steps[p.dataIndex]!.value, 0),
          },
        },
      ],
    },
    260,
  );
  b.layout.table(
    [
      { label: t(b, "columns.line"), weight: 5 },
      { label: t(b, "columns.amount"), weight: 2, numeric: true },
    ],
    steps.map((s) => [s.description || s.code, f.number(s.value)]),
    { boldRows: new Set(steps.flatMap((s, i) => (s.total ? [i] : []))) },
  );
}

async function treemap(b: BlockContext, block: Extract<PdfBlock, { type: "treemap" }>) {
  const tm = await readTreemap(b.ctx, b.companyId, {
    scenario: b.scenarioId,
    dimension: block.dimension,
    measure: block.measure,
    limit: block.limit,
  });
  const f = new Formatter(b.language);
  const measure = block.measure === "cost" ? t(b, "figures.cost") : block.measure;
  b.layout.heading(t(b, "blocks.treemap", { dimension: tm.dimension_name, measure }), 2, 280);
  const nodeName = (n: TreemapNode) =>
    n.kind === "others"
      ? t(b, "others", { count: n.count })
      : n.kind === "unsplit"
        ? t(b, "unsplit")
        : n.name;
  const toData = (n: TreemapNode): Record<string, unknown> => ({
    name: nodeName(n),
    value: Math.abs(n.value),
    children: n.children.length ? n.children.map(toData) : undefined,
  });
  const children = tm.root.children.filter((c) => c.value !== 0);
  if (!children.length) {
    b.layout.note(t(b, "no_data"));
    return;
  }
  b.layout.chart(
    {
      series: [
        {
          type: "treemap",
          roam: false,
          nodeClick: false,
          breadcrumb: { show: false },
          left: 0,
          right: 0,
          top: 0,
          bottom: 0,
          data: children.map(toData),
          label: {
            fontSize: 9,
            formatter: (p: { name: string; value: number }) => `${p.name} ${f.number(p.value, 0)}`,
          },
          upperLabel: { show: false },
          levels: [{ itemStyle: { borderColor: "#fff", borderWidth: 2, gapWidth: 2 } }],
        },
      ],
    },
    280,
  );
}

function recordColumns(b: BlockContext, extra: TableColumn[]): TableColumn[] {
  return [
    { label: t(b, "columns.identifier"), weight: 2 },
    { label: t(b, "columns.name"), weight: 3 },
    ...extra,
  ];
}

async function pnl(b: BlockContext, block: Extract<PdfBlock, { type: "pnl" }>) {
  const report = await readPnlReport(b.ctx, b.companyId, {
    scenario: b.scenarioId,
    dimension: block.dimension,
    limit: block.limit,
    offset: 0,
    ordering: block.ordering,
  });
  const f = new Formatter(b.language);
  b.layout.heading(t(b, "blocks.pnl", { dimension: report.extra.dimension_name }));
  // Root lines and the profit line (children are inside their parents' values).
  const lines = report.extra.lines.filter((l) => l.parent === null || l.code === report.extra.profit_line);
  const columns = recordColumns(b, [
    ...lines.map((l) => ({ label: l.description || l.code, weight: 2, numeric: true })),
    { label: t(b, "columns.margin"), weight: 1.6, numeric: true },
  ]);
  const row = (r: PnlRecordRow) => [
    r.identifier,
    r.name,
    ...lines.map((l) => f.number(r.lines[l.code] ?? 0)),
    f.percent(r.margin_percent),
  ];
  const totals = report.extra.totals;
  const rows = report.rows.map(row);
  rows.push([
    t(b, "total"),
    "",
    ...lines.map((l) => f.number(totals.lines[l.code] ?? 0)),
    f.percent(totals.margin_percent),
  ]);
  b.layout.table(columns, rows, { boldRows: new Set([rows.length - 1]) });
  if (report.count > report.rows.length) {
    b.layout.note(`${f.number(report.rows.length, 0)} / ${f.number(report.count, 0)}`);
  }
}

async function topBottom(b: BlockContext, block: Extract<PdfBlock, { type: "top_bottom" }>) {
  let line = block.line;
  if (line === undefined && block.driver === undefined) {
    line = (await readWhale(b.ctx, b.companyId, { scenario: b.scenarioId, dimension: block.dimension }))
      .profit_line;
  }
  const report = await readProfitability(b.ctx, b.companyId, {
    scenario: b.scenarioId,
    dimension: block.dimension,
    line,
    driver: line === undefined ? block.driver : undefined,
    side: block.side,
    limit: block.limit,
  });
  const f = new Formatter(b.language);
  const measure = report.line ? lineName(report.lines, report.line) : (report.driver ?? "");
  b.layout.heading(
    t(b, block.side === "top" ? "blocks.top" : "blocks.bottom", {
      limit: block.limit,
      dimension: report.dimension_name,
      measure,
    }),
  );
  if (!report.results.length) {
    b.layout.note(t(b, "no_data"));
    return;
  }
  b.layout.table(
    [
      { label: t(b, "columns.rank"), weight: 0.7, numeric: true },
      ...recordColumns(b, [
        { label: measure, weight: 2, numeric: true },
        { label: t(b, "columns.share"), weight: 1.4, numeric: true },
        { label: t(b, "columns.profit"), weight: 2, numeric: true },
        { label: t(b, "columns.margin"), weight: 1.4, numeric: true },
      ]),
    ],
    report.results.map((r) => [
      f.number(r.rank, 0),
      r.identifier,
      r.name,
      f.number(r.value),
      f.percent(r.share_percent),
      f.number(r.profit),
      f.percent(r.margin_percent),
    ]),
  );
}

async function compare(b: BlockContext, block: Extract<PdfBlock, { type: "compare" }>) {
  const profitLine = async () =>
    (await readWhale(b.ctx, b.companyId, { scenario: b.scenarioId, dimension: block.dimension })).profit_line;
  const line = block.line ?? (await profitLine());
  const scenario =
    block.mode === "scenarios" ? `${b.scenarioId},${block.scenario2 ?? ""}` : String(b.scenarioId);
  const dimension =
    block.mode === "dimensions" ? `${block.dimension},${block.dimension2 ?? ""}` : String(block.dimension);
  const lines = block.mode === "lines" ? `${line},${block.line2 ?? ""}` : line;
  const result = await compareReports(b.ctx, b.companyId, {
    scenario,
    dimension,
    line: lines,
    limit: block.limit,
    offset: 0,
    ordering: "-variance",
  });
  const f = new Formatter(b.language);
  const { a, b: c } = result.body;
  b.layout.heading(t(b, "blocks.compare", { a: a?.name ?? "", b: c?.name ?? "" }));
  b.layout.table(
    recordColumns(b, [
      { label: a?.name ?? "A", weight: 2, numeric: true },
      { label: c?.name ?? "B", weight: 2, numeric: true },
      { label: t(b, "columns.variance"), weight: 2, numeric: true },
      { label: t(b, "columns.variance_percent"), weight: 1.5, numeric: true },
    ]),
    [
      ...result.rows.map((r) => [
        r.identifier_b && r.identifier_b !== r.identifier
          ? `${r.identifier} / ${r.identifier_b}`
          : r.identifier,
        r.name,
        f.number(r.a),
        f.number(r.b),
        f.number(r.variance),
        f.percent(r.variance_percent),
      ]),
      [
        t(b, "total"),
        "",
        f.number(a?.total),
        f.number(c?.total),
        f.number((c?.total ?? 0) - (a?.total ?? 0)),
        "",
      ],
    ],
    { boldRows: new Set([result.rows.length]) },
  );
}

export interface ModelDimension {
  id: number;
  name: string;
  records: number;
}

/** Draws one block; a missing calculation or a stale parameter prints a note instead. */
export async function drawBlock(
  b: BlockContext,
  block: PdfBlock,
  model: { dimensions: ModelDimension[]; main: number | null },
): Promise<void> {
  try {
    switch (block.type) {
      case "heading":
        return b.layout.heading(block.text, 1);
      case "text":
        return b.layout.paragraph(block.text);
      case "key_figures":
        return await keyFigures(b, model.dimensions, model.main);
      case "validation":
        return await validation(b);
      case "sankey":
        return await sankey(b);
      case "whale":
        return await whale(b, block);
      case "waterfall":
        return await waterfall(b, block);
      case "treemap":
        return await treemap(b, block);
      case "pnl":
        return await pnl(b, block);
      case "top_bottom":
        return await topBottom(b, block);
      case "compare":
        return await compare(b, block);
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    b.layout.note(error.code === "NO_CALCULATION" ? t(b, "no_calculation") : t(b, "no_data"));
  }
}
