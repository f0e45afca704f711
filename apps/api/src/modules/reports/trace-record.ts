import { type RecordTrace, TRACE_ACCOUNTS } from "@costflow/contract/report-trace";
import type { FlowRow } from "@costflow/db/repositories/record-trace";
import { toMajor } from "@costflow/engine/calc/decimal";
import { Splitter } from "@costflow/engine/calc/largest-remainder";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { stepCategory } from "../calculation/categories.ts";
import { type RunRef, resolveRun } from "../calculation/result-services.ts";

// Where a record's cost came from (docs/reports.md, "Trace"; allocation-semantics.md "Step 5"
// and "Roll-up and the P&L structure"):
//   cost(r) = sum over x in {r} and the records reaching r through relationship drivers of
//   resting(x), and per activity t: resting_t(x) = step-4 amount + step-5 received - step-5 sent.
// Those per-activity amounts come from the detail arrays of the run (result_vectors) at the
// records concerned, and for descendants past the detail limit from the roll-up detail stored
// per record of the traced dimension (kinds ROLLED, ROLLED_UP, ROLLED_COUNT); each is then split over the direct pools that fed the activity (step 3),
// and each pool's part over the accounts behind the pool (step 1, through the indirect pools of
// step 2), with the largest remainder method, so every level adds up exactly.

const detailNotKept = () =>
  new AppError("RESULT_DETAIL_NOT_KEPT", [{ field: "record", reason: "invalid_value" }]);

type TraceRepo = AppContext["repos"]["recordTrace"];
type Run = { companyId: number; calculationId: number };
type ActivitySource = Awaited<ReturnType<TraceRepo["activitySources"]>>[number];
type Push = Awaited<ReturnType<TraceRepo["pushes"]>>[number];
type RunRecord = Awaited<ReturnType<TraceRepo["runRecords"]>>[number];
type PushedEntry = { pushNo: number; parentNo: number; amount: number };
type Edge = { dimensionId: number; name: string; targetId: number };

/** What rests on the record and the records reaching it, in minor units, per activity. */
interface RestingParts {
  cost: number;
  resting: number;
  ownCost: number | undefined;
  byActivity: Map<string, number>;
  activityInfo: Map<string, { id: number | null; name: string }>;
  rolledUp: RecordTrace["rolled_up"];
  pushed: PushedEntry[];
}

export async function traceRecord(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
  recordId: number,
  accountLimit = TRACE_ACCOUNTS,
): Promise<RecordTrace> {
  const repo = ctx.repos.recordTrace;
  const ref = await resolveRun(ctx, companyId, scenarioId, stepCategory(5));
  const record = await repo.record(companyId, scenarioId, recordId);
  if (!record) throw notFound("record");
  const run = { companyId, calculationId: ref.calculationId };
  const limit = ref.meta.detailLimit;
  // Steps 1-3 do not depend on the record: read them while the record's part is gathered.
  const compositionOf = poolComposition(ctx, companyId, scenarioId, ref);
  compositionOf.catch(() => undefined); // awaited below; a refusal before that must not leave it unhandled
  // Refused before any scan: past the limit no per-activity amounts were stored (docs/reports.md).
  if ((await repo.dimensionSize(run, record.dimensionId)) > limit) throw detailNotKept();
  const [own] = await repo.runRecords(run, record.dimensionId, [record.identifier]);
  if (!own) throw notFound("record"); // created after the run
  // What rolls up from descendant dimensions past the limit (and from those reaching the record
  // only through them) is stored per activity with the run: those dimensions are not walked.
  const [rolled, { edges, names }] = await Promise.all([
    repo.rolledDetail(run, record.dimensionId, own.recordNo),
    repo.relationships(companyId, record.dimensionId),
  ]);
  const rolledDims = new Set(rolled.dimensions.map((d) => d.dimensionId));
  const reached = await reachedRecords(repo, run, scenarioId, record, edges, rolledDims, limit);

  // Per dimension: the reached records in the run, and per activity what rests on each.
  const [sourceRows, pushRows] = await Promise.all([repo.activitySources(run), repo.pushes(run)]);
  const sources = new Map(sourceRows.map((s) => [s.rowNo, s]));
  const pushes = new Map(pushRows.map((p) => [p.pushNo, p]));
  const parts = await restingOnReached(
    repo,
    run,
    own,
    record.dimensionId,
    reached,
    names,
    limit,
    sources,
    pushes,
  );
  addStoredRollUp(parts, rolled, sources, names);
  if (parts.ownCost === undefined || parts.cost !== parts.ownCost) throw detailNotKept();

  const m = (minor: number) => toMajor(minor, ref.meta.minorDigits);
  const composition = await compositionOf;
  return {
    record: {
      id: record.id,
      identifier: record.identifier,
      name: record.name,
      dimension: record.dimensionId,
      dimension_name: names.get(record.dimensionId) ?? "",
    },
    scenario: scenarioId,
    currency: ref.meta.currency,
    cost: m(parts.cost),
    resting: m(parts.resting),
    activities: activityBreakdown(parts, composition, m, accountLimit),
    pushed: await pushedFrom(ctx, run, scenarioId, parts.pushed, pushes, names, m),
    rolled_up: parts.rolledUp
      .filter((r) => r.amount !== 0)
      .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount))
      .map((r) => ({ ...r, amount: m(r.amount) })),
  };
}

/** The dimensions whose records reach `dimensionId` through relationship drivers, directly or not. */
function descendantDimensions(edges: Edge[], dimensionId: number): Set<number> {
  const descendants = new Set<number>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const e of edges)
      if ((e.targetId === dimensionId || descendants.has(e.targetId)) && e.dimensionId !== dimensionId)
        if (!descendants.has(e.dimensionId)) {
          descendants.add(e.dimensionId);
          grew = true;
        }
  }
  return descendants;
}

/** The record and every record reaching it, per dimension (each counted once, fixed choice 9). */
async function reachedRecords(
  repo: TraceRepo,
  run: Run,
  scenarioId: number,
  record: { dimensionId: number; identifier: string },
  edges: Edge[],
  rolledDims: Set<number>,
  limit: number,
): Promise<Map<number, string[]>> {
  const reached = new Map<number, string[]>([[record.dimensionId, [record.identifier]]]);
  const pointing = new Map<number, Edge[]>();
  for (const e of edges) pointing.set(e.dimensionId, [...(pointing.get(e.dimensionId) ?? []), e]);
  // Ancestors first: a dimension is read once every descendant dimension it points to is known.
  const pending = descendantDimensions(edges, record.dimensionId);
  while (pending.size) {
    const ready = [...pending].filter((d) =>
      (pointing.get(d) ?? []).every((e) => !pending.has(e.targetId) || e.targetId === d),
    );
    if (ready.length === 0) break; // a relationship cycle: the engine refuses such data
    for (const d of ready) {
      pending.delete(d);
      if (rolledDims.has(d)) continue;
      // A dimension over the limit whose records hold cost cannot be split by activity: refuse
      // before reading its (millions of) records' relationship fields.
      if ((await repo.dimensionSize(run, d)) > limit && (await repo.holdsCost(run, d))) throw detailNotKept();
      const found = new Set<string>();
      for (const e of pointing.get(d) ?? []) {
        const targets = reached.get(e.targetId);
        if (!targets?.length) continue;
        for (const id of await repo.pointingTo(run.companyId, scenarioId, d, e.name, targets)) found.add(id);
      }
      if (found.size) reached.set(d, [...found]);
    }
  }
  return reached;
}

/**
 * Per reached dimension the records in the run and what rests on them, and per activity its
 * part from the detail arrays (step 4 amounts, step 5 received and sent).
 */
async function restingOnReached(
  repo: TraceRepo,
  run: Run,
  ownRecord: RunRecord,
  ownDimension: number,
  reached: Map<number, string[]>,
  names: Map<number, string>,
  limit: number,
  sources: Map<number, ActivitySource>,
  pushes: Map<number, Push>,
): Promise<RestingParts> {
  const parts: RestingParts = {
    cost: 0,
    resting: 0,
    ownCost: undefined,
    byActivity: new Map(),
    activityInfo: new Map(),
    rolledUp: [],
    pushed: [],
  };
  const { byActivity, activityInfo } = parts;
  for (const [dimensionId, identifiers] of reached) {
    const isOwn = dimensionId === ownDimension;
    // The record's own row was read first (reached holds it alone for its dimension).
    const records = isOwn ? [ownRecord] : await repo.runRecords(run, dimensionId, identifiers);
    if (isOwn) {
      if (records.length === 0) throw notFound("record"); // created after the run
      parts.ownCost = records[0]!.cost;
    }
    const restingSum = records.reduce((s, r) => s + r.resting, 0);
    parts.cost += restingSum;
    if (isOwn) parts.resting = restingSum;
    else
      parts.rolledUp.push({
        dimension: dimensionId,
        dimension_name: names.get(dimensionId) ?? "",
        records: records.length,
        amount: restingSum,
      });
    if (records.every((r) => r.resting === 0) && !isOwn) continue;
    if ((await repo.dimensionSize(run, dimensionId)) > limit) throw detailNotKept();
    const nos = records.map((r) => r.recordNo);
    const perRecord = records.map(() => 0);
    for (const v of await repo.vectorEntries(run, dimensionId, nos)) {
      const source = v.step === 4 ? sources.get(v.sourceNo) : undefined;
      const push = v.step === 5 ? pushes.get(v.sourceNo) : undefined;
      const code = source?.code ?? push?.sourceCode;
      if (code === undefined) continue;
      if (!activityInfo.has(code))
        activityInfo.set(code, { id: source?.id ?? push!.sourceId, name: source?.name ?? push!.sourceName });
      const sign = v.kind === "SENT" ? -1 : 1;
      let sum = 0;
      v.amounts.forEach((a, i) => {
        perRecord[i] = perRecord[i]! + sign * a;
        sum += sign * a;
        if (isOwn && v.kind === "RECEIVED" && a !== 0)
          parts.pushed.push({ pushNo: v.sourceNo, parentNo: v.links?.[i] ?? -1, amount: a });
      });
      if (sum !== 0) byActivity.set(code, (byActivity.get(code) ?? 0) + sum);
    }
    // Arrays missing (detail not kept by the engine): the parts would not add up to the record.
    if (records.some((r, i) => r.resting !== perRecord[i])) throw detailNotKept();
  }
  return parts;
}

/** The stored roll-up: per descendant dimension its records and cost, per activity its part. */
function addStoredRollUp(
  parts: RestingParts,
  rolled: Awaited<ReturnType<TraceRepo["rolledDetail"]>>,
  sources: Map<number, ActivitySource>,
  names: Map<number, string>,
): void {
  let rolledCost = 0;
  for (const d of rolled.dimensions) {
    parts.cost += d.amount;
    rolledCost += d.amount;
    parts.rolledUp.push({
      dimension: d.dimensionId,
      dimension_name: names.get(d.dimensionId) ?? "",
      records: d.records,
      amount: d.amount,
    });
  }
  for (const a of rolled.activities) {
    const source = sources.get(a.sourceNo);
    if (!source) throw detailNotKept();
    if (!parts.activityInfo.has(source.code))
      parts.activityInfo.set(source.code, { id: source.id, name: source.name });
    parts.byActivity.set(source.code, (parts.byActivity.get(source.code) ?? 0) + a.amount);
    rolledCost -= a.amount;
  }
  if (rolledCost !== 0) throw detailNotKept();
}

/** Per activity (largest first) its part, split over the pools that fed it and their accounts. */
function activityBreakdown(
  parts: RestingParts,
  composition: Composition,
  m: (minor: number) => number,
  accountLimit: number,
) {
  return [...parts.byActivity]
    .filter(([, amount]) => amount !== 0)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || (a[0] < b[0] ? -1 : 1))
    .map(([code, amount]) => {
      const info = parts.activityInfo.get(code)!;
      const feeds = composition.activityPools.get(code) ?? [];
      const poolParts = splitSigned(
        amount,
        feeds.map((f) => f.amount),
      );
      const pools = feeds
        .map((f, i) => ({ feed: f, amount: poolParts?.[i] ?? 0 }))
        .filter((p) => p.amount !== 0)
        .map(({ feed, amount: poolAmount }) => ({
          pool: feed.id,
          code: feed.code,
          name: feed.name,
          amount: m(poolAmount),
          ...accountsBehind(composition.poolAccounts.get(feed.code), poolAmount, m, accountLimit),
          minor: poolAmount,
        }))
        .sort((a, b) => Math.abs(b.minor) - Math.abs(a.minor) || (a.code < b.code ? -1 : 1))
        .map(({ minor: _, ...p }) => p);
      return { activity: info.id, code, name: info.name, amount: m(amount), pools };
    });
}

/**
 * A pool's part split over the accounts behind it: the `limit` largest listed (largest first,
 * then by code), the rest summed, so that the listed ones and the rest add up to the pool's part.
 */
function accountsBehind(
  behind: PoolAccounts | undefined,
  poolAmount: number,
  m: (minor: number) => number,
  limit: number,
): { accounts: TraceAccountRow[]; other_accounts: { count: number; amount: number } | null } {
  const accounts: TraceAccountRow[] = [];
  if (!behind) return { accounts, other_accounts: null };
  // Split in the accounts' own order (ties of the largest remainder go to the first).
  const parts = splitOver(poolAmount, behind.weights);
  if (!parts) return { accounts, other_accounts: null };
  const picked: number[] = [];
  for (const i of behind.order) if (parts[i] !== 0) picked.push(i);
  const codeOf = (i: number) => behind.accounts[i]!.code;
  picked.sort((a, b) => Math.abs(parts[b]!) - Math.abs(parts[a]!) || (codeOf(a) < codeOf(b) ? -1 : 1));
  let listed = 0;
  for (const i of picked.slice(0, limit)) {
    const a = behind.accounts[i]!;
    listed += parts[i]!;
    accounts.push({ account: a.id, code: a.code, name: a.name, amount: m(parts[i]!) });
  }
  const rest = picked.length - accounts.length;
  return { accounts, other_accounts: rest > 0 ? { count: rest, amount: m(poolAmount - listed) } : null };
}

type TraceAccountRow = { account: number | null; code: string; name: string; amount: number };

/** The parent records that pushed cost to the record (step 5), with their ids and names. */
async function pushedFrom(
  ctx: AppContext,
  run: { companyId: number; calculationId: number },
  scenarioId: number,
  entries: { pushNo: number; parentNo: number; amount: number }[],
  pushes: Map<
    number,
    { sourceId: number | null; sourceCode: string; sourceName: string; parentId: number | null }
  >,
  names: Map<number, string>,
  m: (minor: number) => number,
): Promise<RecordTrace["pushed"]> {
  const repo = ctx.repos.recordTrace;
  const out: RecordTrace["pushed"] = [];
  for (const e of entries) {
    const push = pushes.get(e.pushNo)!;
    let parent: { id: number | null; identifier: string; name: string } = {
      id: null,
      identifier: "",
      name: "",
    };
    if (push.parentId !== null && e.parentNo >= 0) {
      const [row] = await repo.runRecordsByNo(run, push.parentId, [e.parentNo]);
      if (row) {
        const [rec] = await repo.recordsByIdentifier(run.companyId, scenarioId, push.parentId, [
          row.identifier,
        ]);
        parent = { id: rec?.id ?? null, identifier: row.identifier, name: rec?.name ?? row.identifier };
      }
    }
    out.push({
      activity: push.sourceId,
      activity_code: push.sourceCode,
      activity_name: push.sourceName,
      from: {
        ...parent,
        dimension: push.parentId,
        dimension_name: push.parentId === null ? "" : (names.get(push.parentId) ?? ""),
      },
      amount: m(e.amount),
    });
  }
  return out.sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount));
}

interface Feed {
  id: number | null;
  code: string;
  name: string;
  amount: number;
}
interface Account {
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
interface PoolAccounts {
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
type Composition = Awaited<ReturnType<typeof composePools>>;

/** Compositions kept per database handle (test databases reuse run ids), newest last. */
const compositions = new WeakMap<object, Map<string, Promise<Composition>>>();
const KEPT_COMPOSITIONS = 16;

/**
 * The pools behind each activity and the accounts behind each pool, for the runs of steps 1-3
 * the trace reads. It depends on those runs only, whose rows never change once finished, and at
 * size L (5,000 accounts, 200 pools) it took 0.37 s of a 0.7 s trace: it is built once per set
 * of runs and kept (the newest KEPT_COMPOSITIONS).
 */
async function poolComposition(ctx: AppContext, companyId: number, scenarioId: number, ref: RunRef) {
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
function splitOver(total: number, w: SplitWeights): ArrayLike<number> | undefined {
  if (w.mixed) return total === 0 ? w.out.fill(0) : splitMixed(total, w.mixed);
  if (w.sum === 0) return total === 0 ? w.out.fill(0) : undefined;
  if (total === 0) return w.out.fill(0);
  splitter.split(total, w.magnitudes!, null, Math.abs(w.sum), null, 0, w.n, w.out, false, w.max);
  return w.out;
}

/** splitOver for weights used once, as a fresh array. */
function splitSigned(total: number, weights: readonly number[]): number[] | undefined {
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
