import {
  COST_MEASURE,
  type TreemapNode,
  type TreemapQuery,
  type TreemapReport,
  type WaterfallQuery,
  type WaterfallReport,
  type WaterfallStep,
  type WhaleQuery,
  type WhaleReport,
} from "@costflow/contract/reports";
import type { ReportRecord } from "@costflow/db/repositories/report-data";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import {
  lineColumn,
  marginOf,
  modelDimension,
  type OpenReport,
  openReport,
  recordIdentifier,
  runInfo,
} from "./open-report.ts";
import { recordsInOrder } from "./read-pnl-report.ts";

// The chart reports: whale curve (stored downsampled with the run), waterfall (the P&L bridge of
// the dimension or one record) and tree map (top records by a measure, the rest as one node; with
// a second dimension, each record split through the records relating both).

type StoredWhale = Omit<WhaleReport, keyof ReturnType<typeof runInfo>>;

export async function readWhale(ctx: AppContext, companyId: number, query: WhaleQuery): Promise<WhaleReport> {
  const report = await openReport(ctx, companyId, query.scenario, query.dimension);
  const whale = report.dim.whale as StoredWhale & { profit_line: string };
  const { profit_line: _, ...figures } = whale;
  return { ...runInfo(report), ...figures };
}

/**
 * The bridge from the first root line to the profit line: the root lines in rank order (a
 * line's children are inside its value). The first line, formula lines (subtotals such as gross
 * margin) and the profit line are total bars from 0 and restart the running sum; the others rise
 * or fall from it.
 */
export async function readWaterfall(
  ctx: AppContext,
  companyId: number,
  query: WaterfallQuery,
): Promise<WaterfallReport> {
  const report = await openReport(ctx, companyId, query.scenario, query.dimension);
  let values = report.dim.totals;
  let identifier: string | null = null;
  if (query.record !== undefined) {
    identifier = await recordIdentifier(ctx, report, query.record);
    const record = await report.repo.recordByIdentifier(report.filter, report.dimensionId, identifier);
    if (!record) throw notFound("record");
    values = record.values;
  }
  const profitLine = report.dim.profitLine;
  const chosen: typeof report.lines = [];
  for (const line of report.lines) {
    if (line.parent === null || line.code === profitLine) chosen.push(line);
    if (line.code === profitLine) break;
  }
  const steps: WaterfallStep[] = [];
  let running = 0;
  chosen.forEach((line, i) => {
    const at = report.dim.columns.indexOf(`line:${line.code}`);
    const value = at < 0 ? 0 : (values[at] ?? 0);
    const total = i === 0 || line.category === "FOR" || line.code === profitLine;
    const start = total ? 0 : running;
    const end = start + value;
    running = end;
    steps.push({
      code: line.code,
      description: line.description,
      value: report.major(value),
      start: report.major(start),
      end: report.major(end),
      total,
    });
  });
  return { ...runInfo(report), record: query.record ?? null, identifier, steps };
}

function measureOf(report: OpenReport, measure: string): (values: number[], cost: number) => number {
  if (measure === COST_MEASURE) return (_, cost) => cost;
  const at = lineColumn(report, measure, "measure");
  return (values) => values[at] ?? 0;
}

function recordNode(
  report: OpenReport,
  r: ReportRecord,
  value: number,
  named?: { id: number; name: string },
) {
  return {
    id: named?.id ?? null,
    kind: "record" as const,
    identifier: r.identifier,
    name: named?.name ?? r.identifier,
    value: report.major(value),
    margin_percent: r.margin,
    count: 1,
    children: [] as TreemapNode[],
  };
}

/** The merged rest of a level (the screen labels it 'Others (n)'); name left to the screen. */
function othersNode(value: number, count: number): TreemapNode {
  return {
    id: null,
    kind: "others",
    identifier: null,
    name: "",
    value,
    margin_percent: null,
    count,
    children: [],
  };
}

export async function readTreemap(
  ctx: AppContext,
  companyId: number,
  query: TreemapQuery,
): Promise<TreemapReport> {
  const report = await openReport(ctx, companyId, query.scenario, query.dimension);
  const measured = measureOf(report, query.measure);
  const totalMinor =
    query.measure === COST_MEASURE ? report.dim.costTotal : measured(report.dim.totals, report.dim.costTotal);
  // Largest first in the measure's direction: a cost line carried with factor -1 is negative,
  // and its largest items are the most negative.
  const descending = totalMinor >= 0;
  const key = query.measure === COST_MEASURE ? "cost" : `line:${query.measure}`;
  const top = await recordsInOrder(report, key, descending, { offset: 0, limit: query.limit });
  const names = await report.repo.recordNames(
    companyId,
    report.scenarioId,
    report.dimensionId,
    top.map((r) => r.identifier),
  );
  const children: TreemapNode[] = top.map((r) =>
    recordNode(report, r, measured(r.values, r.cost), names.get(r.identifier)),
  );
  let dimension2: { id: number; name: string } | null = null;
  if (query.dimension2 !== undefined) {
    dimension2 = await modelDimension(ctx, companyId, report.modelId, query.dimension2, "dimension2");
    if (dimension2.id === report.dimensionId) throw fieldError("VALIDATION_ERROR", "dimension2", "no_split");
    if (!(await report.repo.hasSplits(report.filter, report.dimensionId, dimension2.id))) {
      throw fieldError("VALIDATION_ERROR", "dimension2", "no_split");
    }
    await splitChildren(report, dimension2.id, query, top, children);
  }
  const usedMinor = top.reduce((sum, r) => sum + measured(r.values, r.cost), 0);
  const rest = report.dim.records - top.length;
  if (rest > 0) children.push(othersNode(report.major(totalMinor - usedMinor), rest));
  const revenueAt = report.dim.columns.indexOf(`line:${report.dim.revenueLine}`);
  return {
    ...runInfo(report),
    measure: query.measure,
    dimension2: dimension2?.id ?? null,
    dimension2_name: dimension2?.name ?? null,
    root: {
      id: report.dimensionId,
      kind: "total",
      identifier: null,
      name: report.dimensionName,
      value: report.major(totalMinor),
      margin_percent: marginOf(
        report.dim.profitTotal,
        revenueAt < 0 ? 0 : (report.dim.totals[revenueAt] ?? 0),
      ),
      count: report.dim.records,
      children,
    },
  };
}

/**
 * Each first-level record's split over the second dimension (stored with the run): the largest
 * `limit` parts, the rest as one node, and what no record of the second dimension carries (it
 * rests on the first-level record itself or on a dimension between) as the unsplit node, so the
 * parts add up to the record's value.
 */
async function splitChildren(
  report: OpenReport,
  dimension2: number,
  query: TreemapQuery,
  top: ReportRecord[],
  nodes: TreemapNode[],
): Promise<void> {
  // Split values: the lines first (in the same order for every dimension), cost last.
  const lineAt =
    query.measure === COST_MEASURE ? -1 : report.lines.findIndex((l) => l.code === query.measure);
  const splits = await report.repo.splits(
    report.filter,
    report.dimensionId,
    dimension2,
    top.map((r) => r.recordNo),
    lineAt,
  );
  const { byRecord, totals } = splitsByRecord(splits);
  const kept = new Map<number, Part[]>();
  const wanted = new Set<number>();
  top.forEach((r) => {
    const parts = (byRecord.get(r.recordNo) ?? []).filter((p) => p.value !== 0);
    const all = totals.get(r.recordNo);
    const sign = Math.sign(all ? all.value : parts.reduce((a, p) => a + p.value, 0)) || 1;
    parts.sort((a, b) => sign * (b.value - a.value) || a.no - b.no);
    kept.set(r.recordNo, parts);
    for (const p of parts.slice(0, query.limit)) wanted.add(p.no);
  });
  const identifiers = await report.repo.identifiers(report.filter, dimension2, [...wanted]);
  const names = await report.repo.recordNames(report.companyId, report.scenarioId, dimension2, [
    ...identifiers.values(),
  ]);
  const shown = { identifiers, names, limit: query.limit };
  top.forEach((r, i) => {
    addParts(report, nodes[i]!, kept.get(r.recordNo)!, totals.get(r.recordNo), shown);
  });
}

type Part = { no: number; value: number };

/**
 * The stored split rows per first-level record: its kept parts, and for a record whose parts
 * were not all kept, the total and count of all its parts.
 */
function splitsByRecord(
  splits: { recordNo: number; record2No: number; value: number; count?: number | null }[],
) {
  const byRecord = new Map<number, Part[]>();
  /** Records whose parts were not all kept: the total and count of all their parts. */
  const totals = new Map<number, { value: number; count: number }>();
  for (const s of splits) {
    if (s.record2No < 0) {
      totals.set(s.recordNo, { value: s.value, count: s.count ?? 0 });
      continue;
    }
    const list = byRecord.get(s.recordNo) ?? [];
    list.push({ no: s.record2No, value: s.value });
    byRecord.set(s.recordNo, list);
  }
  return { byRecord, totals };
}

/**
 * A first-level record's node gets its largest parts, the rest as one node, and what no part
 * carries as the unsplit node.
 */
function addParts(
  report: OpenReport,
  node: TreemapNode,
  parts: Part[],
  all: { value: number; count: number } | undefined,
  shown: {
    identifiers: Map<number, string>;
    names: Map<string, { id: number | null; name: string }>;
    limit: number;
  },
): void {
  const { identifiers, names, limit } = shown;
  const recordValue = Math.round(node.value * 10 ** report.ref.meta.minorDigits);
  let used = 0;
  for (const p of parts.slice(0, limit)) {
    const identifier = identifiers.get(p.no) ?? String(p.no);
    const named = names.get(identifier);
    node.children.push({
      id: named?.id ?? null,
      kind: "record",
      identifier,
      name: named?.name ?? identifier,
      value: report.major(p.value),
      margin_percent: null,
      count: 1,
      children: [],
    });
    used += p.value;
  }
  // The rest: of the stored parts, or of all parts when only the largest were stored.
  const count = Math.min(limit, parts.length);
  const restCount = all ? all.count - count : parts.length - count;
  if (restCount > 0) {
    const restValue = all ? all.value - used : parts.slice(count).reduce((a, p) => a + p.value, 0);
    node.children.push(othersNode(report.major(restValue), restCount));
    used += restValue;
  }
  if (recordValue - used !== 0) {
    node.children.push({
      id: null,
      kind: "unsplit",
      identifier: null,
      name: "",
      value: report.major(recordValue - used),
      margin_percent: null,
      count: 0,
      children: [],
    });
  }
}
