// Per-activity roll-up of what rests on records past the detail record limit, onto the records
// of the dimensions within it (docs/calculation.md, "Roll-up detail"). The trace of a record
// (docs/reports.md, "Trace") splits the record's cost by activity; the part that comes from its
// descendants past the limit (order lines and orders under a customer at size M) cannot be read
// back from per-record detail, which is not kept for them. So while steps 4 and 5 run, each
// activity's resting values on those descendants (step-4 amount + step-5 received - sent, integer
// minor units) are summed per record of the kept dimension they reach, exactly as the roll-up
// counts them (each reached record once). The arrays grow with activities x kept records only.

import type { CalcContext } from "./context.ts";
import type { Relations } from "./relations.ts";
import { rollAlong } from "./relations.ts";
import type { DimensionResult, RolledDetail } from "./result-types.ts";

interface Target {
  /** The kept dimension. */
  dimension: string;
  maps: Int32Array[];
  /** Per activity code, the sum per record of the kept dimension. */
  byActivity: Map<string, Float64Array>;
}

export class RollDetail {
  /** Dimensions past the limit (or reaching a kept one only through such) whose values roll up. */
  readonly sources = new Set<string>();
  /** Per kept dimension: its rolled descendant dimensions, ancestors first. */
  private readonly rolledFrom = new Map<string, string[]>();
  /** Per source dimension: the kept dimensions it rolls up to. */
  private readonly targets = new Map<string, Target[]>();
  private readonly byKept = new Map<string, Map<string, Float64Array>>();

  constructor(
    private readonly ctx: CalcContext,
    private readonly relations: Relations,
  ) {
    const order = relations.order;
    for (const kept of order) {
      const n = ctx.recordCount(kept);
      if (n === 0 || ctx.overRecordLimit(n)) continue;
      // S(kept): a descendant past the limit, or one with a path to `kept` through a dimension of
      // S(kept). Intermediate dimensions come before their descendants in `order`, so one pass
      // decides each. A descendant outside S reaches `kept` only through kept dimensions outside
      // S: the trace follows its records one by one, as it always did.
      const rolled = new Set<string>();
      for (const x of order) {
        if (x === kept) continue;
        const { maps, via } = relations.pathsBetween(x, kept);
        if (maps.length === 0) continue;
        if (ctx.overRecordLimit(ctx.recordCount(x)) || via.some((dims) => dims.some((d) => rolled.has(d))))
          rolled.add(x);
      }
      if (rolled.size === 0) continue;
      const byActivity = new Map<string, Float64Array>();
      this.byKept.set(kept, byActivity);
      this.rolledFrom.set(kept, [...rolled]);
      for (const x of rolled) {
        this.sources.add(x);
        const list = this.targets.get(x) ?? [];
        list.push({ dimension: kept, maps: relations.pathsBetween(x, kept).maps, byActivity });
        this.targets.set(x, list);
      }
    }
  }

  /** Adds what activity `code` leaves on the records of `source` (`values`) to the kept records. */
  add(code: string, source: string, values: Float64Array): void {
    for (const t of this.targets.get(source) ?? []) {
      let sums = t.byActivity.get(code);
      if (!sums) {
        if (!hasNonZero(values)) return;
        sums = new Float64Array(this.ctx.recordCount(t.dimension));
        t.byActivity.set(code, sums);
      }
      rollAlong(values, t.maps, sums);
    }
  }

  /**
   * The roll-up detail per kept dimension, once steps 4 and 5 have filled `dims`: the per-activity
   * sums (all-zero arrays dropped), and per rolled dimension what rests on its records and how many
   * of them reach each kept record.
   */
  finish(dims: Map<string, DimensionResult>): Map<string, RolledDetail> {
    const out = new Map<string, RolledDetail>();
    for (const [kept, byActivity] of this.byKept) {
      const n = this.ctx.recordCount(kept);
      for (const [code, sums] of byActivity) if (!hasNonZero(sums)) byActivity.delete(code);
      const from = this.rolledFrom.get(kept)!.map((x) => {
        const { maps } = this.relations.pathsBetween(x, kept);
        const resting = new Float64Array(n);
        const count = new Float64Array(n);
        const rest = dims.get(x)?.restingCost;
        if (rest) rollAlong(rest, maps, resting);
        rollAlong(null, maps, count);
        return { dimension: x, resting, count };
      });
      out.set(kept, { dimension: kept, byActivity, from });
    }
    return out;
  }
}

function hasNonZero(v: Float64Array): boolean {
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) return true;
  return false;
}
