import type {
  ActivityResultQuery,
  AggregatedResultQuery,
  AllocationResultQuery,
  AllocationResultRow,
  DestinationResultQuery,
  DestinationResultRow,
  DimensionRecordQuery,
  DimensionRecordRow,
  PushResultQuery,
  PushResultRow,
  RecordResultRow,
  SourceResultQuery,
  SourceResultRow,
  TimeDrivenResultQuery,
  TimeDrivenResultRow,
} from "@costflow/contract/calculation";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { PushRow, RunMeta } from "@costflow/db/repositories/results";
import { toMajor } from "@costflow/engine/calc/decimal";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError, fieldError, notFound } from "../../lib/app-error.ts";

// The result views: which run a view reads (the latest FINISHED run of its category), and its
// rows in the contract's shape, amounts in major units of the run's currency.

export interface RunRef {
  companyId: number;
  calculationId: number;
  meta: RunMeta;
  finishedAt: Date | null;
}

/** The run whose results a category shows: its latest FINISHED run (404 NO_CALCULATION if none). */
export async function resolveRun(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
  category: string,
): Promise<RunRef> {
  const latest = await ctx.repos.results.latestRun(companyId, scenarioId, category);
  if (!latest.scenario) throw notFound("scenario");
  if (!latest.run?.meta) throw new AppError("NO_CALCULATION");
  const { calculationId, meta, finishedAt } = latest.run;
  return { companyId, calculationId, meta, finishedAt };
}

/** A run named by id (`?calculation=`): only while its results are still kept. */
async function resolveRunById(ctx: AppContext, companyId: number, id: number): Promise<RunRef> {
  const row = await ctx.repos.calculations.find(companyId, id);
  if (!row) throw notFound("calculation");
  if (row.status !== "FINISHED") throw new AppError("NO_CALCULATION");
  return refOf(ctx, companyId, row.parentId ?? row.id, row.finishedAt);
}

/** Step 6's run: the one named by `?calculation`, else the scenario's latest (one of them is required). */
export async function resolveStepSixRun(
  ctx: AppContext,
  companyId: number,
  query: { calculation?: number; scenario?: number },
  category: string,
): Promise<RunRef> {
  if (query.calculation !== undefined) return resolveRunById(ctx, companyId, query.calculation);
  if (query.scenario !== undefined) return resolveRun(ctx, companyId, query.scenario, category);
  throw fieldError("VALIDATION_ERROR", "scenario", "required");
}

async function refOf(ctx: AppContext, companyId: number, calculationId: number, finishedAt: Date | null) {
  const meta = await ctx.repos.results.meta(companyId, calculationId);
  if (!meta) throw new AppError("NO_CALCULATION");
  return { companyId, calculationId, meta, finishedAt };
}

const majorOf = (ref: RunRef) => (minor: number) => toMajor(minor, ref.meta.minorDigits);
const filterOf = (ref: RunRef) => ({ companyId: ref.companyId, calculationId: ref.calculationId });
/** A page of rows with the column totals over every row the filters select (major units). */
type Page<T> = PageResult<T> & { totals: Record<string, number> };

/** Totals in minor units to major units. */
const totalsOf = (ref: RunRef, totals: Record<string, number>) =>
  Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, toMajor(v, ref.meta.minorDigits)]));

function dimensionNames(
  ctx: AppContext,
  companyId: number,
  ids: (number | null)[],
): Promise<Map<number, string>> {
  return ctx.repos.dimensions.names(companyId, ids);
}

// Steps 1-4 -------------------------------------------------------------------------------------

export async function allocationRows(
  ctx: AppContext,
  ref: RunRef,
  step: number,
  query: z.infer<typeof AllocationResultQuery>,
): Promise<Page<z.infer<typeof AllocationResultRow>>> {
  const m = majorOf(ref);
  const page = await ctx.repos.results.allocations(filterOf(ref), step, query, query);
  return {
    count: page.count,
    totals: totalsOf(ref, page.totals),
    rows: page.rows.map((r) => ({
      id: r.rowNo,
      source: r.sourceId,
      source_ext_id: r.sourceCode,
      source_name: r.sourceName,
      destination: r.destinationId,
      destination_ext_id: r.destinationCode,
      destination_name: r.destinationName,
      amount: m(r.amount),
      original_amount: m(r.originalAmount),
      allocated_amount: m(r.allocatedAmount),
      status: r.status as z.infer<typeof AllocationResultRow>["status"],
      reciprocal: r.reciprocal,
    })),
  };
}

export async function sourceRows(
  ctx: AppContext,
  ref: RunRef,
  step: number,
  query: z.infer<typeof SourceResultQuery>,
): Promise<Page<z.infer<typeof SourceResultRow>>> {
  const m = majorOf(ref);
  const page = await ctx.repos.results.sources(filterOf(ref), step, query);
  return {
    count: page.count,
    totals: totalsOf(ref, page.totals),
    rows: page.rows.map((r) => ({
      source: r.sourceId,
      source_ext_id: r.sourceCode,
      source_name: r.sourceName,
      original_amount: m(r.originalAmount),
      allocated_amount: m(r.allocatedAmount),
      unallocated_amount: m(r.unallocatedAmount),
      status: r.status as z.infer<typeof SourceResultRow>["status"],
      percentage: r.percentage,
      destination: r.destinationId,
      destination_name: r.destinationName,
      quantity: r.quantity,
      cost_per_unit: r.costPerUnit,
    })),
  };
}

export async function destinationRows(
  ctx: AppContext,
  ref: RunRef,
  step: number,
  query: z.infer<typeof DestinationResultQuery>,
): Promise<Page<z.infer<typeof DestinationResultRow>>> {
  const m = majorOf(ref);
  const page = await ctx.repos.results.destinations(filterOf(ref), step, query);
  return {
    count: page.count,
    totals: totalsOf(ref, page.totals),
    rows: page.rows.map((r) => ({
      destination: r.destinationId,
      destination_ext_id: r.destinationCode,
      destination_name: r.destinationName,
      amount: m(r.amount),
      sources: r.sources,
    })),
  };
}

export async function timeDrivenRows(
  ctx: AppContext,
  ref: RunRef,
  query: z.infer<typeof TimeDrivenResultQuery>,
): Promise<Page<z.infer<typeof TimeDrivenResultRow>>> {
  const m = majorOf(ref);
  const page = await ctx.repos.results.timeDriven(filterOf(ref), query);
  return {
    count: page.count,
    totals: totalsOf(ref, page.totals),
    rows: page.rows.map((r) => ({
      id: r.rowNo,
      source: r.sourceId,
      source_name: r.sourceName,
      destination: r.destinationId,
      destination_name: r.destinationName,
      unit_minutes: r.unitMinutes,
      quantity: r.quantity,
      capacity: r.capacity,
      cost_per_minute: r.costPerMinute,
      cost_per_unit: r.costPerUnit,
      unallocated_capacity: r.unallocatedCapacity,
      total_cost: m(r.totalCost),
      source_capacity: r.sourceCapacity,
      time_driven_amount: m(r.timeDrivenAmount),
    })),
  };
}

/** Step 4 by line: per record amount of one activity's allocation (`?source=<activity id>`). */
export async function activityLineRows(
  ctx: AppContext,
  ref: RunRef,
  query: z.infer<typeof ActivityResultQuery> & { source: number },
): Promise<Page<z.infer<typeof RecordResultRow>>> {
  const results = ctx.repos.results;
  const source = await results.source(filterOf(ref), 4, query.source);
  if (!source) throw notFound("source");
  if (query.dimension !== undefined && source.destinationId !== query.dimension)
    return { count: 0, rows: [], totals: { amount: 0 } };
  const page = await results.vectors(
    filterOf(ref),
    4,
    { kinds: ["ALLOCATED"], sourceNos: [source.rowNo] },
    query,
  );
  if (page.count === 0 && source.allocatedAmount !== 0) throw detailNotKept("source");
  const m = majorOf(ref);
  return {
    count: page.count,
    totals: totalsOf(ref, page.totals),
    rows: page.rows.map((r) => ({
      transaction_id: r.identifier,
      dimension: r.dimensionId,
      dimension_name: source.destinationName ?? "",
      source: source.sourceId,
      source_name: source.sourceName,
      amount: m(r.amount),
    })),
  };
}

/** Step 4 aggregated: per record, the sum over activities (dimensions within the detail limit). */
export async function aggregatedRows(
  ctx: AppContext,
  ref: RunRef,
  query: z.infer<typeof AggregatedResultQuery>,
): Promise<Page<z.infer<typeof RecordResultRow>>> {
  const results = ctx.repos.results;
  const page = await results.vectors(
    filterOf(ref),
    4,
    { kinds: ["TOTAL"], dimension: query.dimension },
    query,
  );
  // Empty because the dimension's detail was not kept (over the limit), not because nothing went there?
  if (
    page.count === 0 &&
    query.dimension !== undefined &&
    (await results.allocatedToDimension(filterOf(ref), query.dimension)) !== 0
  )
    throw detailNotKept("dimension");
  const names = await dimensionNames(
    ctx,
    ref.companyId,
    page.rows.map((r) => r.dimensionId),
  );
  // A record's row sums over activities: its source is every activity that sent to it.
  const senders = await results.contributors(filterOf(ref), page.rows);
  const m = majorOf(ref);
  return {
    count: page.count,
    totals: totalsOf(ref, page.totals),
    rows: page.rows.map((r) => ({
      transaction_id: r.identifier,
      dimension: r.dimensionId,
      dimension_name: (r.dimensionId !== null && names.get(r.dimensionId)) || "",
      source: null,
      source_name: senders.get(`${r.dimensionId}:${r.recordNo}`)?.join(", ") ?? "",
      amount: m(r.amount),
    })),
  };
}

// Step 5 record totals --------------------------------------------------------------------------

export async function dimensionRecordRows(
  ctx: AppContext,
  ref: RunRef,
  query: z.infer<typeof DimensionRecordQuery>,
): Promise<PageResult<z.infer<typeof DimensionRecordRow>>> {
  const page = await ctx.repos.results.records(filterOf(ref), { dimension: query.dimension }, query);
  const names = await dimensionNames(
    ctx,
    ref.companyId,
    page.rows.map((r) => r.dimensionId),
  );
  const m = majorOf(ref);
  return {
    count: page.count,
    rows: page.rows.map((r) => ({
      transaction_id: r.identifier,
      dimension: r.dimensionId,
      dimension_name: (r.dimensionId !== null && names.get(r.dimensionId)) || "",
      amount: m(r.resting),
      cost: m(r.cost),
      unallocated: m(r.unallocated),
      not_allocated: m(r.notAllocated),
      // Stored in major units as the P&L summed them in doubles (115298.33999999991): shown at the
      // currency's minor unit, as every other figure.
      profit: r.profit === null ? null : m(Math.round(r.profit * 10 ** ref.meta.minorDigits)),
    })),
  };
}

// Steps 5 and 6: pushes -------------------------------------------------------------------------

export type PushView = "parentToChild" | "childToParent" | "byLine" | "lines" | "unallocated";

function detailNotKept(field: string): AppError {
  return new AppError("RESULT_DETAIL_NOT_KEPT", [{ field, reason: "invalid_value" }]);
}

type PushQuery = Omit<z.infer<typeof PushResultQuery>, "scenario">;
type PushPage = Page<z.infer<typeof PushResultRow>>;

/**
 * Per-record rows of the pushes of step 5 (activities) or 6 (calculated drivers):
 * parent to child and by line (what each child received, with its parent), child to parent (what
 * each parent passed down), `lines` (step 6 list: received plus kept by NOT_ALLOCATE, or one
 * category), unallocated (what stayed on a parent: no children, or weights summing to 0).
 */
export async function pushRows(
  ctx: AppContext,
  ref: RunRef,
  step: 5 | 6,
  view: PushView,
  query: PushQuery,
): Promise<PushPage> {
  const results = ctx.repos.results;
  const all = await results.pushes(filterOf(ref), step);
  const sourceFilter =
    step === 5
      ? query.source
      : query.source_driver !== undefined
        ? sourceDriverOf(all, query.source_driver)
        : query.source;
  const pushes = all.filter((p) => sourceFilter === undefined || p.sourceId === sourceFilter);
  const byNo = new Map(all.map((p) => [p.pushNo, p]));
  const m = majorOf(ref);
  // The unallocated views show what stayed on a parent: what could not be allocated (default) or,
  // with ?category=NOT_ALLOCATED, what NOT_ALLOCATE kept there (allocation-semantics, steps 5-6).
  if (view === "unallocated" && query.category === "ALLOCATED")
    throw new AppError("VALIDATION_ERROR", [{ field: "category", reason: "invalid_value" }]);
  const category =
    view === "lines"
      ? query.category
      : view === "unallocated"
        ? (query.category ?? "UNALLOCATED")
        : undefined;
  const pushNos = sourceFilter === undefined ? undefined : pushes.map((p) => p.pushNo);

  if (category === "UNALLOCATED") {
    const wanted =
      query.dimension === undefined
        ? pushNos
        : pushes.filter((p) => p.parentId === query.dimension).map((p) => p.pushNo);
    return unallocatedRows(ctx, ref, step, byNo, wanted, query);
  }

  const kinds = vectorKinds(view, category);
  const page = await results.vectors(
    filterOf(ref),
    step,
    { kinds, sourceNos: pushNos, dimension: query.dimension },
    query,
  );
  if (page.count === 0 && (sourceFilter !== undefined || query.dimension !== undefined))
    refuseWhenDetailNotKept(pushes, step, view, kinds, query);
  return {
    count: page.count,
    totals: totalsOf(ref, page.totals),
    rows: page.rows.map((r) => {
      const push = byNo.get(r.sourceNo)!;
      const onParent = r.kind !== "RECEIVED";
      return {
        ...pushColumns(push, step),
        transaction_id: r.identifier,
        dimension: onParent ? push.parentId : push.childId,
        dimension_name: onParent ? push.parentName : push.childName,
        parent_transaction_id: r.parentIdentifier,
        category: (r.kind === "KEPT" ? "NOT_ALLOCATED" : "ALLOCATED") as z.infer<
          typeof PushResultRow
        >["category"],
        amount: m(r.amount),
        original_dimension_name: null,
        original_transaction_id: null,
      };
    }),
  };
}

/** What stayed on the parents of the pushes (all when `pushNos` is undefined) as push rows. */
async function unallocatedRows(
  ctx: AppContext,
  ref: RunRef,
  step: 5 | 6,
  byNo: Map<number, PushRow>,
  pushNos: number[] | undefined,
  query: PushQuery,
): Promise<PushPage> {
  const m = majorOf(ref);
  const page = await ctx.repos.results.unallocated(filterOf(ref), step, { pushNos }, query);
  return {
    count: page.count,
    totals: totalsOf(ref, page.totals),
    rows: page.rows.map((r) => {
      const push = byNo.get(r.pushNo)!;
      return {
        ...pushColumns(push, step),
        transaction_id: r.identifier,
        dimension: push.parentId,
        dimension_name: push.parentName,
        parent_transaction_id: null,
        category: "UNALLOCATED" as const,
        amount: m(r.amount),
        original_dimension_name: push.parentName,
        original_transaction_id: r.identifier,
      };
    }),
  };
}

/** The kinds of stored vector entries a view shows (received, sent, kept by NOT_ALLOCATE). */
function vectorKinds(view: PushView, category: PushQuery["category"]): string[] {
  return view === "childToParent"
    ? ["SENT"]
    : view === "lines" || view === "unallocated"
      ? category === "ALLOCATED"
        ? ["RECEIVED"]
        : category === "NOT_ALLOCATED"
          ? ["KEPT"]
          : ["RECEIVED", "KEPT"]
      : ["RECEIVED"];
}

/**
 * An empty filtered page: empty because the detail was not kept (dimension over the limit), not
 * because nothing moved? Then it is refused.
 */
function refuseWhenDetailNotKept(
  pushes: PushRow[],
  step: 5 | 6,
  view: PushView,
  kinds: string[],
  query: PushQuery,
): void {
  const parentSide = view === "childToParent" || kinds.includes("KEPT");
  const relevant = pushes.filter((p) => {
    const dim = parentSide ? p.parentId : p.childId;
    return query.dimension === undefined || dim === query.dimension;
  });
  const moved = relevant.some((p) => (parentSide ? p.inAmount !== 0 : p.allocated !== 0));
  const kept = relevant.some((p) => (parentSide ? p.parentDetail : p.childDetail));
  if (moved && !kept)
    throw detailNotKept(
      query.dimension !== undefined ? "dimension" : step === 5 ? "source" : "source_driver",
    );
}

/**
 * Step 6's `source_driver` filter: a calculated driver's id, or its name as the rows carry it in
 * `source_driver`. An id of one of the run's drivers wins; a value naming none matches no row.
 */
function sourceDriverOf(pushes: PushRow[], value: string): number {
  const byId = /^\d{1,10}$/.test(value) ? pushes.find((p) => p.sourceId === Number(value)) : undefined;
  const push = byId ?? pushes.find((p) => p.sourceCode === value);
  return push?.sourceId ?? 0;
}

function pushColumns(push: PushRow, step: 5 | 6) {
  return {
    source: push.sourceId,
    source_name: push.sourceName,
    source_driver: step === 6 ? push.sourceCode : null,
    source_parent: push.parentId,
    source_parent_name: push.parentName,
    destination_child: push.childId,
    destination_child_name: push.childName,
  };
}
