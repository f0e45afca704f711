import { OWN_ENTRY_BYTES } from "@costflow/db/repositories/record-trace/detail-entries";
import { setInt64At } from "@costflow/db/repositories/report-data/record-blocks";
import type { TablePayload } from "@costflow/db/repositories/results";
import type { AllocationRow, CalcResult, PushResult } from "@costflow/engine/calc/result-types";
import type { ModelData, PushSplit } from "@costflow/engine/model/types";
import { BinaryCopyWriter, binaryBytes as room } from "../lib/binary-copy-writer.ts";
import { CopyWriter } from "../lib/copy-writer.ts";
import type { CodeIds, RowStats, RunPlan } from "../modules/calculation/run-plan.ts";
import { type OrderField, orderKind, SortScratch, stableOrder } from "./record-order.ts";

// A calculation result as COPY text for the result tables (packages/db/src/schema/results.ts).
// Built in the calculation thread: the main thread only streams the finished chunks. Per-record
// detail (by line, parent/child, aggregated) is written only for dimensions of at most
// plan.detailLimit records; record totals (result_records) are written for every record.

const COLUMNS = {
  result_allocations: [
    "company_id",
    "calculation_id",
    "step",
    "row_no",
    "source_id",
    "source_code",
    "source_name",
    "destination_id",
    "destination_code",
    "destination_name",
    "amount",
    "original_amount",
    "allocated_amount",
    "status",
    "reciprocal",
  ],
  result_sources: [
    "company_id",
    "calculation_id",
    "step",
    "row_no",
    "source_id",
    "source_code",
    "source_name",
    "original_amount",
    "allocated_amount",
    "unallocated_amount",
    "status",
    "percentage",
    "destination_id",
    "destination_name",
    "quantity",
    "cost_per_unit",
  ],
  result_time_driven: [
    "company_id",
    "calculation_id",
    "row_no",
    "source_id",
    "source_name",
    "destination_id",
    "destination_name",
    "unit_minutes",
    "quantity",
    "capacity",
    "cost_per_minute",
    "cost_per_unit",
    "unallocated_capacity",
    "total_cost",
    "source_capacity",
    "time_driven_amount",
  ],
  result_pushes: [
    "company_id",
    "calculation_id",
    "step",
    "push_no",
    "source_id",
    "source_code",
    "source_name",
    "parent_id",
    "parent_name",
    "child_id",
    "child_name",
    "split",
    "in_amount",
    "allocated",
    "unallocated",
    "not_allocated",
    "child_detail",
    "parent_detail",
  ],
  result_vectors: [
    "company_id",
    "calculation_id",
    "step",
    "source_no",
    "kind",
    "dimension_id",
    "amounts",
    "links",
    "bytes",
  ],
  result_unallocated: [
    "company_id",
    "calculation_id",
    "step",
    "push_no",
    "record_no",
    "identifier",
    "amount",
  ],
  result_records: [
    "company_id",
    "calculation_id",
    "dimension_id",
    "record_no",
    "identifier",
    "resting",
    "cost",
    "unallocated",
    "not_allocated",
    "profit",
  ],
} as const satisfies Record<TablePayload["table"], readonly string[]>;

/**
 * The tables written in COPY's binary format (lib/binary-copy-writer.ts): the two with millions of
 * numbers (every record's totals, the detail arrays and orderings), which PostgreSQL would
 * otherwise parse digit by digit. The others are a few thousand rows of text.
 */
const BINARY_TABLES = ["result_vectors", "result_records"] as const;
type BinaryTable = (typeof BINARY_TABLES)[number];
type TextTable = Exclude<keyof typeof COLUMNS, BinaryTable>;
const isBinary = (table: string): table is BinaryTable =>
  (BINARY_TABLES as readonly string[]).includes(table);

function splitText(split: PushSplit): string {
  switch (split.kind) {
    case "DRIVER":
      return `DRIVER:${split.driver}`;
    case "FORMULA":
      return split.formula;
    default:
      return split.kind;
  }
}

/** Money that must be a whole number of minor units (guards the bigint columns). */
function minor(v: number): number {
  if (!Number.isSafeInteger(v)) throw new Error(`Amount ${v} is not a whole number of minor units`);
  return v === 0 ? 0 : v;
}

/**
 * The step results' tables, in the order they are copied. result_vectors comes first and is a
 * generator: its rows are built while COPY takes them (held whole, 1.4 GB at light L, its 4 MB
 * chunks kept V8 collecting the thread's heap over and over, 4.8 s of the 8 s spent building
 * them). Building it also writes the text tables' rows (step 4 sources, pushes, unallocated
 * parents), so those follow, flushed once it is done; result_records (its own generator) last.
 * `stats` is complete once every table has been read.
 */
export function buildResultRows(
  model: ModelData,
  result: CalcResult,
  plan: RunPlan,
  ids: CodeIds,
): { tables: TablePayload[]; stats: RowStats } {
  const c = rowContext(model, result, plan, ids);
  if (plan.maxStep >= 1) writeAllocationSteps(c);
  const payload = (table: keyof typeof COLUMNS, chunks: Iterable<Uint8Array>): TablePayload => ({
    table,
    columns: COLUMNS[table],
    chunks,
    format: isBinary(table) ? "binary" : "text",
  });
  const text = (Object.keys(c.writers) as TextTable[]).map((table) =>
    payload(table, flushedLater(c.writers[table])),
  );
  const stats: RowStats = { rows: c.counts, detailSkipped: [] };
  const tables = [
    payload("result_vectors", vectorChunks(c, stats)),
    ...text,
    payload("result_records", recordRows(c)),
  ];
  return { tables, stats };
}

/**
 * The result_vectors rows, in COPY order (the order matters within the table: the own detail is
 * built from the arrays written before it), yielded as the writer fills its chunks.
 */
function* vectorChunks(c: RowContext, stats: RowStats): Generator<Uint8Array> {
  const { plan, result } = c;
  if (plan.maxStep >= 4) {
    yield* writeActivities(c);
    yield* writeRecords(c);
  }
  if (plan.maxStep >= 5) {
    yield* writePushes(c, 5, result.step5);
    yield* writeOwnDetail(c);
    yield* writeRollUp(c);
  }
  if (plan.maxStep >= 6) yield* writePushes(c, 6, result.step6);
  yield* c.binary.result_vectors.flush().splice(0);
  stats.detailSkipped = [...c.skipped].sort();
}

/** A text table's chunks, taken when its COPY starts (after result_vectors has written them). */
function* flushedLater(writer: CopyWriter): Generator<Uint8Array> {
  yield* writer.flush();
}

/** What every part of buildResultRows reads and writes through. */
/** A detail array of a record's own resting cost by activity (OWN_KINDS: its code in OWN rows). */
interface OwnArray {
  kind: number;
  sourceNo: number;
  amounts: Float64Array;
  links: Int32Array | null;
}

/** The kinds an OWN row's entries name, by code: what rests on a record is ALLOCATED + RECEIVED - SENT. */
const OWN_KINDS = ["4:ALLOCATED", "5:RECEIVED", "5:SENT"] as const;

interface RowContext {
  model: ModelData;
  result: CalcResult;
  plan: RunPlan;
  ids: CodeIds;
  /** company_id, calculation_id: the first columns of every row. */
  head: readonly [number, number];
  names: Record<"account" | "pool" | "activity" | "dimension", Map<string, string>>;
  writers: Record<TextTable, CopyWriter>;
  binary: { result_vectors: BinaryCopyWriter };
  counts: Record<string, number>;
  count(table: string, n?: number): void;
  skipped: Set<string>;
  /** Whether a dimension's per-record detail is written (else it is noted as skipped). */
  detailOk(dimension: string): boolean;
  /**
   * Per dimension id: the step-4 ALLOCATED and step-5 RECEIVED / SENT arrays written for it, kept
   * (by reference) to write them again per record (writeOwnDetail).
   */
  own: Map<number, OwnArray[]>;
  /** Dimension codes one of whose activities lost its per-record detail (engine budget). */
  incomplete: Set<string>;
  /** The result_vectors chunks filled since the last drain. */
  drain(): Uint8Array[];
  /**
   * A row whose numbers are packed in `bytes`, `amounts` empty: a record's OWN row
   * (writeOwnDetail), a block of an ordering (writeRecords).
   */
  packedRow(
    step: number,
    sourceNo: number,
    kind: string,
    dimensionId: number,
    links: Int32Array | null,
    bytes: Uint8Array,
  ): void;
  /** One detail array (and, for RECEIVED, each child's parent record_no) as a COPY line. */
  vector(
    step: number,
    sourceNo: number,
    kind: string,
    dimensionId: number | null,
    amounts: Float64Array,
    links: Int32Array | null,
  ): void;
}

function rowContext(model: ModelData, result: CalcResult, plan: RunPlan, ids: CodeIds): RowContext {
  const head = [plan.companyId, plan.calculationId] as const;
  const writers = Object.fromEntries(
    Object.keys(COLUMNS)
      .filter((t) => !isBinary(t))
      .map((t) => [t, new CopyWriter()]),
  ) as Record<TextTable, CopyWriter>;
  // result_records has its own writer, in recordRows.
  const binary = { result_vectors: new BinaryCopyWriter() };
  const counts: Record<string, number> = {};
  const count = (table: string, n = 1) => {
    counts[table] = (counts[table] ?? 0) + n;
  };
  const skipped = new Set<string>();
  /** Starts a result_vectors row with its first six fields; `rest`: the room of the last three. */
  const startVector = (
    step: number,
    sourceNo: number,
    kind: string,
    dimensionId: number | null,
    rest: number,
  ) => {
    const out = binary.result_vectors;
    out.row(
      COLUMNS.result_vectors.length,
      2 * room.int4 + room.int2 + room.int4 + room.text(kind) + room.int4 + rest,
    );
    out.int4(head[0]);
    out.int4(head[1]);
    out.int2(step);
    out.int4(sourceNo);
    out.text(kind);
    if (dimensionId === null) out.null();
    else out.int4(dimensionId);
    return out;
  };
  return {
    model,
    result,
    plan,
    ids,
    head,
    names: {
      account: new Map(model.accounts.map((a) => [a.code, a.name])),
      pool: new Map(model.pools.map((p) => [p.code, p.name])),
      activity: new Map(model.activities.map((a) => [a.code, a.name])),
      dimension: new Map(model.dimensions.map((d) => [d.code, d.name])),
    },
    writers,
    binary,
    counts,
    count,
    skipped,
    own: new Map(),
    incomplete: new Set(),
    detailOk: (dimension) => {
      const n = model.records.get(dimension)?.identifiers.length ?? 0;
      if (n <= plan.detailLimit) return true;
      skipped.add(dimension);
      return false;
    },
    drain: () => binary.result_vectors.chunks.splice(0),
    vector(step, sourceNo, kind, dimensionId, amounts, links) {
      for (let r = 0; r < amounts.length; r++) minor(amounts[r]!);
      const ownKind = OWN_KINDS.indexOf(`${step}:${kind}` as (typeof OWN_KINDS)[number]);
      if (ownKind >= 0 && dimensionId !== null) {
        const list = this.own.get(dimensionId) ?? [];
        list.push({ kind: ownKind, sourceNo, amounts, links });
        this.own.set(dimensionId, list);
      }
      const out = startVector(
        step,
        sourceNo,
        kind,
        dimensionId,
        room.int8Array(amounts.length) + (links ? room.int4Array(links.length) : room.null) + room.null,
      );
      out.int8Array(amounts);
      if (links) out.int4Array(links.map((p) => (p < 0 ? -1 : p)));
      else out.null();
      out.null();
      count("result_vectors");
    },
    packedRow(step, sourceNo, kind, dimensionId, links, bytes) {
      const out = startVector(
        step,
        sourceNo,
        kind,
        dimensionId,
        room.int8Array(0) + (links ? room.int4Array(links.length) : room.null) + room.bytea(bytes.length),
      );
      out.int8Array([]);
      if (links) out.int4Array(links);
      else out.null();
      out.bytes(bytes);
      count("result_vectors");
    },
  };
}

/** Per-record loops hand over the chunks they filled every this many records (+ 1). */
const DRAIN_EVERY = 1023;

const NO_EXTRA = { destinationId: null, destinationName: null, quantity: null, costPerUnit: null };

/** One row of result_sources: a source of a step with what it had, allocated and kept. */
function sourceLine(
  c: RowContext,
  step: number,
  rowNo: number,
  src: { id: number | null; code: string; name: string },
  amounts: { original: number; allocated: number; unallocated: number },
  status: string,
  percentage: number,
  extra: {
    destinationId: number | null;
    destinationName: string | null;
    quantity: number | null;
    costPerUnit: number | null;
  },
) {
  c.writers.result_sources.line([
    ...c.head,
    step,
    rowNo,
    src.id,
    src.code,
    src.name,
    minor(amounts.original),
    minor(amounts.allocated),
    minor(amounts.unallocated),
    status,
    Number.isFinite(percentage) ? percentage : 0,
    extra.destinationId,
    extra.destinationName,
    extra.quantity,
    extra.costPerUnit,
  ]);
  c.count("result_sources");
}

/** Steps 1-3 (up to plan.maxStep): rule rows, sources, and the time-driven rows of step 3. */
function writeAllocationSteps(c: RowContext) {
  const { result, plan, ids, names, head, writers } = c;
  const indirect = new Set(c.model.pools.filter((p) => !p.isDirect).map((p) => p.code));
  const allocationRows = (step: 1 | 2 | 3, rows: AllocationRow[]) => {
    const [srcIds, srcNames, dstIds, dstNames] =
      step === 1
        ? [ids.accounts, names.account, ids.pools, names.pool]
        : step === 2
          ? [ids.pools, names.pool, ids.pools, names.pool]
          : [ids.pools, names.pool, ids.activities, names.activity];
    rows.forEach((r, i) => {
      writers.result_allocations.line([
        ...head,
        step,
        i + 1,
        srcIds[r.source] ?? null,
        r.source,
        srcNames.get(r.source) ?? r.source,
        dstIds[r.destination] ?? null,
        r.destination,
        dstNames.get(r.destination) ?? r.destination,
        minor(r.amount),
        minor(r.originalAmount),
        minor(r.allocatedAmount),
        r.status,
        step === 2 && indirect.has(r.destination),
      ]);
    });
    c.count("result_allocations", rows.length);
  };
  const poolSources = (step: 2 | 3, rows: AllocationRow[]) => {
    const pools = result.pools.filter((p) => (step === 2 ? !p.isDirect : p.isDirect));
    pools.forEach((p, i) => {
      const row = rows.find((r) => r.source === p.code);
      const original = row ? row.originalAmount : p.total;
      const allocated = row ? row.allocatedAmount : 0;
      sourceLine(
        c,
        step,
        i + 1,
        { id: ids.pools[p.code] ?? null, code: p.code, name: names.pool.get(p.code) ?? p.code },
        { original, allocated, unallocated: p.unallocated },
        p.status,
        p.totalPercentage,
        NO_EXTRA,
      );
    });
  };

  allocationRows(1, result.step1.rows);
  result.accounts.forEach((a, i) => {
    sourceLine(
      c,
      1,
      i + 1,
      { id: ids.accounts[a.code] ?? null, code: a.code, name: names.account.get(a.code) ?? a.code },
      { original: a.amount, allocated: a.allocated, unallocated: a.unallocated },
      a.status,
      a.totalPercentage,
      NO_EXTRA,
    );
  });
  if (plan.maxStep >= 2) {
    allocationRows(2, result.step2.rows);
    poolSources(2, result.step2.rows);
  }
  if (plan.maxStep >= 3) {
    allocationRows(3, result.step3.rows);
    poolSources(3, result.step3.rows);
    result.step3.tdabcRows.forEach((t, i) => {
      writers.result_time_driven.line([
        ...head,
        i + 1,
        ids.pools[t.pool] ?? null,
        names.pool.get(t.pool) ?? t.pool,
        ids.activities[t.activity] ?? null,
        names.activity.get(t.activity) ?? t.activity,
        t.unitMinutes,
        t.quantity,
        t.capacity,
        t.costPerMinute,
        t.costPerUnit,
        t.unallocatedCapacity,
        minor(t.totalCost),
        t.sourceCapacity,
        minor(t.timeDrivenAmount),
      ]);
    });
    c.count("result_time_driven", result.step3.tdabcRows.length);
  }
}

/** Step 4: each activity as a source, its amounts per record (by line), and their sum per record. */
function* writeActivities(c: RowContext): Generator<Uint8Array> {
  const { ids, names } = c;
  const totals = new Map<string, Float64Array>();
  // A dimension one of whose activities lost its detail (engine budget) gets no totals either.
  const incomplete = new Set<string>();
  for (const [i, a] of c.result.activities.entries()) {
    const status =
      a.allocated === a.cost
        ? "FULLY_ALLOCATED"
        : Math.abs(a.allocated) < Math.abs(a.cost)
          ? "UNDER_ALLOCATED"
          : "OVER_ALLOCATED";
    sourceLine(
      c,
      4,
      i + 1,
      { id: ids.activities[a.code] ?? null, code: a.code, name: names.activity.get(a.code) ?? a.code },
      { original: a.cost, allocated: a.allocated, unallocated: a.unallocated },
      status,
      a.cost === 0 ? 0 : (a.allocated / a.cost) * 100,
      {
        destinationId: a.dimension === null ? null : (ids.dimensions[a.dimension] ?? null),
        destinationName: a.dimension === null ? null : (names.dimension.get(a.dimension) ?? a.dimension),
        quantity: a.dimension === null ? null : a.quantity,
        costPerUnit: a.costPerUnit,
      },
    );
    if (a.dimension === null || a.allocated === 0 || !c.detailOk(a.dimension)) continue;
    if (!a.amounts) {
      c.skipped.add(a.dimension);
      incomplete.add(a.dimension);
      c.incomplete.add(a.dimension);
      continue;
    }
    const dimId = ids.dimensions[a.dimension] ?? null;
    let total = totals.get(a.dimension);
    if (!total) {
      total = new Float64Array(a.amounts.length);
      totals.set(a.dimension, total);
    }
    const amounts = a.amounts;
    for (let r = 0; r < amounts.length; r++) total[r] = total[r]! + amounts[r]!;
    c.vector(4, i + 1, "ALLOCATED", dimId, amounts, null);
    yield* c.drain();
  }
  for (const [dimension, total] of totals) {
    if (incomplete.has(dimension)) continue;
    c.vector(4, 0, "TOTAL", ids.dimensions[dimension] ?? null, total, null);
  }
  yield* c.drain();
}

/**
 * Every record's row of result_records (the identifiers behind the detail arrays' indexes and the
 * record totals), built while COPY takes them: 6 million rows at L held whole until the save would
 * add most of a gigabyte to the thread's peak. Reads only the engine's result, which outlives the
 * save.
 */
function* recordRows(c: RowContext): Generator<Uint8Array> {
  const { result, plan } = c;
  const profitOf = new Map([...result.pnl.byDimension].map(([code, p]) => [code, p.profit]));
  const out = new BinaryCopyWriter();
  const fixed = 4 * room.int4 + 4 * room.int8 + room.float8;
  for (const [code, dim] of result.dimensions) {
    const dimId = c.ids.dimensions[code] ?? null;
    const profit = profitOf.get(code);
    const { identifiers, restingCost, cost, unallocated, notAllocated } = dim;
    for (let r = 0; r < identifiers.length; r++) {
      const identifier = identifiers[r]!;
      out.row(COLUMNS.result_records.length, fixed + room.text(identifier));
      out.int4(plan.companyId);
      out.int4(plan.calculationId);
      if (dimId === null) out.null();
      else out.int4(dimId);
      out.int4(r);
      out.text(identifier);
      out.int8(minor(restingCost[r]!));
      out.int8(minor(cost[r]!));
      out.int8(minor(unallocated[r]!));
      out.int8(minor(notAllocated[r]!));
      if (profit) out.float8(profit[r]!);
      else out.null();
      if (out.chunks.length) yield* out.chunks.splice(0);
    }
  }
  yield* out.flush().splice(0);
}

/**
 * Every record counted for result_records (recordRows writes them), and for a dimension of at
 * least plan.orderMinRecords records the orderings by each total.
 */
function* writeRecords(c: RowContext): Generator<Uint8Array> {
  const { result, plan } = c;
  // One sort's working arrays for every ordering (each order is copied out before the next sort).
  const scratch = new SortScratch();
  const profitOf = new Map([...result.pnl.byDimension].map(([code, p]) => [code, p.profit]));
  for (const [code, dim] of result.dimensions) {
    const dimId = c.ids.dimensions[code] ?? null;
    const profit = profitOf.get(code);
    const { identifiers, restingCost, cost, unallocated } = dim;
    c.count("result_records", dim.identifiers.length);
    const n = identifiers.length;
    if (dimId === null || n < plan.orderMinRecords) continue;
    // Orderings by each total (step 0, one row per block of positions; see record-order.ts).
    const keys: [OrderField, Float64Array | undefined][] = [
      ["amount", restingCost],
      ["cost", cost],
      ["unallocated", unallocated],
      ["profit", profit],
    ];
    for (const [field, values] of keys) {
      if (!values) continue;
      const order = stableOrder(field === "profit" ? values : values.map(minor), scratch);
      const size = plan.orderBlock;
      // The record numbers as 4-byte big-endian integers (record-positions.ts reads a slice).
      const bytes = new Uint8Array(4 * n);
      const view = new DataView(bytes.buffer);
      for (let i = 0; i < n; i++) view.setUint32(4 * i, order[i]!);
      for (let block = 0; block * size < n; block++) {
        const part = bytes.subarray(4 * block * size, 4 * Math.min(n, (block + 1) * size));
        c.packedRow(0, block, orderKind(field), dimId, Int32Array.of(size), part);
      }
      yield* c.drain();
    }
  }
}

/**
 * Steps 5 and 6: each push, what its children received and its parents sent or kept, and the
 * parents whose amount stayed unallocated.
 */
function* writePushes(c: RowContext, step: 5 | 6, pushes: PushResult[]): Generator<Uint8Array> {
  const { model, ids, names, head, writers } = c;
  for (const [i, push] of pushes.entries()) {
    const pushNo = i + 1;
    const sourceId =
      step === 5
        ? (ids.activities[push.source] ?? null)
        : (ids.calculatedDrivers[`${push.sourceDimension}\u0000${push.source}`] ?? null);
    const sourceName = step === 5 ? (names.activity.get(push.source) ?? push.source) : push.source;
    const parentIds = model.records.get(push.parentDimension)?.identifiers ?? [];
    const childRecords = model.records.get(push.childDimension);
    const childIds = childRecords?.identifiers ?? [];
    const pushesDown = push.split.kind !== "NOT_ALLOCATE";
    const childDetail = pushesDown && c.detailOk(push.childDimension) && push.receivedByChild !== null;
    const parentDetail = c.detailOk(push.parentDimension) && push.inByParent !== null;
    if (pushesDown && push.receivedByChild === null) c.skipped.add(push.childDimension);
    if (push.inByParent === null) c.skipped.add(push.parentDimension);
    writers.result_pushes.line([
      ...head,
      step,
      pushNo,
      sourceId,
      push.source,
      sourceName,
      ids.dimensions[push.parentDimension] ?? null,
      names.dimension.get(push.parentDimension) ?? push.parentDimension,
      ids.dimensions[push.childDimension] ?? null,
      names.dimension.get(push.childDimension) ?? push.childDimension,
      splitText(push.split),
      minor(push.in),
      minor(push.allocated),
      minor(push.unallocated),
      minor(push.notAllocated),
      childDetail,
      parentDetail,
    ]);
    c.count("result_pushes");
    const parentDimId = ids.dimensions[push.parentDimension] ?? null;
    const childDimId = ids.dimensions[push.childDimension] ?? null;
    if (childDetail && push.receivedByChild) {
      const relation = relationTo(childRecords, push.parentDimension);
      c.vector(
        step,
        pushNo,
        "RECEIVED",
        childDimId,
        push.receivedByChild,
        relation ?? new Int32Array(childIds.length).fill(-1),
      );
    }
    if (parentDetail) {
      const [amounts, kind] =
        push.split.kind === "NOT_ALLOCATE" ? [push.inByParent, "KEPT"] : [push.sentByParent, "SENT"];
      if (amounts) c.vector(step, pushNo, kind, parentDimId, amounts, null);
    }
    const stay = push.unallocatedParents;
    for (let k = 0; k < stay.length; k++) {
      const p = stay[k]!;
      writers.result_unallocated.line([
        ...head,
        step,
        pushNo,
        p,
        parentIds[p]!,
        minor(push.unallocatedAmounts[k]!),
      ]);
    }
    c.count("result_unallocated", stay.length);
    yield* c.drain();
  }
}

/**
 * A record's own resting cost by activity, one row per record (docs/calculation.md, "Own
 * detail"): the ALLOCATED, RECEIVED and SENT arrays of its dimension written again record by
 * record, non-zero entries only, so the trace of one record reads one short row instead of one
 * element of each of hundreds of long arrays (at L, 470 arrays of 50,000 customers: 0.8 s).
 *   OWN, step 5, source_no = record_no, dimension_id = the dimension, amounts empty, links null,
 *     bytes = one entry of OWN_ENTRY_BYTES per non-zero amount, big-endian: the kind code (1 byte;
 *     0 ALLOCATED, 1 RECEIVED, 2 SENT), the array's source_no (4), for RECEIVED the parent's
 *     record_no, else -1 (4), the amount (8). As a bigint and three integer array elements each
 *     entry was 36 bytes of COPY that PostgreSQL read element by element (760 MB at light L).
 *   OWN, source_no = -1, bytes empty: the dimension's rows are complete (absent for a run made
 *   before them, or when an activity's detail was dropped by the engine's budget: the trace reads
 *   the arrays). Rows of runs made before the packed rows have arrays and no bytes: the trace
 *   reads the arrays for those (packages/db record-trace/detail-entries.ts).
 */
function* writeOwnDetail(c: RowContext): Generator<Uint8Array> {
  const { ids } = c;
  const incompleteIds = new Set([...c.incomplete].map((code) => ids.dimensions[code] ?? null));
  for (const [dimId, arrays] of c.own) {
    if (incompleteIds.has(dimId)) continue;
    const n = arrays[0]?.amounts.length ?? 0;
    // Array by array (each read front to back, not one element of every array per record): the
    // non-zero entries counted per record, then placed record by record in one buffer.
    const start = new Int32Array(n + 1);
    for (const a of arrays) for (let r = 0; r < n; r++) if (a.amounts[r] !== 0) start[r + 1]!++;
    for (let r = 0; r < n; r++) start[r + 1]! += start[r]!;
    const packed = new Uint8Array(OWN_ENTRY_BYTES * start[n]!);
    const view = new DataView(packed.buffer);
    const next = start.slice(0, n);
    for (const a of arrays) {
      for (let r = 0; r < n; r++) {
        const v = a.amounts[r]!;
        if (v === 0) continue;
        const at = OWN_ENTRY_BYTES * next[r]!++;
        view.setUint8(at, a.kind);
        view.setInt32(at + 1, a.sourceNo);
        view.setInt32(at + 5, a.links && a.links[r]! >= 0 ? a.links[r]! : -1);
        setInt64At(view, at + 9, minor(v));
      }
    }
    for (let r = 0; r < n; r++) {
      const from = start[r]!;
      const to = start[r + 1]!;
      if (to > from)
        c.packedRow(5, r, "OWN", dimId, null, packed.subarray(OWN_ENTRY_BYTES * from, OWN_ENTRY_BYTES * to));
      if ((r & DRAIN_EVERY) === 0) yield* c.drain();
    }
    c.packedRow(5, -1, "OWN", dimId, null, new Uint8Array(0));
  }
}

/**
 * Roll-up detail (docs/calculation.md, "Roll-up detail"), one row per record of a kept
 * dimension so that the trace reads one short row, not one long array per activity:
 *   ROLLED:       links = step-4 source numbers (activities), amounts = what each leaves on
 *                 the record's descendants past the limit (non-zero ones only);
 *   ROLLED_UP:    links = those descendant dimensions (ids), amounts = the cost resting on them;
 *   ROLLED_COUNT: links = the same dimensions, amounts = how many of their records reach it.
 * step 5, source_no = the record's record_no, dimension_id = the kept dimension.
 */
function* writeRollUp(c: RowContext): Generator<Uint8Array> {
  const { result, ids } = c;
  const activityNo = new Map(result.activities.map((a, i) => [a.code, i + 1]));
  for (const [code, detail] of result.rolled) {
    const dimId = ids.dimensions[code] ?? null;
    if (dimId === null || !c.detailOk(code)) continue;
    const acts = [...detail.byActivity];
    const fromIds = Int32Array.from(detail.from, (f) => ids.dimensions[f.dimension] ?? -1);
    const n = c.model.records.get(code)?.identifiers.length ?? 0;
    const nos: number[] = [];
    const amounts: number[] = [];
    for (let r = 0; r < n; r++) {
      nos.length = 0;
      amounts.length = 0;
      for (const [activity, sums] of acts) {
        if (sums[r] === 0) continue;
        nos.push(activityNo.get(activity) ?? 0);
        amounts.push(sums[r]!);
      }
      if (nos.length) c.vector(5, r, "ROLLED", dimId, Float64Array.from(amounts), Int32Array.from(nos));
      c.vector(
        5,
        r,
        "ROLLED_UP",
        dimId,
        Float64Array.from(detail.from, (f) => f.resting[r]!),
        fromIds,
      );
      c.vector(
        5,
        r,
        "ROLLED_COUNT",
        dimId,
        Float64Array.from(detail.from, (f) => f.count[r]!),
        fromIds,
      );
      if ((r & DRAIN_EVERY) === 0) yield* c.drain();
    }
  }
}

/** The child's relationship column to `parent` as row indexes into the parent's identifiers. */
function relationTo(
  child: ModelData["records"] extends Map<string, infer R> ? R | undefined : never,
  parent: string,
) {
  if (!child) return null;
  const named = child.relations.get(`${parent}_ID`);
  if (named) return named.index;
  for (const column of child.relations.values()) if (column.target === parent) return column.index;
  return null;
}
