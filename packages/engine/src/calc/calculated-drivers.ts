// Calculated drivers: per dimension, in definition order, each a formula over the dimension's
// decimal drivers and the calculated drivers defined before it (fixed choice 8). Values are read
// as decimals (noise dropped); `rounded` holds them in minor units for step 6 and DRI lines.

import type { CalculatedDriver } from "../model/types.ts";
import { ColumnFormula } from "./column-formula.ts";
import type { CalcContext } from "./context.ts";
import { normalize, roundMinor } from "./decimal.ts";
import { CalcError } from "./errors.ts";
import { float64Block } from "./float64-block.ts";
import { formulaFailure } from "./formula-errors.ts";
import type { CalculatedDriverResult } from "./result-types.ts";

export function computeCalculatedDrivers(ctx: CalcContext): CalculatedDriverResult[] {
  const results: CalculatedDriverResult[] = [];
  const defined = new Map<string, Map<string, Float64Array>>();
  const all = ctx.model.calculatedDrivers;
  // Values and rounded values of every driver from one buffer (see float64-block.ts).
  const block = float64Block(
    all.flatMap((cd) => [ctx.recordCount(cd.dimension), ctx.recordCount(cd.dimension)]),
  );
  all.forEach((cd, position) => {
    const owner = `Calculated driver ${cd.name} of ${cd.dimension}`;
    const records = ctx.records(cd.dimension);
    const n = records?.identifiers.length ?? 0;
    const earlier = defined.get(cd.dimension) ?? new Map<string, Float64Array>();
    defined.set(cd.dimension, earlier);
    if (earlier.has(cd.name)) {
      throw new CalcError("CALCULATED_DRIVER_ORDER", `${owner} is defined twice`, {
        dimension: cd.dimension,
        name: cd.name,
      });
    }
    const columns: ArrayLike<number>[] = [];
    const later = laterNames(all, position, cd);
    const resolve = (name: string): number | undefined => {
      const column = records?.decimals.get(name) ?? earlier.get(name);
      if (column === undefined) {
        if (later.has(name)) {
          throw new CalcError(
            "CALCULATED_DRIVER_ORDER",
            `${owner} uses calculated driver ${name}, which is defined after it`,
            { dimension: cd.dimension, name: cd.name, uses: name },
          );
        }
        return undefined;
      }
      columns.push(column);
      return columns.length - 1;
    };
    let compiled: ColumnFormula;
    try {
      compiled = new ColumnFormula(cd.formula, resolve);
    } catch (error) {
      formulaFailure(error, owner, cd.formula);
    }
    const values = block[2 * position]!;
    const rounded = block[2 * position + 1]!;
    // The formula over all records first (block by block), then each value checked and read.
    const failedAt = compiled.fill(columns, 0, n, values);
    const read = readValues(values, rounded, failedAt, ctx.digits);
    if (read.nonFinite >= 0) {
      const r = read.nonFinite;
      throw new CalcError(
        "FORMULA_ERROR",
        `${owner}: value ${values[r]} on record ${records!.identifiers[r]}`,
        {
          owner,
          formula: cd.formula,
          record: records!.identifiers[r],
          value: values[r],
        },
      );
    }
    if (failedAt < n) formulaFailure(compiled.error, owner, cd.formula, records!.identifiers[failedAt]);
    earlier.set(cd.name, values);
    results.push({
      dimension: cd.dimension,
      name: cd.name,
      isPnlLine: cd.isPnlLine,
      values,
      rounded,
      sumValue: normalize(read.sum + read.comp),
      resting: new Map(),
    });
  });
  return results;
}

function laterNames(all: readonly CalculatedDriver[], position: number, cd: CalculatedDriver): Set<string> {
  const names = new Set<string>();
  for (let i = position; i < all.length; i++) {
    if (all[i]!.dimension === cd.dimension) names.add(all[i]!.name);
  }
  return names;
}

/**
 * Reads values[0..n) as decimals (noise dropped) in place and rounds them to minor units; the
 * Neumaier sum of the values (sum_value is their total, not that of the rounded forms). Stops at
 * the first value that is not finite (`nonFinite`, else -1), leaving it as computed. In chunks, so
 * that the loop is optimized with complete type feedback after the first one.
 */
function readValues(values: Float64Array, rounded: Float64Array, n: number, digits: number) {
  const state = { sum: 0, comp: 0, nonFinite: -1 };
  for (let from = 0; from < n && state.nonFinite < 0; from += CHUNK) {
    readRange(values, rounded, from, Math.min(n, from + CHUNK), digits, state);
  }
  return state;
}

const CHUNK = 1 << 16;

function readRange(
  values: Float64Array,
  rounded: Float64Array,
  from: number,
  to: number,
  digits: number,
  state: { sum: number; comp: number; nonFinite: number },
): void {
  let { sum, comp } = state;
  for (let r = from; r < to; r++) {
    let v = values[r]!;
    if (!Number.isFinite(v)) {
      state.nonFinite = r;
      break;
    }
    v = normalize(v);
    values[r] = v;
    rounded[r] = roundMinor(v, digits);
    const t = sum + v;
    comp += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
    sum = t;
  }
  state.sum = sum;
  state.comp = comp;
}
