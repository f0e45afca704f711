import { type RecordTrace, TRACE_ACCOUNTS } from "@costflow/contract/report-trace";
import { toMajor } from "@costflow/engine/calc/decimal";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { stepCategory } from "../calculation/categories.ts";
import { resolveRun } from "../calculation/result-services.ts";
import {
  type Composition,
  type PoolAccounts,
  poolComposition,
  splitOver,
  splitSigned,
} from "./trace-composition.ts";

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
    if (isOwn) parts.ownCost = ownRecord.cost;
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
): Pick<TracePoolRow, "accounts" | "other_accounts"> {
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

type TracePoolRow = RecordTrace["activities"][number]["pools"][number];
type TraceAccountRow = TracePoolRow["accounts"][number];

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
