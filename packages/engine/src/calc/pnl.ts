// The P&L structure per record of every dimension: ACT (an activity's cost resting on or rolled up
// to the record), DRI (a calculated driver's rounded values, resting or rolled up), AGG (factor
// times the sum of its child lines) and FOR (factor times a formula over other lines' values, which
// carry their factors, fixed choice 7). Values are major units; totals of FOR lines evaluate the
// formula on the line totals.

import type { PnlLine } from "../model/types.ts";
import { ColumnFormula } from "./column-formula.ts";
import { byCode, type CalcContext } from "./context.ts";
import { CalcError } from "./errors.ts";
import { float64Block } from "./float64-block.ts";
import { formulaFailure } from "./formula-errors.ts";
import type { Relations } from "./relations.ts";
import type { CalculatedDriverResult, PnlDimensionResult } from "./result-types.ts";

interface PreparedLine {
  line: PnlLine;
  factor: number;
  children: number[];
  formula: ColumnFormula | null;
  slots: number[];
}

interface PnlOutput {
  profitLine: string | null;
  lineOrder: string[];
  byDimension: Map<string, PnlDimensionResult>;
}

/** Activities that ACT lines reference (their per-record vectors are kept during the pass). */
export function referencedActivities(ctx: CalcContext): Set<string> {
  return new Set(
    ctx.model.pnlLines.filter((l) => l.category === "ACT" && l.activity).map((l) => l.activity!),
  );
}

export function computePnl(
  ctx: CalcContext,
  relations: Relations,
  actResting: Map<string, Map<string, Float64Array>>,
  drivers: readonly CalculatedDriverResult[],
): PnlOutput {
  const lines = ctx.model.pnlLines.slice().sort((a, b) => byCode(a.code, b.code));
  if (lines.length === 0) return { profitLine: null, lineOrder: [], byDimension: new Map() };
  const { prepared, order } = prepare(ctx, lines, drivers);
  const profitLine = chooseProfitLine(ctx, lines);
  const dims = relations.order.slice().sort(byCode);

  // Values per dimension per line, allocated once; ACT and DRI lines are filled first through one
  // reused roll-up scratch family (allocating a family per line would churn hundreds of MB).
  const { values, totals } = allocateLineValues(ctx, dims, prepared);
  fillRolledLines(ctx, relations, actResting, drivers, prepared, dims, values, totals);

  const byDimension = new Map<string, PnlDimensionResult>();
  for (const dim of dims) {
    ctx.checkStop(7);
    const n = ctx.recordCount(dim);
    const ids = ctx.records(dim)!.identifiers;
    const lineValues = values.get(dim)!;
    const lineTotals = totals.get(dim)!;
    for (const i of order) {
      const p = prepared[i]!;
      const out = lineValues[i]!;
      const f = p.factor;
      switch (p.line.category) {
        case "ACT":
        case "DRI":
          break;
        case "AGG": {
          let total = 0;
          for (const c of p.children) {
            addInto(out, lineValues[c]!, n);
            total += lineTotals[c]!;
          }
          scaleInPlace(out, f, n);
          lineTotals[i] = f * total + 0;
          break;
        }
        case "FOR": {
          const columns = p.slots.map((s) => lineValues[s]!);
          const owner = `P&L line ${p.line.code}`;
          const failedAt = p.formula!.fill(columns, 0, n, out);
          scaleInPlace(out, f, failedAt);
          if (failedAt < n) {
            formulaFailure(
              p.formula!.error,
              `${owner} on dimension ${dim}`,
              p.line.formula ?? "",
              ids[failedAt],
            );
          }
          const totalColumns = p.slots.map((s) => [lineTotals[s]!]);
          try {
            lineTotals[i] = f * p.formula!.closure.evaluate(totalColumns, 0) + 0;
          } catch (error) {
            formulaFailure(error, `${owner} (totals of ${dim})`, p.line.formula ?? "");
          }
          break;
        }
      }
    }
    byDimension.set(dim, dimensionResult(dim, prepared, lineValues, lineTotals, profitLine));
  }
  return { profitLine, lineOrder: order.map((i) => prepared[i]!.line.code), byDimension };
}

/** Values (one vector per line) and totals of every dimension, all vectors from one buffer (see float64-block.ts). */
function allocateLineValues(
  ctx: CalcContext,
  dims: string[],
  prepared: PreparedLine[],
): { values: Map<string, Float64Array[]>; totals: Map<string, number[]> } {
  const nLines = prepared.length;
  const lengths = dims.flatMap((dim) => new Array<number>(nLines).fill(ctx.recordCount(dim)));
  const block = float64Block(lengths);
  const values = new Map<string, Float64Array[]>();
  const totals = new Map<string, number[]>();
  dims.forEach((dim, d) => {
    values.set(dim, block.slice(d * nLines, (d + 1) * nLines));
    totals.set(
      dim,
      prepared.map(() => 0),
    );
  });
  return { values, totals };
}

/**
 * ACT and DRI lines: the activity's cost or the driver's values resting on each record, rolled up
 * through one reused scratch family (from the arena), in major units times the line's factor.
 */
function fillRolledLines(
  ctx: CalcContext,
  relations: Relations,
  actResting: Map<string, Map<string, Float64Array>>,
  drivers: readonly CalculatedDriverResult[],
  prepared: PreparedLine[],
  dims: string[],
  values: Map<string, Float64Array[]>,
  totals: Map<string, number[]>,
): void {
  const scale = 10 ** ctx.digits;
  const scratch = new Map<string, Float64Array>();
  for (const d of relations.order) scratch.set(d, ctx.arena.float64(ctx.recordCount(d)));
  const zero = new Set<string>();
  for (let i = 0; i < prepared.length; i++) {
    const p = prepared[i]!;
    if (p.line.category !== "ACT" && p.line.category !== "DRI") continue;
    ctx.checkStop(7);
    const resting =
      p.line.category === "ACT" ? actResting.get(p.line.activity!) : findDriver(drivers, p.line)!.resting;
    zero.clear();
    for (const [d, v] of scratch) {
      const src = resting?.get(d);
      if (src) v.set(src);
      else v.fill(0);
      // Vectors without a value roll nothing up: skip their paths.
      if (!src || !hasValue(src)) zero.add(d);
    }
    relations.rollUp(scratch, zero);
    for (const dim of dims) {
      totals.get(dim)![i] = toMajorLine(scratch.get(dim)!, values.get(dim)![i]!, p.factor, scale);
    }
  }
}

/** The result of one dimension: each line's values and total by line code, and the profit line's values. */
function dimensionResult(
  dim: string,
  prepared: PreparedLine[],
  lineValues: Float64Array[],
  lineTotals: number[],
  profitLine: string,
): PnlDimensionResult {
  const valueMap = new Map<string, Float64Array>();
  const totalMap = new Map<string, number>();
  prepared.forEach((p, i) => {
    valueMap.set(p.line.code, lineValues[i]!);
    totalMap.set(p.line.code, lineTotals[i]!);
  });
  return {
    dimension: dim,
    values: valueMap,
    totals: totalMap,
    profit: valueMap.get(profitLine)!,
  };
}

function findDriver(
  drivers: readonly CalculatedDriverResult[],
  line: PnlLine,
): CalculatedDriverResult | undefined {
  const named = drivers.filter((d) => d.name === line.calculatedDriver);
  return named.find((d) => d.dimension === line.dimension) ?? (line.dimension ? undefined : named[0]);
}

function invalid(line: PnlLine, why: string): never {
  throw new CalcError("PNL_INVALID_LINE", `P&L line ${line.code}: ${why}`, { line: line.code });
}

function prepare(
  ctx: CalcContext,
  lines: PnlLine[],
  drivers: readonly CalculatedDriverResult[],
): { prepared: PreparedLine[]; order: number[] } {
  const index = new Map<string, number>();
  lines.forEach((l, i) => {
    if (index.has(l.code)) invalid(l, "the code is used twice");
    index.set(l.code, i);
  });
  const activities = new Set(ctx.model.activities.map((a) => a.code));
  const prepared: PreparedLine[] = lines.map((line) => {
    const factor = Number.isFinite(line.factor) && line.factor !== 0 ? line.factor : 1;
    if (line.parent !== null && !index.has(line.parent)) invalid(line, `unknown parent ${line.parent}`);
    let formula: ColumnFormula | null = null;
    const slots: number[] = [];
    if (line.category === "ACT" && (!line.activity || !activities.has(line.activity))) {
      invalid(line, `unknown activity ${line.activity}`);
    }
    if (line.category === "DRI" && !findDriver(drivers, line)) {
      invalid(line, `unknown calculated driver ${line.calculatedDriver} of ${line.dimension}`);
    }
    if (line.category === "FOR") {
      try {
        formula = new ColumnFormula(line.formula ?? "=", (name) => {
          const slot = index.get(name);
          if (slot === undefined) return undefined;
          slots.push(slot);
          return slots.length - 1;
        });
      } catch (error) {
        formulaFailure(error, `P&L line ${line.code}`, line.formula ?? "");
      }
    }
    return { line, factor, children: [], formula, slots };
  });
  prepared.forEach((p, i) => {
    if (p.line.parent !== null) prepared[index.get(p.line.parent)!]!.children.push(i);
  });
  // Dependencies: AGG on its children, FOR on the lines its formula names.
  const deps = prepared.map((p) =>
    p.line.category === "AGG" ? p.children : p.line.category === "FOR" ? p.slots : [],
  );
  const order: number[] = [];
  const state = new Uint8Array(prepared.length);
  const visit = (i: number, path: number[]) => {
    if (state[i] === 2) return;
    if (state[i] === 1) {
      const cycle = path.slice(path.indexOf(i)).map((k) => prepared[k]!.line.code);
      throw new CalcError("PNL_CYCLE", `P&L lines reference each other in a cycle: ${cycle.join(" -> ")}`, {
        lines: cycle,
      });
    }
    state[i] = 1;
    for (const d of deps[i]!) visit(d, [...path, i]);
    state[i] = 2;
    order.push(i);
  };
  for (let i = 0; i < prepared.length; i++) visit(i, []);
  // The parent chain must not loop either.
  prepared.forEach((p) => {
    const seen = new Set<string>([p.line.code]);
    let parent = p.line.parent;
    while (parent !== null) {
      if (seen.has(parent)) {
        throw new CalcError("PNL_CYCLE", `P&L line parents form a cycle: ${[...seen].join(" -> ")}`, {
          lines: [...seen],
        });
      }
      seen.add(parent);
      parent = prepared[index.get(parent)!]!.line.parent;
    }
  });
  return { prepared, order };
}

function chooseProfitLine(ctx: CalcContext, lines: PnlLine[]): string {
  const chosen = ctx.model.settings.profitLine;
  if (chosen !== null && chosen !== "") {
    if (!lines.some((l) => l.code === chosen)) {
      throw new CalcError("PNL_INVALID_LINE", `Profit line ${chosen} is not a P&L line`, { line: chosen });
    }
    return chosen;
  }
  const roots = lines
    .filter((l) => l.parent === null)
    .sort((a, b) => a.rank - b.rank || byCode(a.code, b.code));
  return (roots.length ? roots[roots.length - 1]! : lines[lines.length - 1]!).code;
}

function hasValue(v: Float64Array): boolean {
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) return true;
  return false;
}

/** out = factor * minor / scale per record (major units); returns the line total likewise. */
function toMajorLine(minor: Float64Array, out: Float64Array, f: number, scale: number): number {
  let sum = 0;
  for (let r = 0; r < minor.length; r++) {
    const x = minor[r]!;
    out[r] = (f * x) / scale + 0;
    sum += x;
  }
  return (f * sum) / scale + 0;
}

function addInto(out: Float64Array, v: Float64Array, n: number): void {
  for (let r = 0; r < n; r++) out[r] = out[r]! + v[r]!;
}

/** out[r] = f * out[r] (+0: no negative zeros) for r < n. */
function scaleInPlace(out: Float64Array, f: number, n: number): void {
  for (let r = 0; r < n; r++) out[r] = f * out[r]! + 0;
}
