// Per-activity roll-up of what rests on records past the detail record limit, onto the records
// of the dimensions within it (docs/calculation.md, "Roll-up detail"). The trace of a record
// (docs/reports.md, "Trace") splits the record's cost by activity; the part that comes from its
// descendants past the limit (order lines and orders under a customer at size M) cannot be read
// back from per-record detail, which is not kept for them. So while steps 4 and 5 run, each
// activity's resting values on those descendants (step-4 amount + step-5 received - sent, integer
// minor units) are summed per record of the kept dimension they reach, exactly as the roll-up
// counts them (each reached record once). The arrays grow with activities x kept records only.

import type { CalcContext } from "./context.ts";
import type { Children, Relations } from "./relations.ts";
import { rollAlong } from "./relations.ts";
import type { DimensionResult, RolledDetail } from "./result-types.ts";

interface Target {
  /** The kept dimension. */
  dimension: string;
  maps: Int32Array[];
  /** Per activity code, the sum per record of the kept dimension. */
  byActivity: Map<string, Float64Array>;
}

/**
 * How what one push moves into a rolled dimension reaches one kept dimension. `parentMaps`: every
 * child reaches exactly the kept records its parent reaches (`identity`: the parent dimension is
 * the kept one, each child reaching its own parent only), so what the children received sums, per
 * kept record, to what their parents sent (a split sums exactly to its source): it rolls up from
 * the parents. Otherwise (null) it rolls up from each child's amount.
 */
interface PushTarget {
  target: Target;
  parentMaps: Int32Array[] | null;
  identity: boolean;
}

/** The roll-up of one push (parent -> child, the child rolled): see pushRoll. */
export interface PushRoll {
  /** Whether the push must record what each parent sent / each child received. */
  sent: boolean;
  received: boolean;
  targets: PushTarget[];
  /**
   * The one target rolled up child by child, when it is the only one and along a single path: the
   * push kernel can then add each child's amount to its sums as it splits (kernelTarget), with no
   * `received` vector.
   */
  fusable: PushTarget | null;
  /** fusable's path map in child-list order (the kernel reads it in order as it splits). */
  fusableMap: Int32Array | null;
}

export class RollDetail {
  /** Dimensions past the limit (or reaching a kept one only through such) whose values roll up. */
  readonly sources = new Set<string>();
  /** Per kept dimension: its rolled descendant dimensions, ancestors first. */
  private readonly rolledFrom = new Map<string, string[]>();
  /** Per source dimension: the kept dimensions it rolls up to. */
  private readonly targets = new Map<string, Target[]>();
  private readonly byKept = new Map<string, Map<string, Float64Array>>();
  private readonly pushRolls = new Map<string, PushRoll | null>();

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
      const sums = this.sumsOf(t, code, values);
      if (sums) rollAlong(values, t.maps, sums);
    }
  }

  /**
   * As add, then adds `values` to `rest` (the dimension's totals) and clears them, in one pass;
   * false (nothing done) when that pass does not apply: more than two targets, a target reached
   * along several paths, or a target without sums yet while `values` are all zero.
   */
  addAndClear(code: string, source: string, values: Float64Array, rest: Float64Array): boolean {
    const list = this.targets.get(source) ?? [];
    if (list.length > 2 || list.some((t) => t.maps.length !== 1)) return false;
    const sums: Float64Array[] = [];
    for (const t of list) {
      const s = this.sumsOf(t, code, values);
      if (!s) return false;
      sums.push(s);
    }
    const m0 = list[0]?.maps[0] ?? null;
    const s0 = sums[0] ?? null;
    const m1 = list[1]?.maps[0] ?? null;
    const s1 = sums[1] ?? null;
    for (let i = 0; i < values.length; i++) {
      const x = values[i]!;
      if (x === 0) continue;
      rest[i] = rest[i]! + x;
      values[i] = 0;
      if (s0 !== null) {
        const y = m0![i]!;
        if (y >= 0) s0[y] = s0[y]! + x;
      }
      if (s1 !== null) {
        const y = m1![i]!;
        if (y >= 0) s1[y] = s1[y]! + x;
      }
    }
    return true;
  }

  /**
   * For a push whose child dimension is rolled and whose child values nothing else reads (the
   * activity pass sends them straight into the totals): how what it moves rolls up, per kept
   * dimension (cached per dimension pair); null when the child dimension is not rolled.
   * `inOrder`: child list position j is record j (PushEngine knows it of every list).
   */
  pushRoll(parent: string, child: string, children: Children, inOrder: boolean): PushRoll | null {
    const key = `${parent}\u0000${child}`;
    const known = this.pushRolls.get(key);
    if (known !== undefined) return known;
    const list = this.targets.get(child);
    let roll: PushRoll | null = null;
    if (list) {
      const targets = list.map((target): PushTarget => {
        const identity = target.dimension === parent;
        const parentMaps = identity ? [] : this.relations.pathsBetween(parent, target.dimension).maps;
        const same =
          (identity || parentMaps.length > 0) && reachSame(children, target.maps, parentMaps, identity);
        return { target, parentMaps: same ? parentMaps : null, identity: same && identity };
      });
      const byChild = targets.filter((t) => t.parentMaps === null);
      const fusable = byChild.length === 1 && byChild[0]!.target.maps.length === 1 ? byChild[0]! : null;
      let fusableMap: Int32Array | null = null;
      if (fusable) {
        // The map itself when the list is in record order (position j is record j).
        const map = fusable.target.maps[0]!;
        const { ids } = children;
        if (inOrder) fusableMap = map;
        else {
          fusableMap = this.ctx.arena.int32(ids.length);
          for (let j = 0; j < ids.length; j++) fusableMap[j] = map[ids[j]!]!;
        }
      }
      roll = {
        sent: targets.some((t) => t.parentMaps !== null),
        received: byChild.length > 0,
        targets,
        fusable,
        fusableMap,
      };
    }
    this.pushRolls.set(key, roll);
    return roll;
  }

  /**
   * The map (in child-list order) and the sums (created now if need be: an all-zero array is
   * dropped by finish) through which the push kernel rolls `roll.fusable` up for activity `code`
   * while it splits.
   */
  kernelTarget(code: string, roll: PushRoll): { map: Int32Array; sums: Float64Array } {
    const t = roll.fusable!.target;
    let sums = t.byActivity.get(code);
    if (!sums) {
      sums = new Float64Array(this.ctx.recordCount(t.dimension));
      t.byActivity.set(code, sums);
    }
    return { map: roll.fusableMap!, sums };
  }

  /**
   * Adds what a push of activity `code` moved (pushRoll's `roll`) to the kept records: from each
   * parent what it sent, or from each child what it received (the vectors the push filled); with
   * `fused`, the kernel has already added the fusable target's.
   */
  addPushed(
    code: string,
    roll: PushRoll,
    sent: Float64Array | null,
    received: Float64Array | null,
    fused: boolean,
  ): void {
    for (const t of roll.targets) {
      if (fused && t === roll.fusable) continue;
      const values = t.parentMaps !== null ? sent! : received!;
      const sums = this.sumsOf(t.target, code, values);
      if (!sums) continue;
      if (t.identity) {
        for (let p = 0; p < values.length; p++) sums[p] = sums[p]! + values[p]!;
      } else rollAlong(values, t.parentMaps ?? t.target.maps, sums);
    }
  }

  /** The sums of activity `code` on target `t`, created when `values` has a value (else null). */
  private sumsOf(t: Target, code: string, values: Float64Array): Float64Array | null {
    let sums = t.byActivity.get(code);
    if (!sums) {
      if (!hasNonZero(values)) return null;
      sums = new Float64Array(this.ctx.recordCount(t.dimension));
      t.byActivity.set(code, sums);
    }
    return sums;
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

/**
 * Whether every child in `children` reaches, through `childMaps`, exactly the records its parent
 * reaches through `parentMaps` (with `identity`: exactly its parent), as sets (each once).
 */
function reachSame(
  children: Children,
  childMaps: Int32Array[],
  parentMaps: Int32Array[],
  identity: boolean,
): boolean {
  const { offsets, ids } = children;
  const nParent = offsets.length - 1;
  if (childMaps.length === 1 && (identity || parentMaps.length === 1)) {
    // One path each: the child's record (or none, -1) is the parent's.
    const m = childMaps[0]!;
    const pm = identity ? null : parentMaps[0]!;
    for (let p = 0; p < nParent; p++) {
      const y = pm === null ? p : pm[p]!;
      for (let j = offsets[p]!; j < offsets[p + 1]!; j++) if (m[ids[j]!] !== y) return false;
    }
    return true;
  }
  for (let p = 0; p < nParent; p++) {
    for (let j = offsets[p]!; j < offsets[p + 1]!; j++) {
      const c = ids[j]!;
      // Every record the child reaches is one the parent reaches ...
      for (const m of childMaps) {
        const y = m[c]!;
        if (y >= 0 && !(identity ? y === p : parentMaps.some((pm) => pm[p] === y))) return false;
      }
      // ... and every record the parent reaches, the child reaches.
      if (identity) {
        if (!childMaps.some((m) => m[c] === p)) return false;
      } else {
        for (const pm of parentMaps) {
          const y = pm[p]!;
          if (y >= 0 && !childMaps.some((m) => m[c] === y)) return false;
        }
      }
    }
  }
  return true;
}

function hasNonZero(v: Float64Array): boolean {
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) return true;
  return false;
}
