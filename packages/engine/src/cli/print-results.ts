// The readable summary of `costflow calc`: totals per step with their checks, what stayed
// unallocated, warnings and data issues, and the 10 most and least profitable records of every
// dimension that has P&L values. Works on the CalcResult's typed arrays (no object per record).

import type { CalcResult } from "../calc/calculate.ts";
import type { PnlDimensionResult } from "../calc/result-types.ts";
import type { ModelData } from "../model/types.ts";

const STEP_NAMES: Record<number, string> = {
  1: "Accounts to cost pools",
  2: "Indirect pools (reciprocal)",
  3: "Cost pools to activities",
  4: "Activities to dimensions",
  5: "Dimension to dimension",
  6: "Calculated drivers pushed",
};

function moneyFormat(digits: number): (minor: number) => string {
  const f = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return (minor) => f.format(minor / 10 ** digits);
}

function table(rows: string[][], rightAligned: boolean[]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) =>
    r
      .map((cell, c) => (rightAligned[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join("  ")
      .trimEnd(),
  );
}

/** Indexes of the k best values by `better` (ties: lower index, i.e. identifier order). */
function topK(values: Float64Array, k: number, better: (a: number, b: number) => boolean): number[] {
  const top: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (top.length === k && !better(v, values[top[k - 1]!]!)) continue;
    let at = top.length;
    while (at > 0 && better(v, values[top[at - 1]!]!)) at--;
    top.splice(at, 0, i);
    if (top.length > k) top.pop();
  }
  return top;
}

export function formatResults(
  model: ModelData,
  result: CalcResult,
  timings: { readMs: number; calcMs: number },
): string {
  const out: string[] = [];
  const money = moneyFormat(result.minorDigits);
  const { info } = model;
  out.push(
    `${info.name}: ${info.scenario.name} (${result.currency}, ${info.scenario.periodFrom} to ${info.scenario.periodTo})`,
  );
  const counts = [...model.records.values()].map(
    (r) => `${r.identifiers.length.toLocaleString("en-US")} ${r.dimension}`,
  );
  out.push(
    `${model.accounts.length} accounts, ${model.pools.length} cost pools, ${model.activities.length} activities` +
      (counts.length ? `, records: ${counts.join(", ")}` : ""),
  );
  out.push(
    `Read in ${(timings.readMs / 1000).toFixed(2)} s, calculated in ${(timings.calcMs / 1000).toFixed(2)} s`,
  );
  out.push("");

  out.push(...checkLines(result, money));
  out.push(...noteLines(result));
  for (const [dim, pnl] of result.pnl.byDimension) out.push(...profitLines(model, result, dim, pnl));
  return out.join("\n");
}

/** The conservation checks of every step as a table, the unallocated total and the verdict. */
function checkLines(result: CalcResult, money: (minor: number) => string): string[] {
  const out: string[] = [];
  const rows = [["Step", "In", "Allocated", "Unallocated", "Not allocated", "Check"]];
  let unallocated = 0;
  for (const c of result.checks) {
    unallocated += c.unallocated;
    rows.push([
      `${c.step} ${STEP_NAMES[c.step] ?? ""}`.trimEnd(),
      money(c.in),
      money(c.allocated),
      money(c.unallocated),
      c.notAllocated === undefined ? "-" : money(c.notAllocated),
      c.ok ? "OK" : "FAILED",
    ]);
  }
  out.push(...table(rows, [false, true, true, true, true, false]));
  const failed = result.checks.filter((c) => !c.ok).length;
  out.push("");
  out.push(`Unallocated over all steps: ${money(unallocated)} ${result.currency}`);
  out.push(failed === 0 ? "Checks: all OK" : `Checks: ${failed} FAILED`);
  return out;
}

/** The first warnings and data issues, if any. */
function noteLines(result: CalcResult): string[] {
  const out: string[] = [];
  if (result.warnings.length > 0) {
    out.push("", `Warnings (${result.warnings.length}):`);
    for (const w of result.warnings.slice(0, 10)) out.push(`  - ${w}`);
    if (result.warnings.length > 10) out.push(`  ... and ${result.warnings.length - 10} more`);
  }
  if (result.issues.length > 0) {
    out.push("", `Data issues (${result.issues.length}):`);
    for (const i of result.issues.slice(0, 5)) out.push(`  - step ${i.step} ${i.kind}: ${i.message}`);
    if (result.issues.length > 5) out.push(`  ... and ${result.issues.length - 5} more (see --json)`);
  }
  return out;
}

/** The ten most and least profitable records of a dimension with a P&L. */
function profitLines(model: ModelData, result: CalcResult, dim: string, pnl: PnlDimensionResult): string[] {
  const out: string[] = [];
  const ids = model.records.get(dim)?.identifiers ?? [];
  const profit = pnl.profit;
  if (profit.length === 0) return out;
  const total = pnl.totals.get(result.pnl.profitLine ?? "") ?? profit.reduce((a, b) => a + b, 0);
  const fmt = moneyFormat(result.minorDigits);
  const major = (v: number) => fmt(Math.round(v * 10 ** result.minorDigits));
  out.push("", `Profit by ${dim} (line ${result.pnl.profitLine}, total ${major(total)} ${result.currency}):`);
  const best = topK(profit, 10, (a, b) => a > b).filter((i) => profit[i]! > 0);
  const worst = topK(profit, 10, (a, b) => a < b).filter((i) => profit[i]! < 0);
  const list = (title: string, idx: number[]) => {
    if (idx.length === 0) {
      out.push(`  ${title}: none`);
      return;
    }
    out.push(`  ${title}:`);
    const t = table(
      idx.map((i, r) => [`${r + 1}.`, ids[i] ?? String(i), major(profit[i]!)]),
      [true, false, true],
    );
    for (const line of t) out.push(`    ${line}`);
  };
  list("Top 10 profitable", best);
  list("Top 10 unprofitable", worst);
  return out;
}
