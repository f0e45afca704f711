// Builds (once, cached) the exact weight column of a split over a dimension's records: EVEN,
// DRIVER (a decimal driver or a calculated driver of the dimension, fixed choice 6) or FORMULA
// (evaluated per record). The first rule to use a column names itself in validation errors.

import { ColumnFormula } from "./column-formula.ts";
import type { CalcContext } from "./context.ts";
import { normalize } from "./decimal.ts";
import { CalcError } from "./errors.ts";
import { formulaFailure } from "./formula-errors.ts";
import type { CalculatedDriverResult } from "./result-types.ts";
import { evenColumn, makeWeightColumn, type WeightColumn } from "./weight-column.ts";

export type WeightSpec =
  | { kind: "EVEN" }
  | { kind: "DRIVER"; driver: string }
  | { kind: "FORMULA"; formula: string };

export function describeSpec(spec: WeightSpec): string {
  return spec.kind === "EVEN" ? "EVEN" : spec.kind === "DRIVER" ? `DRIVER:${spec.driver}` : spec.formula;
}

export class WeightResolver {
  private readonly cache = new Map<string, WeightColumn>();
  private readonly calculated = new Map<string, Map<string, Float64Array>>();
  /** Shared by the EVEN columns of every dimension (views of the first n ones). */
  private ones: Float64Array | null = null;
  /** Formula values before scaling: a temporary, reused rather than allocated per column. */
  private formulaValues: Float64Array | null = null;
  private readonly largest: number;

  constructor(
    private readonly ctx: CalcContext,
    calculatedDrivers: readonly CalculatedDriverResult[],
  ) {
    for (const cd of calculatedDrivers) {
      const byName = this.calculated.get(cd.dimension) ?? new Map<string, Float64Array>();
      byName.set(cd.name, cd.values);
      this.calculated.set(cd.dimension, byName);
    }
    let largest = 0;
    for (const records of ctx.model.records.values()) largest = Math.max(largest, records.identifiers.length);
    this.largest = largest;
  }

  /** Cache key of a spec on a dimension (pushes with equal keys share per-parent weight sums). */
  key(dimension: string, spec: WeightSpec): string {
    return `${dimension}\u0000${spec.kind}\u0000${spec.kind === "EVEN" ? "" : spec.kind === "DRIVER" ? spec.driver : spec.formula}`;
  }

  column(dimension: string, spec: WeightSpec, rule: string): WeightColumn {
    const key = this.key(dimension, spec);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const records = this.ctx.records(dimension);
    const identifiers = records?.identifiers ?? [];
    const n = identifiers.length;
    let column: WeightColumn;
    if (spec.kind === "EVEN") {
      this.ones ??= this.ctx.arena.float64(this.largest).fill(1);
      column = evenColumn(this.ones.subarray(0, n));
    } else if (spec.kind === "DRIVER") {
      const decimal = records?.decimals.get(spec.driver);
      const calculated = this.calculated.get(dimension)?.get(spec.driver);
      // A missing value (NaN) of a decimal driver weighs 0.
      if (decimal) column = makeWeightColumn(decimal, { rule, identifiers, alloc: this.ctx.arena }, true);
      else if (calculated)
        column = makeWeightColumn(calculated, { rule, identifiers, alloc: this.ctx.arena });
      else if (n === 0) {
        // No records: nothing to weigh (the split leaves the cost unallocated, W = 0).
        column = makeWeightColumn(new Float64Array(0), { rule, identifiers, alloc: this.ctx.arena });
      } else {
        throw new CalcError(
          "UNKNOWN_REFERENCE",
          `${rule}: "${spec.driver}" is not a decimal or calculated driver of dimension ${dimension}`,
          { rule, dimension, driver: spec.driver },
        );
      }
    } else {
      column = makeWeightColumn(this.evaluate(dimension, spec.formula, rule), {
        rule,
        identifiers,
        alloc: this.ctx.arena,
      });
    }
    this.cache.set(key, column);
    return column;
  }

  private evaluate(dimension: string, formula: string, rule: string): Float64Array {
    const records = this.ctx.records(dimension);
    const calculated = this.calculated.get(dimension);
    const columns: ArrayLike<number>[] = [];
    const resolve = (name: string): number | undefined => {
      const column = records?.decimals.get(name) ?? calculated?.get(name);
      if (column === undefined) return undefined;
      columns.push(column);
      return columns.length - 1;
    };
    let compiled: ColumnFormula;
    try {
      compiled = new ColumnFormula(formula, resolve);
    } catch (error) {
      formulaFailure(error, rule, formula);
    }
    const n = records?.identifiers.length ?? 0;
    this.formulaValues ??= this.ctx.arena.float64(this.largest);
    const values = this.formulaValues.subarray(0, n);
    const failedAt = compiled.fill(columns, 0, n, values);
    for (let r = 0; r < failedAt; r++) values[r] = normalize(values[r]!);
    if (failedAt < n) formulaFailure(compiled.error, rule, formula, records!.identifiers[failedAt]);
    return values;
  }
}
