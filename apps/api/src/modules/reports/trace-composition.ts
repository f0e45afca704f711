import type { FlowRow } from "@costflow/db/repositories/record-trace";
import { Splitter } from "@costflow/engine/calc/largest-remainder";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { stepCategory } from "../calculation/categories.ts";
import { type RunRef, resolveRun } from "../calculation/result-services.ts";

// What a record trace splits its activities with (trace-record.ts): per activity the direct pools
// that fed it (step 3), per direct pool the general-ledger accounts behind its cost (steps 1 and 2,
// the indirect pools' reciprocal services solved), and the exact largest-remainder splits over
// them. Built once per set of runs of steps 1-3 and kept.

interface Feed {
  id: number | null;
  code: string;
  name: string;
  amount: number;
}
export interface Account {
  id: number | null;
  code: string;
  name: string;
}
/**
 * The accounts behind a pool with what every trace through the pool needs, computed once per
 * composition (at size L a pool fed by indirect pools has thousands of accounts, and a customer's
 * trace goes through hundreds of (activity, pool) pairs): the integer weights of the split, and
 * the accounts in the order of their share (largest first, then code), which is nearly the order
 * of their split amounts, so sorting those is a pass over a sorted list.
 */
export interface PoolAccounts {
  /** The accounts with a share (the composition's own objects, shared by every pool). */
  accounts: Account[];
  weights: SplitWeights;
  order: number[];
}

/**
 * From the stored flows of steps 1-3: per activity, the direct pools that fed it (step 3, rows of
 * one pair summed), and per direct pool the accounts behind its cost: what each account gave it in
 * step 1 plus its share of each indirect pool's exits in step 2. An indirect pool's account mix
 * solves x = C + A x over the indirect pools (allocation-semantics.md "Step 2"), A read from the
 * reciprocal flows as stored, so the mix is the one those figures imply.
 */
export type Composition = Awaited<ReturnType<typeof composePools>>;

/** Compositions kept per database handle (test databases reuse run ids), newest last. */
const compositions = new WeakMap<object, Map<string, Promise<Composition>>>();
const KEPT_COMPOSITIONS = 16;

/**
 * The pools behind each activity and the accounts behind each pool, for the runs of steps 1-3
 * the trace reads. It depends on those runs only, whose rows never change once finished, and at
 * size L (5,000 accounts, 200 pools) it took 0.37 s of a 0.7 s trace: it is built once per set
 * of runs and kept (the newest KEPT_COMPOSITIONS).
 */
export async function poolComposition(ctx: AppContext, companyId: number, scenarioId: number, ref: RunRef) {
  // A step's rows stay with the latest run of its category (a later run of step 1 alone replaces
  // them): read each from that run.
  const runOf = async (step: 1 | 2 | 3): Promise<number> => {
    try {
      return (await resolveRun(ctx, companyId, scenarioId, stepCategory(step))).calculationId;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return ref.calculationId;
    }
  };
  const runs = await Promise.all([runOf(1), runOf(2), runOf(3)]);
  const key = `${companyId}:${runs.join(":")}`;
  let kept = compositions.get(ctx.db);
  if (!kept) {
    kept = new Map();
    compositions.set(ctx.db, kept);
  }
  let composition = kept.get(key);
  if (composition) {
    kept.delete(key); // newest last
  } else {
    composition = composePools(ctx, companyId, runs as [number, number, number]);
    composition.catch(() => kept.delete(key));
    if (kept.size >= KEPT_COMPOSITIONS) kept.delete(kept.keys().next().value as string);
  }
  kept.set(key, composition);
  return composition;
}

async function composePools(ctx: AppContext, companyId: number, runs: [number, number, number]) {
  const repo = ctx.repos.recordTrace;
  const flowsOf = (step: 1 | 2 | 3): Promise<FlowRow[]> =>
    repo.flows({ companyId, calculationId: runs[step - 1]! }, step);
  const [step1, step2, step3] = await Promise.all([flowsOf(1), flowsOf(2), flowsOf(3)]);
  const activityPools = activityFeeds(step3);
  const { accounts, direct1 } = accountsToPools(step1);
  const directMix = directPoolMixes(step2, direct1, accounts.length);
  const poolAccounts = new Map<string, PoolAccounts>();
  for (const pools of activityPools.values())
    for (const p of pools) {
      if (poolAccounts.has(p.code)) continue;
      const mix = directMix.get(p.code) ?? ownMix(direct1, accounts.length, p.code);
      poolAccounts.set(p.code, accountShares(accounts, mix));
    }
  return { activityPools, poolAccounts };
}

/** Per activity the direct pools that fed it in step 3, rows of one pair summed. */
function activityFeeds(step3: FlowRow[]): Map<string, Feed[]> {
  const activityPools = new Map<string, Feed[]>();
  for (const f of step3) {
    const list = activityPools.get(f.destinationCode) ?? [];
    const hit = list.find((x) => x.code === f.sourceCode);
    if (hit) hit.amount += f.amount;
    else list.push({ id: f.sourceId, code: f.sourceCode, name: f.sourceName, amount: f.amount });
    activityPools.set(f.destinationCode, list);
  }
  return activityPools;
}

/** The accounts of step 1 (numbered in order of appearance) and per pool what each gave it. */
function accountsToPools(step1: FlowRow[]) {
  const accounts: Account[] = [];
  const accountAt = new Map<string, number>();
  const direct1 = new Map<string, Map<number, number>>();
  for (const f of step1) {
    let a = accountAt.get(f.sourceCode);
    if (a === undefined) {
      a = accounts.length;
      accountAt.set(f.sourceCode, a);
      accounts.push({ id: f.sourceId, code: f.sourceCode, name: f.sourceName });
    }
    const mix = direct1.get(f.destinationCode) ?? new Map<number, number>();
    mix.set(a, (mix.get(a) ?? 0) + f.amount);
    direct1.set(f.destinationCode, mix);
  }
  return { accounts, direct1 };
}

/** A pool's account mix from step 1 alone. */
function ownMix(direct1: Map<string, Map<number, number>>, accountCount: number, code: string): Float64Array {
  const mix = new Float64Array(accountCount);
  for (const [a, v] of direct1.get(code) ?? []) mix[a] = v;
  return mix;
}

/**
 * The account mix of every direct pool fed in step 2: its own from step 1 plus its share of each
 * indirect pool's exits, at that indirect pool's mix.
 */
function directPoolMixes(
  step2: FlowRow[],
  direct1: Map<string, Map<number, number>>,
  accountCount: number,
): Map<string, Float64Array> {
  // Indirect pools: sources of step 2 and targets of its reciprocal flows.
  const indirect: string[] = [];
  const at = new Map<string, number>();
  for (const f of step2)
    for (const code of f.reciprocal ? [f.sourceCode, f.destinationCode] : [f.sourceCode])
      if (!at.has(code)) {
        at.set(code, indirect.length);
        indirect.push(code);
      }
  const n = indirect.length;
  const total = indirect.map((code) => [...(direct1.get(code)?.values() ?? [])].reduce((s, v) => s + v, 0));
  for (const f of step2) if (f.reciprocal) total[at.get(f.destinationCode)!]! += f.amount;
  // Solve (I - A) X = C, X and C: one row per indirect pool, one column per account.
  const width = n + accountCount;
  const rows = indirect.map((code, i) => {
    const row = new Float64Array(width);
    row[i] = 1;
    for (const [a, v] of direct1.get(code) ?? []) row[n + a] = v;
    return row;
  });
  for (const f of step2) {
    if (!f.reciprocal) continue;
    const i = at.get(f.destinationCode)!;
    const j = at.get(f.sourceCode)!;
    if (total[j] !== 0) rows[i]![j]! -= f.amount / total[j]!;
  }
  const mixOfIndirect = solve(rows, n);

  const directMix = new Map<string, Float64Array>();
  for (const f of step2) {
    if (f.reciprocal) continue;
    const mix = directMix.get(f.destinationCode) ?? ownMix(direct1, accountCount, f.destinationCode);
    const i = at.get(f.sourceCode)!;
    const x = total[i]!;
    if (x !== 0 && mixOfIndirect)
      for (let a = 0; a < accountCount; a++) mix[a] = mix[a]! + (f.amount / x) * mixOfIndirect[i]![a]!;
    directMix.set(f.destinationCode, mix);
  }
  return directMix;
}

/** The accounts with a share of a pool's mix, their split weights and their order (PoolAccounts). */
function accountShares(accounts: Account[], mix: Float64Array): PoolAccounts {
  // No object per (pool, account): at size L 200 pools x 5,000 accounts made a trace's first
  // call (the composition is kept afterwards) spend 0.7 s copying accounts.
  const shared: Account[] = [];
  const weights: number[] = [];
  for (let a = 0; a < accounts.length; a++) {
    if (mix[a] === 0) continue;
    shared.push(accounts[a]!);
    weights.push(mix[a]!);
  }
  const order = shared
    .map((_, i) => i)
    .sort(
      (a, b) => Math.abs(weights[b]!) - Math.abs(weights[a]!) || (shared[a]!.code < shared[b]!.code ? -1 : 1),
    );
  return { accounts: shared, weights: splitWeights(scaledWeights(weights)), order };
}

/** Gauss-Jordan with partial pivoting on [M | C]; the solution's rows (columns n.. of each). */
function solve(rows: Float64Array[], n: number): Float64Array[] | null {
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(rows[r]![c]!) > Math.abs(rows[pivot]![c]!)) pivot = r;
    if (Math.abs(rows[pivot]![c]!) < 1e-12) return null;
    [rows[c], rows[pivot]] = [rows[pivot]!, rows[c]!];
    const p = rows[c]!;
    const d = p[c]!;
    for (let k = 0; k < p.length; k++) p[k] = p[k]! / d;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const row = rows[r]!;
      const f = row[c]!;
      if (f === 0) continue;
      for (let k = 0; k < row.length; k++) row[k] = row[k]! - f * p[k]!;
    }
  }
  return rows.map((r) => r.subarray(n));
}

/** Weight sums below this keep the Splitter in exact double arithmetic (largest-remainder.ts). */
const PLAIN_SUM = 2 ** 50;

/**
 * Float shares as integer weights for exact splits over them: the largest scaled to 12
 * significant digits, or fewer where the weights would sum past 2^50 (a pool of thousands of
 * accounts at size L), so that every split through the pool stays in the Splitter's exact double
 * arithmetic instead of BigInt (the mix behind the shares is itself a floating-point solution).
 */
function scaledWeights(weights: number[]): number[] {
  let max = 0;
  let sum = 0;
  for (const w of weights) {
    max = Math.max(max, Math.abs(w));
    sum += Math.abs(w);
  }
  if (max === 0) return weights.map(() => 0);
  const room = PLAIN_SUM - weights.length;
  const scale = Math.min(1e12 / max, room / sum);
  return weights.map((w) => Math.round(w * scale) + 0);
}

const splitter = new Splitter();

/**
 * Integer weights prepared for many splits (a pool's accounts, split once per activity of every
 * trace through the pool): one-signed ones as magnitudes for the engine's Splitter, with their
 * sum and largest; weights of both signs as BigInts.
 */
interface SplitWeights {
  n: number;
  sum: number;
  magnitudes: Float64Array | null;
  max: number;
  mixed: bigint[] | null;
  /** The split's output, reused: valid until the next split over the same weights. */
  out: Float64Array;
}

function splitWeights(weights: readonly number[]): SplitWeights {
  let sum = 0;
  let positive = false;
  let negative = false;
  for (const w of weights) {
    sum += w;
    if (w > 0) positive = true;
    else if (w < 0) negative = true;
  }
  const mixed = positive && negative;
  const magnitudes = mixed ? null : Float64Array.from(weights, Math.abs);
  let max = 0;
  if (magnitudes) for (const w of magnitudes) max = Math.max(max, w);
  return {
    n: weights.length,
    sum,
    magnitudes,
    max,
    mixed: mixed ? weights.map((w) => BigInt(w)) : null,
    out: new Float64Array(weights.length),
  };
}

/**
 * Largest remainder split of an integer amount over integer weights (allocation-semantics.md
 * "Money and rounding"): weights of one sign as the engine splits (|S| split, then negated, by
 * the engine's Splitter: exact doubles, BigInt past them); weights of both signs (a credit
 * account, a negative pool) by exact floors of S * w / W plus the missing units to the largest
 * remainders, ties to the first. Undefined when W = 0. Weights: integers, |sum| below 2^53.
 */
export function splitOver(total: number, w: SplitWeights): ArrayLike<number> | undefined {
  if (w.mixed) return total === 0 ? w.out.fill(0) : splitMixed(total, w.mixed);
  if (w.sum === 0) return total === 0 ? w.out.fill(0) : undefined;
  if (total === 0) return w.out.fill(0);
  splitter.split(total, w.magnitudes!, null, Math.abs(w.sum), null, 0, w.n, w.out, false, w.max);
  return w.out;
}

/** splitOver for weights used once, as a fresh array. */
export function splitSigned(total: number, weights: readonly number[]): number[] | undefined {
  const parts = splitOver(total, splitWeights(weights));
  return parts && Array.from(parts);
}

/** The split over weights of both signs (splitSigned), in BigInt. */
function splitMixed(total: number, weights: bigint[]): number[] | undefined {
  const sum = weights.reduce((s, w) => s + w, 0n);
  if (sum === 0n) return undefined;
  const [w, W] = sum > 0n ? [weights, sum] : [weights.map((x) => -x), -sum];
  const s = BigInt(total);
  const floors: bigint[] = [];
  const rems: bigint[] = [];
  let given = 0n;
  for (const x of w) {
    const p = s * x;
    let q = p / W;
    if (q * W > p) q -= 1n; // BigInt division truncates toward zero; floor it
    floors.push(q);
    rems.push(p - q * W);
    given += q;
  }
  let missing = Number(s - given);
  const order = w
    .map((_, i) => i)
    .sort((a, b) => (rems[a]! > rems[b]! ? -1 : rems[a]! < rems[b]! ? 1 : a - b));
  for (const i of order) {
    if (missing <= 0) break;
    floors[i] = floors[i]! + 1n;
    missing--;
  }
  return floors.map(Number);
}
