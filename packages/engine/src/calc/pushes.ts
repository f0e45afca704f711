// Steps 5 and 6 share this push engine: values resting on parent records are split over each
// parent's children (records of the child dimension whose P_ID names it), top-down along the
// rules of one source (activity or calculated driver), so chains such as customers -> orders ->
// order lines work. Per parent, a largest-remainder split over its child range of a CSR list.

import type { PushSplit } from "../model/types.ts";
import { byCode, type CalcContext } from "./context.ts";
import { CalcError } from "./errors.ts";
import type { Splitter } from "./largest-remainder.ts";
import { pushRuns, runScratch } from "./push-kernel.ts";
import type { Children, Relations } from "./relations.ts";
import type { PushResult } from "./result-types.ts";
import type { RollDetail } from "./roll-detail.ts";
import { maxWeight, type WeightColumn } from "./weight-column.ts";
import type { WeightResolver, WeightSpec } from "./weight-resolver.ts";

export interface PushRule {
  parent: string;
  child: string;
  split: PushSplit;
  label: string;
}

/**
 * Orders one source's pushes top-down: a push from P runs after every push into P. Two pushes of
 * one source from the same parent dimension, or a cycle, are validation errors.
 */
export function orderPushes(source: string, rules: PushRule[], step: 5 | 6): PushRule[] {
  const seen = new Set<string>();
  for (const r of rules) {
    if (seen.has(r.parent)) {
      throw new CalcError(
        "PUSH_DUPLICATE_RULE",
        `Step ${step}: ${source} has more than one push from dimension ${r.parent}`,
        { step, source, parent: r.parent },
      );
    }
    seen.add(r.parent);
  }
  const pending = rules.slice().sort((a, b) => byCode(a.parent, b.parent) || byCode(a.child, b.child));
  const ordered: PushRule[] = [];
  while (pending.length) {
    const i = pending.findIndex((r) => !pending.some((o) => o.child === r.parent));
    if (i < 0) {
      const dims = [...new Set(pending.flatMap((r) => [r.parent, r.child]))].sort(byCode);
      throw new CalcError(
        "PUSH_CYCLE",
        `Step ${step}: the pushes of ${source} form a cycle among dimensions ${dims.join(", ")}`,
        { step, source, dimensions: dims, rules: pending.map((r) => r.label) },
      );
    }
    ordered.push(pending.splice(i, 1)[0]!);
  }
  return ordered;
}

function specOf(split: PushSplit): WeightSpec | null {
  switch (split.kind) {
    case "NOT_ALLOCATE":
      return null;
    case "EVEN":
      return { kind: "EVEN" };
    case "DRIVER":
      return { kind: "DRIVER", driver: split.driver };
    case "FORMULA":
      return { kind: "FORMULA", formula: split.formula };
  }
}

/** Per-dimension sinks of what stays on parents (step 5 fills the dimension results). */
interface PushSinks {
  unallocated: (dimension: string) => Float64Array | null;
  notAllocated: (dimension: string) => Float64Array | null;
}

export class PushEngine {
  private readonly received = new Map<string, Float64Array>();
  private readonly sent = new Map<string, Float64Array>();
  private readonly parentWeights = new Map<string, Float64Array>();
  /** Per weight column and parent dimension: the children's weights in child-list order. */
  private readonly gathered = new Map<string, Float64Array>();
  /** Scratch for the long runs' split amounts in child-list order, and for the short runs. */
  private longScratch = new Float64Array(0);
  private readonly runScratch = runScratch();
  private readonly ordered = new Map<Children, boolean>();
  /** Per child list out of record order: the totals its pushes go into, and what they added. */
  private readonly deferredInto = new Map<Children, { into: Float64Array; acc: Float64Array }>();

  /** Whether child list j is record j for every j (every child has its parent, in order). */
  private inRecordOrder(children: Children): boolean {
    let known = this.ordered.get(children);
    if (known === undefined) {
      const { ids } = children;
      known = true;
      for (let j = 0; j < ids.length && known; j++) known = ids[j] === j;
      this.ordered.set(children, known);
    }
    return known;
  }

  constructor(
    private readonly ctx: CalcContext,
    private readonly relations: Relations,
    private readonly weights: WeightResolver,
  ) {}

  /**
   * Runs one push on `vectors` (values per dimension for one source; created on demand by
   * `vectorOf`). Moves allocated values from the parent vector to the child vector, or to `into`
   * when given (the caller's choice: the child dimension's totals, when nothing reads the
   * source's child vector afterwards). `roll`: given with `into` when the child dimension is
   * rolled up (roll-detail.ts): what the push moves is added to the roll-up detail of `source`
   * from what the parents sent or the children received, instead of from the child vector.
   */
  run(
    step: 5 | 6,
    source: string,
    sourceDimension: string,
    rule: PushRule,
    vectorOf: (dimension: string) => Float64Array,
    sinks: PushSinks | null,
    into: Float64Array | null = null,
    roll: RollDetail | null = null,
  ): PushResult {
    const { ctx } = this;
    const nParent = ctx.recordCount(rule.parent);
    const vp = vectorOf(rule.parent);
    const result: PushResult = {
      step,
      source,
      sourceDimension,
      parentDimension: rule.parent,
      childDimension: rule.child,
      split: rule.split,
      in: 0,
      allocated: 0,
      unallocated: 0,
      notAllocated: 0,
      inByParent: null,
      sentByParent: null,
      receivedByChild: null,
      unallocatedParents: new Int32Array(0),
      unallocatedAmounts: new Float64Array(0),
    };
    result.in = sumOf(vp, nParent);
    result.inByParent = ctx.keep(vp);
    const spec = specOf(rule.split);
    if (spec === null) return this.notAllocate(result, rule, vp, nParent, sinks);
    const children = this.relations.children(rule.parent, rule.child, rule.label);
    const column = this.weights.column(rule.child, spec, rule.label);
    const wKey = `${this.weights.key(rule.child, spec)}\u0000${rule.parent}`;
    // The children's weights copied once into child-list order: each parent's split then reads
    // contiguous memory, instead of jumping over the child dimension (the orders of one customer
    // are spread over all orders), and only the final scatter jumps. No copy for equal weights
    // (their splits read one weight), nor for children listed in record order already (order
    // lines in order of their orders): the weights are the column, amounts go in place.
    const inOrder = this.inRecordOrder(children);
    const gathered = this.gatheredWeights(wKey, column, children, inOrder);
    const wByParent = this.weightSums(wKey, nParent, children, column, gathered);
    const nChild = ctx.recordCount(rule.child);
    // Which detail this push keeps is known before it runs (nothing else spends the budget
    // meanwhile): vectors that will not be kept are not filled at all.
    const keepSent = ctx.canKeep(nParent);
    const keepReceived = ctx.canKeep(nChild, keepSent ? nParent : 0);
    const rolled =
      into !== null ? (roll?.pushRoll(rule.parent, rule.child, children, inOrder) ?? null) : null;
    // The one target rolled up child by child is added to by the kernel itself (not for BigInt
    // weights, whose path fills `received` anyway).
    const fused = rolled?.fusable && column.big === null ? roll!.kernelTarget(source, rolled) : null;
    const received =
      keepReceived || column.big !== null || (rolled?.received && fused === null)
        ? this.zeroed(this.received, rule.child, nChild)
        : null;
    const sent = keepSent || rolled?.sent ? this.zeroed(this.sent, rule.parent, nParent) : null;
    // Into the totals from a child list out of record order (products -> order lines): added to
    // an accumulator in list order (each run contiguous) instead of scattered over the child
    // dimension once per push; flushDeferred scatters it once, after the pass.
    const defer = into !== null && !inOrder && received === null && column.big === null;
    const target = defer ? this.deferred(children, into) : (into ?? vectorOf(rule.child));
    const stayParents: number[] = [];
    const stayAmounts: number[] = [];
    const sink = sinks?.unallocated(rule.parent) ?? null;
    const totals = { allocated: 0, unallocated: 0 };
    if (gathered !== null || column.uniform) {
      if (this.longScratch.length < children.ids.length)
        this.longScratch = ctx.arena.float64(children.ids.length);
      const ids = inOrder || defer ? null : children.ids;
      const wt = gathered ?? column.scaled;
      // In chunks of parents: the loop is optimized after the first chunk with complete feedback.
      for (let from = 0; from < nParent; from += CHUNK) {
        pushRuns(
          ctx.splitter,
          this.runScratch,
          vp,
          from,
          Math.min(nParent, from + CHUNK),
          children.offsets,
          ids,
          wt,
          column.uniform,
          nParent >= WRITTEN_FROM,
          maxWeight(column),
          wByParent,
          this.longScratch,
          received,
          target,
          sent,
          sink,
          stayParents,
          stayAmounts,
          totals,
          fused?.map ?? null,
          fused?.sums ?? null,
        );
      }
    } else {
      // BigInt weights (a column past 2^53): per parent through the Splitter's exact paths.
      for (let from = 0; from < nParent; from += CHUNK) {
        splitParentsBig(
          ctx.splitter,
          vp,
          from,
          Math.min(nParent, from + CHUNK),
          children,
          wByParent,
          column,
          received!,
          target,
          sent,
          sink,
          stayParents,
          stayAmounts,
          totals,
        );
      }
    }
    if (rolled) roll!.addPushed(source, rolled, sent, received, fused !== null);
    if (stayParents.length) this.reportStaying(step, source, rule, stayParents, stayAmounts);
    result.allocated = totals.allocated;
    result.unallocated = totals.unallocated;
    result.unallocatedParents = Int32Array.from(stayParents);
    result.unallocatedAmounts = Float64Array.from(stayAmounts);
    result.sentByParent = keepSent ? ctx.keep(sent!) : ctx.notKept(nParent);
    result.receivedByChild = keepReceived ? ctx.keep(received!) : ctx.notKept(nChild);
    return result;
  }

  /** A NOT_ALLOCATE push: the values stay on the parents (added to the not-allocated sink). */
  private notAllocate(
    result: PushResult,
    rule: PushRule,
    vp: Float64Array,
    nParent: number,
    sinks: PushSinks | null,
  ): PushResult {
    const { step, source } = result;
    result.notAllocated = result.in;
    const sink = sinks?.notAllocated(rule.parent);
    if (sink) for (let p = 0; p < nParent; p++) sink[p] = sink[p]! + vp[p]!;
    if (result.in !== 0) {
      this.ctx.issue({
        kind: "NOT_ALLOCATE",
        step,
        message: `${rule.label}: ${source} keeps its values on ${rule.parent} (NOT_ALLOCATE)`,
        details: { source, parent: rule.parent, child: rule.child, amount: result.in },
      });
    }
    return result;
  }

  /**
   * The children's weights in child-list order (cached per weight column and parent dimension):
   * the column itself when the children are in record order; null for BigInt or uniform columns.
   */
  private gatheredWeights(
    wKey: string,
    column: WeightColumn,
    children: Children,
    inOrder: boolean,
  ): Float64Array | null {
    if (column.big !== null || column.uniform) return null;
    if (inOrder) return column.scaled;
    let gathered = this.gathered.get(wKey);
    if (gathered === undefined) {
      gathered = this.ctx.arena.float64(children.ids.length);
      for (let j = 0; j < gathered.length; j++) gathered[j] = column.scaled[children.ids[j]!]!;
      this.gathered.set(wKey, gathered);
    }
    return gathered;
  }

  /** The accumulator (in list order) of what pushes along `children` add to `into`. */
  private deferred(children: Children, into: Float64Array): Float64Array {
    let d = this.deferredInto.get(children);
    if (!d) {
      d = { into, acc: this.ctx.arena.float64(children.ids.length) };
      this.deferredInto.set(children, d);
    }
    return d.acc;
  }

  /**
   * Adds what the pushes deferred (see run) to the totals they were meant for, and clears the
   * accumulators: call before anything reads those totals. Integer sums, exact in any order.
   */
  flushDeferred(): void {
    for (const [children, { into, acc }] of this.deferredInto) {
      const { ids } = children;
      for (let j = 0; j < ids.length; j++) {
        const a = acc[j]!;
        if (a !== 0) {
          into[ids[j]!] = into[ids[j]!]! + a;
          acc[j] = 0;
        }
      }
    }
  }

  /** The reused vector of `dimension` in `cache`, zeroed (allocated on first use). */
  private zeroed(cache: Map<string, Float64Array>, dimension: string, n: number): Float64Array {
    let v = cache.get(dimension);
    if (!v) {
      v = this.ctx.arena.float64(n);
      cache.set(dimension, v);
    } else v.fill(0);
    return v;
  }

  /** PUSH_UNALLOCATED: parents without children to receive their value (or weights summing to 0). */
  private reportStaying(
    step: 5 | 6,
    source: string,
    rule: PushRule,
    stayParents: number[],
    stayAmounts: number[],
  ): void {
    const parentIds = this.ctx.records(rule.parent)?.identifiers ?? [];
    this.ctx.issue({
      kind: "PUSH_UNALLOCATED",
      step,
      message: `${rule.label}: ${stayParents.length} record(s) of ${rule.parent} have no children to receive ${source} (or their weights sum to 0)`,
      details: {
        source,
        original_dimension_name: rule.parent,
        count: stayParents.length,
        records: stayParents.slice(0, 1000).map((p, k) => ({
          original_transaction_id: parentIds[p],
          amount: stayAmounts[k],
        })),
      },
    });
  }

  /** Per parent, the exact weight sum of its children (cached per weight column and parent). */
  private weightSums(
    wKey: string,
    nParent: number,
    children: Children,
    column: WeightColumn,
    gathered: Float64Array | null,
  ): Float64Array {
    let wByParent = this.parentWeights.get(wKey);
    if (wByParent) return wByParent;
    wByParent = this.ctx.arena.float64(nParent);
    for (let p = 0; p < nParent; p++) {
      let w = 0;
      if (column.big) {
        let b = 0n;
        for (let j = children.offsets[p]!; j < children.offsets[p + 1]!; j++)
          b += column.big[children.ids[j]!]!;
        w = Number(b);
      } else if (gathered !== null) {
        for (let j = children.offsets[p]!; j < children.offsets[p + 1]!; j++) w += gathered[j]!;
      } else if (column.uniform) {
        // m equal integer weights x: the exact sum m * x, without reading each child.
        w = (children.offsets[p + 1]! - children.offsets[p]!) * (column.n > 0 ? column.scaled[0]! : 0);
      } else {
        for (let j = children.offsets[p]!; j < children.offsets[p + 1]!; j++)
          w += column.scaled[children.ids[j]!]!;
      }
      wByParent[p] = w;
    }
    this.parentWeights.set(wKey, wByParent);
    return wByParent;
  }
}

function sumOf(v: Float64Array, n: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += v[i]!;
  return sum;
}

/**
 * The per-parent loop of a push over a BigInt weight column (parents pFrom..pTo-1), adding to
 * `totals`: each parent's value split over its children by the Splitter's exact paths into
 * `received`, then added to `into`; what cannot move is left on the parent.
 */
function splitParentsBig(
  splitter: Splitter,
  vp: Float64Array,
  pFrom: number,
  pTo: number,
  children: Children,
  wByParent: Float64Array,
  column: WeightColumn,
  received: Float64Array,
  into: Float64Array,
  sent: Float64Array | null,
  sink: Float64Array | null,
  stayParents: number[],
  stayAmounts: number[],
  totals: { allocated: number; unallocated: number },
): void {
  const { offsets, ids } = children;
  let { allocated, unallocated } = totals;
  for (let p = pFrom; p < pTo; p++) {
    const c = vp[p]!;
    if (c === 0) continue;
    const start = offsets[p]!;
    const end = offsets[p + 1]!;
    const w = wByParent[p]!;
    if (end === start || w === 0) {
      stayParents.push(p);
      stayAmounts.push(c);
      unallocated += c;
      if (sink) sink[p] = sink[p]! + c;
      continue;
    }
    splitter.split(c, column.scaled, column.big, w, ids, start, end, received, false);
    for (let j = start; j < end; j++) {
      const id = ids[j]!;
      into[id] = into[id]! + received[id]!;
    }
    if (sent !== null) sent[p] = c;
    vp[p] = 0;
    allocated += c;
  }
  totals.allocated = allocated;
  totals.unallocated = unallocated;
}

const CHUNK = 1 << 16;
/**
 * Pushes from this many parents use the written-out run splits (push-splits.ts). Each of those
 * functions is compiled by V8 when it gets hot, and again when a first negative value or a first
 * kept detail reaches it: about 0.3 s of CPU in all, which a push of fewer parents does not earn
 * back (dense S, 20,000 orders a push, was 0.3 s slower with them; dense M 0.3-0.7 s faster).
 */
const WRITTEN_FROM = 1 << 16;
