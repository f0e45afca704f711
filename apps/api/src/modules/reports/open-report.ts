import type { ReportLine } from "@costflow/contract/reports";
import type { ReportDimensionRow, ReportRecord } from "@costflow/db/repositories/report-data";
import { toMajor } from "@costflow/engine/calc/decimal";
import type { AppContext } from "../../context.ts";
import { AppError, fieldError, notFound } from "../../lib/app-error.ts";
import { type RunRef, resolveRun } from "../calculation/result-services.ts";

// What every report call starts with (docs/calculation.md, "Report data"): the scenario of the
// caller's company, its latest FINISHED report run (404 NO_CALCULATION without one) and the
// dimension's report row; helpers that turn stored minor units into the contract's rows.

export type StoredLine = Omit<ReportLine, "total">;

export interface OpenReport {
  ref: RunRef;
  companyId: number;
  scenarioId: number;
  modelId: number;
  dimensionId: number;
  dimensionName: string;
  dim: ReportDimensionRow;
  lines: StoredLine[];
  major: (minor: number) => number;
  filter: { companyId: number; calculationId: number };
  repo: AppContext["repos"]["reportData"];
}

/** The scenario (404 when not the caller's) and its report run (404 NO_CALCULATION). */
async function openRun(ctx: AppContext, companyId: number, scenarioId: number, field = "scenario") {
  const scenario = await ctx.repos.models.findScenario(companyId, scenarioId);
  if (!scenario) throw notFound(field);
  const ref = await resolveRun(ctx, companyId, scenarioId, "REPORTS");
  return { scenario, ref };
}

/** A dimension of the scenario's model: 404 when it is not the company's, 400 of another model. */
export async function modelDimension(
  ctx: AppContext,
  companyId: number,
  modelId: number,
  dimensionId: number,
  field = "dimension",
): Promise<{ id: number; name: string }> {
  const row = await ctx.repos.dimensions.findWithModel(companyId, dimensionId);
  if (!row) throw notFound(field);
  if (row.modelId !== modelId) throw fieldError("VALIDATION_ERROR", field, "not_in_model");
  return { id: row.id, name: row.name };
}

export async function openReport(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
  dimensionId: number,
  field = "dimension",
): Promise<OpenReport> {
  const { scenario, ref } = await openRun(ctx, companyId, scenarioId);
  const dimension = await modelDimension(ctx, companyId, scenario.modelId, dimensionId, field);
  const repo = ctx.repos.reportData;
  const filter = { companyId, calculationId: ref.calculationId };
  let dim = await repo.dimension(filter, dimensionId);
  if (!dim) {
    // A run without report data (one that finished before the report store existed): nothing
    // to read from, as if there were no report run.
    const any = await repo.anyDimension(filter);
    if (!any) throw new AppError("NO_CALCULATION");
    // The dimension has no records in this run: its report is empty, with the run's lines.
    dim = {
      ...any,
      dimensionId,
      dimensionCode: "",
      records: 0,
      columns: any.columns.filter((c) => c.startsWith("line:")),
      totals: any.columns.filter((c) => c.startsWith("line:")).map(() => 0),
      profitTotal: 0,
      costTotal: 0,
      whale: {
        profit_line: any.profitLine,
        total_profit: 0,
        peak_percent: null,
        peak_at_percent: null,
        loss_records: 0,
        loss_amount: 0,
        records: 0,
        note: null,
        note_key: "TOTAL_PROFIT_ZERO",
        points: [],
        point_records: [],
      },
      activities: [],
    };
  }
  const digits = ref.meta.minorDigits;
  return {
    ref,
    companyId,
    scenarioId,
    modelId: scenario.modelId,
    dimensionId,
    dimensionName: dimension.name,
    dim,
    lines: dim.lines as StoredLine[],
    major: (minor: number) => toMajor(minor, digits),
    filter,
    repo,
  };
}

/** Index of a line's column in the stored values; 400 unknown_line naming `field` otherwise. */
export function lineColumn(report: OpenReport, code: string, field: string): number {
  const at = report.dim.columns.indexOf(`line:${code}`);
  if (at < 0) throw fieldError("VALIDATION_ERROR", field, "unknown_line");
  return at;
}

export function driverColumn(report: OpenReport, name: string, field: string): number {
  const at = report.dim.columns.indexOf(`driver:${name}`);
  if (at < 0) throw fieldError("VALIDATION_ERROR", field, "unknown_driver");
  return at;
}

/** Margin % over the revenue line: null when it is 0. */
export function marginOf(profit: number, revenue: number): number | null {
  return revenue === 0 ? null : (100 * profit) / revenue;
}

/** The run's facts every report answers with. */
export function runInfo(report: OpenReport) {
  return {
    calculation: report.ref.calculationId,
    currency: report.ref.meta.currency,
    decimals: report.ref.meta.minorDigits,
    dimension: report.dimensionId,
    dimension_name: report.dimensionName,
    profit_line: report.dim.profitLine,
    revenue_line: report.dim.revenueLine,
  };
}

/** The lines with their totals over the dimension (major units). */
export function linesWithTotals(report: OpenReport): ReportLine[] {
  return report.lines.map((l) => {
    const at = report.dim.columns.indexOf(`line:${l.code}`);
    return { ...l, total: at < 0 ? 0 : report.major(report.dim.totals[at] ?? 0) };
  });
}

/** Totals of every line, profit, cost and margin. */
export function totalsOf(report: OpenReport) {
  const lines: Record<string, number> = {};
  for (const l of linesWithTotals(report)) lines[l.code] = l.total;
  const revenueAt = report.dim.columns.indexOf(`line:${report.dim.revenueLine}`);
  const revenue = revenueAt < 0 ? 0 : (report.dim.totals[revenueAt] ?? 0);
  return {
    lines,
    profit: report.major(report.dim.profitTotal),
    cost: report.major(report.dim.costTotal),
    margin_percent: marginOf(report.dim.profitTotal, revenue),
  };
}

/** Records as the contract's P&L rows, with their record ids and names. */
export async function pnlRows(report: OpenReport, records: ReportRecord[]) {
  const names = await report.repo.recordNames(
    report.companyId,
    report.scenarioId,
    report.dimensionId,
    records.map((r) => r.identifier),
  );
  const lineAt = report.lines.map((l) => [l.code, report.dim.columns.indexOf(`line:${l.code}`)] as const);
  return records.map((r) => {
    const lines: Record<string, number> = {};
    for (const [code, at] of lineAt) lines[code] = at < 0 ? 0 : report.major(r.values[at] ?? 0);
    const named = names.get(r.identifier);
    return {
      record: named?.id ?? null,
      identifier: r.identifier,
      name: named?.name ?? r.identifier,
      lines,
      profit: report.major(r.profit),
      cost: report.major(r.cost),
      margin_percent: r.margin,
    };
  });
}

/** A record of the dimension by its id (404 naming `field` when it is not one). */
export async function recordIdentifier(
  ctx: AppContext,
  report: OpenReport,
  recordId: number,
  field = "record",
): Promise<string> {
  const identifier = await ctx.repos.records.identifierOf(
    report.companyId,
    report.scenarioId,
    report.dimensionId,
    recordId,
  );
  if (identifier === undefined) throw notFound(field);
  return identifier;
}
