// Relationship drivers (<PARENT>_ID columns) as integer graphs: child lists per (parent, child)
// dimension pair as CSR arrays for the pushes, and path maps for the roll-up. A value resting on a
// record counts for every record it reaches through relationship drivers, transitively, each
// reached record once (fixed choice 9); dangling references are reported and not followed.

import type { RelationColumn } from "../model/types.ts";
import { byCode, type CalcContext } from "./context.ts";
import { CalcError } from "./errors.ts";

export interface Children {
  /** offsets[p]..offsets[p+1] index `ids` for parent record p. */
  offsets: Int32Array;
  /** Child record indexes, ascending within each parent (identifier order). */
  ids: Int32Array;
}

interface Edge {
  from: string;
  to: string;
  driver: string;
  index: Int32Array;
}

export class Relations {
  private readonly edges = new Map<string, Edge[]>();
  private readonly childCache = new Map<string, Children>();
  /** Per source dimension: target dimension -> path maps (each x -> y index or -1). */
  private readonly paths = new Map<string, Map<string, Int32Array[]>>();
  /** Per source dimension: target dimension -> the dimensions each path passes through. */
  private readonly vias = new Map<string, Map<string, string[][]>>();
  /** Dimensions with records, ancestors (pointed-to) before descendants. */
  readonly order: string[];

  constructor(private readonly ctx: CalcContext) {
    const dims = [...ctx.model.records.keys()].filter((d) => ctx.recordCount(d) > 0).sort(byCode);
    for (const dim of dims) {
      const records = ctx.records(dim)!;
      const list: Edge[] = [];
      const names = [...records.relations.keys()].sort(byCode);
      for (const driver of names) {
        const column = records.relations.get(driver)!;
        this.reportDangling(dim, driver, column);
        if (ctx.recordCount(column.target) === 0) continue;
        list.push({ from: dim, to: column.target, driver, index: column.index });
      }
      this.edges.set(dim, list);
    }
    this.order = this.ancestorsFirst(dims);
    for (const dim of dims) {
      const via = new Map<string, string[][]>();
      this.paths.set(dim, this.buildPaths(dim, via));
      this.vias.set(dim, via);
    }
  }

  private reportDangling(dim: string, driver: string, column: RelationColumn): void {
    if (column.dangling.length === 0) return;
    const ids = this.ctx.records(dim)!.identifiers;
    this.ctx.issue({
      kind: "DANGLING_RELATIONSHIP",
      step: 0,
      message: `${column.dangling.length} record(s) of ${dim} name in ${driver} a record of ${column.target} that does not exist; not rolled up`,
      details: {
        dimension: dim,
        driver,
        target: column.target,
        count: column.dangling.length,
        records: column.dangling.slice(0, 1000).map((d) => ({ record: ids[d.row], value: d.value })),
      },
    });
  }

  /** Kahn's order on "points to": a dimension comes after every dimension it points to. */
  private ancestorsFirst(dims: string[]): string[] {
    const pending = new Map(dims.map((d) => [d, new Set((this.edges.get(d) ?? []).map((e) => e.to))]));
    const order: string[] = [];
    while (pending.size) {
      const ready = [...pending.keys()].filter((d) => pending.get(d)!.size === 0).sort(byCode);
      if (ready.length === 0) {
        const cyclic = [...pending.keys()].sort(byCode);
        throw new CalcError(
          "RELATIONSHIP_CYCLE",
          `Relationship drivers form a cycle among dimensions ${cyclic.join(", ")}`,
          { dimensions: cyclic },
        );
      }
      for (const d of ready) {
        order.push(d);
        pending.delete(d);
        for (const set of pending.values()) set.delete(d);
      }
    }
    return order;
  }

  private buildPaths(source: string, vias: Map<string, string[][]>): Map<string, Int32Array[]> {
    const result = new Map<string, Int32Array[]>();
    const walk = (dim: string, map: Int32Array | null, via: string[]) => {
      for (const edge of this.edges.get(dim) ?? []) {
        const n = this.ctx.recordCount(source);
        const next = this.ctx.arena.int32(n);
        for (let x = 0; x < n; x++) {
          const mid = map === null ? x : map[x]!;
          const y = mid >= 0 ? edge.index[mid]! : -1;
          next[x] = y >= 0 ? y : -1;
        }
        const list = result.get(edge.to);
        if (list) list.push(next);
        else result.set(edge.to, [next]);
        const through = vias.get(edge.to);
        if (through) through.push(via);
        else vias.set(edge.to, [via]);
        walk(edge.to, next, [...via, edge.to]);
      }
    };
    walk(source, null, []);
    return result;
  }

  /**
   * The paths from the records of `source` to those of `target` (empty when none): one map per
   * path (each x -> y index or -1), and the dimensions between the two that each path passes.
   */
  pathsBetween(source: string, target: string): { maps: Int32Array[]; via: string[][] } {
    return {
      maps: this.paths.get(source)?.get(target) ?? [],
      via: this.vias.get(source)?.get(target) ?? [],
    };
  }

  /** Child lists of parent dimension P in child dimension C (through C's P_ID driver). */
  children(parent: string, child: string, rule: string): Children {
    const key = `${parent}\u0000${child}`;
    const hit = this.childCache.get(key);
    if (hit) return hit;
    const records = this.ctx.records(child);
    const nParent = this.ctx.recordCount(parent);
    let column = records?.relations.get(`${parent}_ID`);
    if (!column && records) column = [...records.relations.values()].find((c) => c.target === parent);
    if (!column || column.target !== parent) {
      if (records === undefined || records.identifiers.length === 0 || nParent === 0) {
        const empty = { offsets: new Int32Array(nParent + 1), ids: new Int32Array(0) };
        this.childCache.set(key, empty);
        return empty;
      }
      throw new CalcError(
        "PUSH_NO_RELATIONSHIP",
        `${rule}: dimension ${child} has no relationship driver ${parent}_ID to ${parent}`,
        { rule, parent, child },
      );
    }
    const index = column.index;
    const offsets = this.ctx.arena.int32(nParent + 1);
    for (let c = 0; c < index.length; c++) {
      const p = index[c]!;
      if (p >= 0) offsets[p + 1] = offsets[p + 1]! + 1;
    }
    for (let p = 0; p < nParent; p++) offsets[p + 1] = offsets[p + 1]! + offsets[p]!;
    const ids = this.ctx.arena.int32(offsets[nParent]!);
    const fill = offsets.slice(0, nParent);
    for (let c = 0; c < index.length; c++) {
      const p = index[c]!;
      if (p >= 0) ids[fill[p]!++] = c;
    }
    const children = { offsets, ids };
    this.childCache.set(key, children);
    return children;
  }

  /**
   * Rolls values up in place: afterwards vectors[Y][y] = resting on y + every resting value of a
   * record that reaches y (once per record). Every dimension with records must have a vector;
   * `zero` may name dimensions whose vectors are all zero (skipped).
   */
  rollUp(vectors: Map<string, Float64Array>, zero?: ReadonlySet<string>): void {
    for (const target of this.order) {
      const out = vectors.get(target)!;
      // Sources still hold resting values: they come later in `order` than what they point to.
      for (const [source, byTarget] of this.paths) {
        const maps = byTarget.get(target);
        // A source without values (`zero`, given by the caller) adds nothing.
        if (!maps || zero?.has(source)) continue;
        const src = vectors.get(source)!;
        if (maps.length === 1) addAlong(src, maps[0]!, out);
        else addAlongPaths(src, maps, out);
      }
    }
  }
}

/**
 * out[y] += src[x] for every record x reaching y along `maps` (each y once per x, as the roll-up
 * counts); `src` null adds 1 per record (how many records reach y).
 */
export function rollAlong(src: Float64Array | null, maps: Int32Array[], out: Float64Array): void {
  if (maps.length === 0) return;
  if (src === null) {
    const n = maps[0]!.length;
    for (let x = 0; x < n; x++) {
      for (let k = 0; k < maps.length; k++) {
        const y = maps[k]![x]!;
        if (y < 0) continue;
        let seen = false;
        for (let j = 0; j < k; j++) if (maps[j]![x] === y) seen = true;
        if (!seen) out[y] = out[y]! + 1;
      }
    }
  } else if (maps.length === 1) addAlong(src, maps[0]!, out);
  else addAlongPaths(src, maps, out);
}

/** out[map[x]] += src[x] for every record x that reaches a target record. */
function addAlong(src: Float64Array, map: Int32Array, out: Float64Array): void {
  for (let x = 0; x < map.length; x++) {
    const v = src[x]!;
    const y = map[x]!;
    if (v !== 0 && y >= 0) out[y] = out[y]! + v;
  }
}

/** As addAlong over several paths, each distinct target record counted once per record. */
function addAlongPaths(src: Float64Array, maps: Int32Array[], out: Float64Array): void {
  for (let x = 0; x < src.length; x++) {
    const v = src[x]!;
    if (v === 0) continue;
    for (let k = 0; k < maps.length; k++) {
      const y = maps[k]![x]!;
      if (y < 0) continue;
      let seen = false;
      for (let j = 0; j < k; j++) if (maps[j]![x] === y) seen = true;
      if (!seen) out[y] = out[y]! + v;
    }
  }
}
