import {
  PNL_FIXED_ORDERINGS,
  type PnlReport,
  type PnlReportQuery,
  type ProfitabilityQuery,
  type ProfitabilityReport,
} from "@costflow/contract/reports";
import type { ReportRecord } from "@costflow/db/repositories/report-data";
import type { AppContext } from "../../context.ts";
import { fieldError } from "../../lib/app-error.ts";
import {
  driverColumn,
  lineColumn,
  linesWithTotals,
  type OpenReport,
  openReport,
  pnlRows,
  runInfo,
  totalsOf,
} from "./open-report.ts";

// report/pnl/ (a page of records with every line, sorted by any line) and report/profitability/
// (top or bottom N by a line or calculated driver). Pages sorted by a line read their positions
// from the stored orderings (docs/calculation.md, "Report data"); a search scans in SQL.

/**
 * The stored ordering key of `ordering` (without its sign; null: identifier order, the record
 * numbers), 400 naming `ordering` if unknown.
 */
function orderingKey(report: OpenReport, field: string): string | null {
  if (field === "identifier") return null;
  // Profit is the profit line's value: runs store that line's ordering only.
  if (field === "profit" && report.dim.columns.includes(`line:${report.dim.profitLine}`)) {
    return `line:${report.dim.profitLine}`;
  }
  if ((PNL_FIXED_ORDERINGS as readonly string[]).includes(field)) return field;
  if (!report.dim.columns.includes(`line:${field}`)) {
    throw fieldError("VALIDATION_ERROR", "ordering", "invalid_value");
  }
  return `line:${field}`;
}

/**
 * A window of the records whose identifier or names contain `search`, in stored order: the
 * matches found by a scan in SQL, ordered by the key's stored ordering (read whole), so a search
 * sorts exactly as the pages do (ties in record order, margins of records without revenue last).
 */
async function foundInOrder(
  report: OpenReport,
  search: string,
  key: string | null,
  descending: boolean,
  window: { offset: number; limit: number },
): Promise<{ records: ReportRecord[]; count: number }> {
  const found = await report.repo.searchNos(report.filter, {
    scenarioId: report.scenarioId,
    dimensionId: report.dimensionId,
    search,
  });
  let ordered = found;
  if (key !== null && found.length > 1) {
    const n = report.dim.records;
    const all = await report.repo.orderedNos(
      report.filter,
      report.dimensionId,
      key,
      n,
      { offset: 0, limit: n },
      false,
    );
    const matched = new Uint8Array(n);
    for (const no of found) matched[no] = 1;
    ordered = all.filter((no) => matched[no] === 1);
  }
  if (descending) ordered = ordered.slice().reverse();
  const nos = ordered.slice(window.offset, window.offset + window.limit);
  return {
    records: await report.repo.recordsByNo(report.filter, report.dimensionId, nos),
    count: found.length,
  };
}

/** A window of records in stored order (identifier order = record numbers, or a key's ordering). */
export async function recordsInOrder(
  report: OpenReport,
  key: string | null,
  descending: boolean,
  window: { offset: number; limit: number },
): Promise<ReportRecord[]> {
  const n = report.dim.records;
  const take = Math.max(0, Math.min(window.limit, n - window.offset));
  if (take === 0) return [];
  if (key === null) {
    const from = descending ? n - window.offset - take : window.offset;
    return report.repo.recordRange(report.filter, report.dimensionId, from, from + take - 1, descending);
  }
  const nos = await report.repo.orderedNos(report.filter, report.dimensionId, key, n, window, descending);
  return report.repo.recordsByNo(report.filter, report.dimensionId, nos);
}

export async function readPnlReport(
  ctx: AppContext,
  companyId: number,
  query: PnlReportQuery,
): Promise<{
  rows: PnlReport["results"];
  count: number;
  extra: Omit<PnlReport, "count" | "next" | "previous" | "results">;
}> {
  const report = await openReport(ctx, companyId, query.scenario, query.dimension);
  const descending = query.ordering?.startsWith("-") ?? false;
  const field = query.ordering?.replace(/^-/, "") || "identifier";
  const key = orderingKey(report, field);
  const window = { offset: query.offset, limit: query.limit };
  const search = query.search?.trim();
  let records: ReportRecord[];
  let count = report.dim.records;
  if (search) {
    ({ records, count } = await foundInOrder(report, search, key, descending, window));
  } else {
    records = await recordsInOrder(report, key, descending, window);
  }
  return {
    rows: await pnlRows(report, records),
    count,
    extra: { ...runInfo(report), lines: linesWithTotals(report), totals: totalsOf(report) },
  };
}

export async function readProfitability(
  ctx: AppContext,
  companyId: number,
  query: ProfitabilityQuery,
): Promise<ProfitabilityReport> {
  if (query.line !== undefined && query.driver !== undefined) {
    throw fieldError("VALIDATION_ERROR", "driver", "line_or_driver");
  }
  if (query.line === undefined && query.driver === undefined) {
    throw fieldError("VALIDATION_ERROR", "line", "required");
  }
  const report = await openReport(ctx, companyId, query.scenario, query.dimension);
  const column =
    query.line !== undefined
      ? lineColumn(report, query.line, "line")
      : driverColumn(report, query.driver!, "driver");
  const key = report.dim.columns[column]!;
  const total = report.dim.totals[column] ?? 0;
  // Top: the highest values first (the end of the ascending ordering); bottom: the lowest first.
  const records = await recordsInOrder(report, key, query.side === "top", { offset: 0, limit: query.limit });
  const rows = await pnlRows(report, records);
  return {
    ...runInfo(report),
    line: query.line ?? null,
    driver: query.driver ?? null,
    side: query.side,
    limit: query.limit,
    records: report.dim.records,
    total: report.major(total),
    lines: linesWithTotals(report),
    results: rows.map((row, i) => {
      const value = records[i]!.values[column] ?? 0;
      return {
        ...row,
        rank: i + 1,
        value: report.major(value),
        share_percent: total === 0 ? null : (100 * value) / total,
      };
    }),
  };
}
