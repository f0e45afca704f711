// Calculated drivers: per dimension, in definition order, each a formula over the dimension's
// decimal drivers and the calculated drivers defined before it (fixed choice 8). Values are read
// as decimals (noise dropped); `rounded` holds them in minor units for step 6 and DRI lines.

import type { CalculatedDriver } from "../model/types.ts";
import { ColumnFormula } from "./column-formula.ts";
import type { CalcContext } from "./context.ts";
import { normalize, roundMinor } from "./decimal.ts";
import { CalcError } from "./errors.ts";
import { formulaFailure } from "./formula-errors.ts";
import type { CalculatedDriverResult } from "./result-types.ts";

export function computeCalculatedDrivers(ctx: CalcContext): CalculatedDriverResult[] {
  const results: CalculatedDriverResult[] = [];
  const defined = new Map<string, Map<string, Float64Array>>();
  const all = ctx.model.calculatedDrivers;
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
    const values = new Float64Array(n);
    const rounded = new Float64Array(n);
    // The formula over all records first (block by block), then each value checked and read.
    const failedAt = compiled.fill(columns, 0, n, values);
    // Neumaier summation: sum_value is the total of the values, not of their rounded forms.
    let sum = 0;
    let comp = 0;
    for (let r = 0; r < failedAt; r++) {
      let v = values[r]!;
      if (!Number.isFinite(v)) {
        throw new CalcError("FORMULA_ERROR", `${owner}: value ${v} on record ${records!.identifiers[r]}`, {
          owner,
          formula: cd.formula,
          record: records!.identifiers[r],
          value: v,
        });
      }
      v = normalize(v);
      values[r] = v;
      rounded[r] = roundMinor(v, ctx.digits);
      const t = sum + v;
      comp += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
      sum = t;
    }
    if (failedAt < n) formulaFailure(compiled.error, owner, cd.formula, records!.identifiers[failedAt]);
    earlier.set(cd.name, values);
    results.push({
      dimension: cd.dimension,
      name: cd.name,
      isPnlLine: cd.isPnlLine,
      values,
      rounded,
      sumValue: normalize(sum + comp),
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
