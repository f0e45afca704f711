import {
  RECORD_BLOCK,
  type ReportDataPayload,
  type ReportDimensionRow,
  recordBytes,
} from "@costflow/db/repositories/report-data";
import { byCode } from "@costflow/engine/calc/context";
import { reportedMinor } from "@costflow/engine/calc/decimal";
import { roundFloatMinor } from "@costflow/engine/calc/joint-rounding";
import type { CalcResult } from "@costflow/engine/calc/result-types";
import type { ModelData } from "@costflow/engine/model/types";
import { linesInRank } from "@costflow/engine/summary/build-summary";
import { BinaryCopyWriter, binaryBytes as room } from "../lib/binary-copy-writer.ts";
import type { CodeIds, RunPlan } from "../modules/calculation/run-plan.ts";
import { SortScratch, stableOrder } from "./record-order.ts";

// The report data of a run (docs/calculation.md, "Report data"), built in the calculation thread
// from the engine's P&L: per dimension its lines' totals and the whale curve, per record every
// line's value (minor units, rounded as the results summary rounds them), profit, cost and
// margin %, the stored orderings by every line, calculated driver, profit, cost and margin, and
// the two-dimension splits of the tree map. The per-record tables are generators: on PostgreSQL
// the thread streams them into COPY one dimension and key at a time, so the report phase never
// holds all its text at once (at size L it would be more than a gigabyte).

/** Below this many values a comparison sort beats the radix sort's 65,536 buckets per pass. */
const SMALL_SORT = 20_000;

/**
 * stableOrder (record-order.ts) with the same result: ascending, ties by index, NaN last (with a
 * `scratch`, possibly a view into it, valid until its next sort).
 */
function orderOf(values: Float64Array, scratch?: SortScratch): Uint32Array {
  if (values.length >= SMALL_SORT) return stableOrder(values, scratch);
  const order = Uint32Array.from({ length: values.length }, (_, i) => i);
  return order.sort((a, b) => {
    const x = values[a]!;
    const y = values[b]!;
    if (x === y) return a - b;
    const xn = Number.isNaN(x);
    const yn = Number.isNaN(y);
    if (xn || yn) return xn && yn ? a - b : xn ? 1 : -1;
    return x < y ? -1 : 1;
  });
}

/** The whale curve kept for drawing: at most this many points (first, peak, last always). */
const WHALE_POINTS = 1000;

const RECORD_COLUMNS = [
  "company_id",
  "calculation_id",
  "dimension_id",
  "block_no",
  "records",
  "record_bytes",
  "first_identifier",
  "identifiers",
  "values",
] as const;
const ORDER_COLUMNS = [
  "company_id",
  "calculation_id",
  "dimension_id",
  "key",
  "block_no",
  "block_size",
  "nos",
] as const;
const SPLIT_COLUMNS = [
  "company_id",
  "calculation_id",
  "dimension_id",
  "dimension2_id",
  "record_no",
  "parts",
  "record2_nos",
  "values",
  "totals",
  "counts",
] as const;

/**
 * A column read from the engine's own arrays, never copied. P&L values are major units: record r's
 * minor units are reportedMinor(values[r], digits), the summary's rounding (the summary is
 * streamed from these rows); calculated drivers are minor units already (digits null). At size L a
 * copy of every line in minor units would add a gigabyte to the thread's peak.
 */
interface Column {
  values: Float64Array | undefined;
  digits: number | null;
}

const minorAt = (c: Column, r: number) =>
  c.values ? (c.digits === null ? roundFloatMinor(c.values[r]!) : reportedMinor(c.values[r]!, c.digits)) : 0;

/** A column's minor units as one array, written into `out` (one sort at a time). */
function materialize(c: Column, out: Float64Array): Float64Array {
  const n = out.length;
  if (c.values) for (let r = 0; r < n; r++) out[r] = minorAt(c, r);
  else out.fill(0);
  return out;
}

/** Per dimension: what its per-record rows and orderings are built from. */
interface DimensionColumns {
  code: string;
  id: number;
  identifiers: readonly string[];
  /** Lines in rank order, then calculated drivers. */
  columns: Column[];
  keys: string[];
  profit: Float64Array;
  cost: Float64Array;
  margin: Float64Array;
  unallocated: Float64Array;
}

export function buildReportData(
  model: ModelData,
  result: CalcResult,
  plan: RunPlan,
  ids: CodeIds,
  onDimension: (done: number, total: number) => void = () => {},
): ReportDataPayload {
  const scale = 10 ** result.minorDigits;
  const lines = linesInRank(model);
  const lineCodes = lines.map((l) => l.code);
  const profitLine = result.pnl.profitLine ?? "";
  // Margin % is over the first root line (revenue in a usual P&L: the waterfall starts there too).
  const revenueLine = lines.find((l) => l.parent === null)?.code ?? "";
  const activityCosts = result.activities.map((a) => [a.code, roundFloatMinor(a.allocated)]);
  const dims: DimensionColumns[] = [];
  const rows: ReportDimensionRow[] = [];
  const codes = [...result.dimensions.keys()].sort(byCode);
  codes.forEach((code, done) => {
    onDimension(done, codes.length);
    const dim = result.dimensions.get(code)!;
    const id = ids.dimensions[code];
    const n = dim.identifiers.length;
    if (id === undefined || n === 0) return;
    const pnl = result.pnl.byDimension.get(code);
    const columns: Column[] = [];
    const keys: string[] = [];
    const totals: number[] = [];
    for (const line of lineCodes) {
      columns.push({ values: pnl?.values.get(line), digits: result.minorDigits });
      keys.push(`line:${line}`);
      totals.push(roundFloatMinor((pnl?.totals.get(line) ?? 0) * scale));
    }
    addDriverColumns(result, code, n, { columns, keys, totals });
    const { profit, cost, margin, unallocated, profitTotal, costTotal } = recordMeasures(
      result,
      dim,
      pnl,
      revenueLine,
    );
    dims.push({ code, id, identifiers: dim.identifiers, columns, keys, profit, cost, margin, unallocated });
    rows.push({
      companyId: plan.companyId,
      calculationId: plan.calculationId,
      scenarioId: plan.scenarioId,
      dimensionId: id,
      dimensionCode: code,
      records: n,
      columns: keys,
      totals,
      lines: lines.map((l) => ({
        code: l.code,
        description: l.description,
        category: l.category,
        factor: Number.isFinite(l.factor) && l.factor !== 0 ? l.factor : 1,
        parent: l.parent,
        rank: l.rank,
        formula: l.category === "FOR" ? l.formula : null,
      })),
      profitLine,
      revenueLine,
      profitTotal,
      costTotal,
      whale: whaleOf(result, code, profitLine, profitTotal, profit, dim.identifiers, scale),
      activities: activityCosts,
    });
  });
  onDimension(codes.length, codes.length);
  const key = [plan.companyId, plan.calculationId] as const;
  return {
    dimensions: rows,
    // The tables the thread takes longest to build first: they are built while the main thread
    // still writes the step results, and PostgreSQL takes in the records (its longest) last.
    tables: [
      {
        table: "report_splits",
        columns: SPLIT_COLUMNS,
        chunks: splitChunks(key, model, dims, plan),
        format: "binary",
      },
      {
        table: "report_orders",
        columns: ORDER_COLUMNS,
        chunks: orderChunks(key, dims, plan.orderBlock, profitLine),
        format: "binary",
      },
      { table: "report_records", columns: RECORD_COLUMNS, chunks: recordChunks(key, dims), format: "binary" },
    ],
  };
}

/**
 * Calculated drivers (minor units): on their own dimension the values as computed, on the
 * dimensions step 6 pushed them to what rests on each record after the pushes.
 */
function addDriverColumns(
  result: CalcResult,
  code: string,
  n: number,
  out: { columns: Column[]; keys: string[]; totals: number[] },
): void {
  const seen = new Set<string>();
  for (const driver of result.calculatedDrivers) {
    const resting = driver.dimension === code ? driver.rounded : driver.resting.get(code);
    if (!resting || seen.has(driver.name)) continue;
    seen.add(driver.name);
    const column = { values: resting, digits: null };
    let total = 0;
    for (let r = 0; r < n; r++) total += minorAt(column, r);
    out.columns.push(column);
    out.keys.push(`driver:${driver.name}`);
    out.totals.push(total);
  }
}

/** Per record its profit, cost, margin % and unallocated (minor units), and their totals. */
function recordMeasures(
  result: CalcResult,
  dim: NonNullable<ReturnType<CalcResult["dimensions"]["get"]>>,
  pnl: ReturnType<CalcResult["pnl"]["byDimension"]["get"]>,
  revenueLine: string,
) {
  const n = dim.identifiers.length;
  const profit = new Float64Array(n);
  const cost = new Float64Array(n);
  const margin = new Float64Array(n);
  const unallocated = new Float64Array(n);
  const profitValues = pnl?.profit;
  const revenue = pnl?.values.get(revenueLine);
  let profitTotal = 0;
  let costTotal = 0;
  for (let r = 0; r < n; r++) {
    profit[r] = profitValues ? reportedMinor(profitValues[r]!, result.minorDigits) : 0;
    cost[r] = roundFloatMinor(dim.cost[r]!);
    unallocated[r] = roundFloatMinor(dim.unallocated[r]!);
    const rev = revenue ? reportedMinor(revenue[r]!, result.minorDigits) : 0;
    margin[r] = rev === 0 ? Number.NaN : (100 * profit[r]!) / rev;
    profitTotal += profit[r]!;
    costTotal += cost[r]!;
  }
  return { profit, cost, margin, unallocated, profitTotal, costTotal };
}

/** Whether every value of `values` is the same (NaN counting as equal to NaN). */
function constant(values: Float64Array): boolean {
  const first = values[0]!;
  if (Number.isNaN(first)) {
    for (let r = 1; r < values.length; r++) if (!Number.isNaN(values[r]!)) return false;
    return true;
  }
  for (let r = 1; r < values.length; r++) if (values[r] !== first) return false;
  return true;
}

/** A row per block of RECORD_BLOCK records (layout: @costflow/db report-data/record-blocks.ts). */
function* recordChunks(key: readonly [number, number], dims: DimensionColumns[]): Generator<Uint8Array> {
  for (const d of dims) {
    const out = new BinaryCopyWriter();
    const k = d.columns.length;
    const size = recordBytes(k);
    const n = d.identifiers.length;
    for (let first = 0; first < n; first += RECORD_BLOCK) {
      const end = Math.min(n, first + RECORD_BLOCK);
      const identifiers = d.identifiers.slice(first, end);
      const bytes = (end - first) * size;
      out.row(
        RECORD_COLUMNS.length,
        6 * room.int4 + room.text(identifiers[0]!) + room.textArray(identifiers) + room.bytea(bytes),
      );
      out.int4(key[0]);
      out.int4(key[1]);
      out.int4(d.id);
      out.int4(first / RECORD_BLOCK);
      out.int4(end - first);
      out.int4(size);
      out.text(identifiers[0]!);
      out.textArray(identifiers);
      out.byteaStart(bytes);
      for (let r = first; r < end; r++) {
        for (let c = 0; c < k; c++) out.rawInt64(minorAt(d.columns[c]!, r));
        out.rawInt64(d.profit[r]!);
        out.rawInt64(d.cost[r]!);
        out.rawInt64(d.unallocated[r]!);
        out.rawFloat64(d.margin[r]!);
      }
      if (out.chunks.length) yield* out.chunks.splice(0);
    }
    yield* out.flush().splice(0);
  }
}

/**
 * Record numbers in ascending order of each key, in blocks (record-order.ts: stable, ties in
 * record order). Margin % of records without revenue is NaN: they sort after every other value.
 * A key whose ordering would be record order (a constant column) or another key's (profit, the
 * profit line's) is not stored: the readers know (report-records.ts `orderedNos`, read-pnl-report.ts).
 */
function* orderChunks(
  key: readonly [number, number],
  dims: DimensionColumns[],
  size: number,
  profitLine: string,
): Generator<Uint8Array> {
  // One column buffer and one sort's working arrays for every key of every dimension: allocated
  // anew per key they were over a gigabyte at L, and the garbage collector's largest cost.
  const scratch = new SortScratch();
  let column = new Float64Array(0);
  for (const d of dims) {
    const n = d.identifiers.length;
    if (column.length < n) column = new Float64Array(n);
    const minor = column.subarray(0, n);
    const keyed: [string, () => Float64Array][] = [
      ...d.keys.map((k, i) => [k, () => materialize(d.columns[i]!, minor)] as [string, () => Float64Array]),
      ["profit", () => d.profit],
      ["cost", () => d.cost],
      ["margin_percent", () => d.margin],
    ];
    for (const [name, values] of keyed) {
      // Not stored (the readers then take record order, what a stable sort gives): an ordering
      // by profit, the profit line's own (the same figures); one of a constant column.
      if (name === "profit" && d.keys.includes(`line:${profitLine}`)) continue;
      const keyValues = values();
      if (constant(keyValues)) continue;
      const order = orderOf(keyValues, scratch);
      const out = new BinaryCopyWriter();
      for (let block = 0; block * size < n; block++) {
        const nos = order.subarray(block * size, Math.min(n, (block + 1) * size));
        out.row(ORDER_COLUMNS.length, 5 * room.int4 + room.text(name) + room.int32Bytes(nos.length));
        out.int4(key[0]);
        out.int4(key[1]);
        out.int4(d.id);
        out.text(name);
        out.int4(block);
        out.int4(size);
        out.int32Bytes(nos);
      }
      yield* out.flush().splice(0);
    }
  }
}

/**
 * Tree map splits: for every ordered pair of dimensions (D1, D2) within the detail limit that a
 * dimension C reaches both of through relationship drivers (C may be D1 or D2 itself; the one with
 * the fewest records, so the most of D1's values is split), the values of C's records summed per
 * (D1 record, D2 record). C's records are sorted by that pair (radix, record-order.ts) and summed
 * run by run, so no map of pairs is held. What rests on D1's records themselves or on dimensions
 * between C and D1 has no D2 record: the API shows it as the unsplit part.
 */
function* splitChunks(
  key: readonly [number, number],
  model: ModelData,
  dims: DimensionColumns[],
  plan: RunPlan,
): Generator<Uint8Array> {
  const byCodeOf = new Map(dims.map((d) => [d.code, d]));
  const paths = new Map<string, Int32Array | null>();
  /** Index of the D record each C record reaches (-1 none), or null when C never reaches D. */
  const reach = (c: string, d: string, seen: Set<string> = new Set()): Int32Array | null => {
    const n = byCodeOf.get(c)?.identifiers.length ?? 0;
    if (c === d) return Int32Array.from({ length: n }, (_, i) => i);
    const id = `${c}\u0000${d}`;
    if (paths.has(id)) return paths.get(id)!;
    let found: Int32Array | null = null;
    const relations = model.records.get(c)?.relations;
    if (relations && !seen.has(c)) {
      for (const name of [...relations.keys()].sort(byCode)) {
        const column = relations.get(name)!;
        const above = reach(column.target, d, new Set([...seen, c]));
        if (!above) continue;
        found = new Int32Array(n);
        for (let r = 0; r < n; r++) {
          const t = column.index[r]!;
          found[r] = t >= 0 && t < above.length ? above[t]! : -1;
        }
        break;
      }
    }
    paths.set(id, found);
    return found;
  };
  const small = dims.filter((d) => d.identifiers.length <= plan.detailLimit);
  // (D1, D2) and (D2, D1) relate through the same dimension (found once) and group the same records.
  for (let a = 0; a < small.length; a++) {
    for (let b = a + 1; b < small.length; b++) {
      const d1 = small[a]!;
      const d2 = small[b]!;
      let via: { c: DimensionColumns; p1: Int32Array; p2: Int32Array } | null = null;
      for (const c of dims) {
        const p1 = reach(c.code, d1.code);
        const p2 = p1 && reach(c.code, d2.code);
        if (p1 && p2 && (!via || c.identifiers.length < via.c.identifiers.length)) via = { c, p1, p2 };
      }
      if (!via) continue;
      const { c, p1, p2 } = via;
      // Each orientation written in its own first-level order, so the parts of one record lie
      // together on disk: a tree map reads the parts of 50 records, and parts scattered over the
      // table (both orientations from one sort) cost a random read each (seconds at size L).
      yield* pairSplits(key, c, d1, d2, p1, p2, plan.splitParts);
    }
  }
}

/**
 * The split rows of (d1, d2), then of (d2, d1). C's records are sorted once by their (d1, d2) pair
 * and numbered by distinct pair (a slot); the measures are then summed per slot in record order,
 * so each column is read front to back and each record adds to one slot's row. (Summed in sorted
 * order, every record read each of its k columns at a random place: k cache misses per record,
 * most of the time spent at size L.) The sums are whole minor units, exact in any order. The
 * (d2, d1) rows come from the same slots, sorted by (d2, d1): no second pass over C's records.
 */
function* pairSplits(
  key: readonly [number, number],
  c: DimensionColumns,
  d1: DimensionColumns,
  d2: DimensionColumns,
  toFirst: Int32Array,
  toSecond: Int32Array,
  keep: number,
): Generator<Uint8Array> {
  const n1 = d1.identifiers.length;
  const n2 = d2.identifiers.length;
  const n = c.identifiers.length;
  const slotOf = new Int32Array(n).fill(-1);
  let pairs: Float64Array;
  {
    const pair = new Float64Array(n);
    for (let r = 0; r < n; r++) {
      pair[r] = toFirst[r]! < 0 || toSecond[r]! < 0 ? -1 : toFirst[r]! * n2 + toSecond[r]!;
    }
    const order = orderOf(pair);
    const distinct = new Float64Array(n);
    let m = 0;
    for (let i = 0; i < n; i++) {
      const r = order[i]!;
      const at = pair[r]!;
      if (at < 0) continue;
      if (m === 0 || distinct[m - 1] !== at) distinct[m++] = at;
      slotOf[r] = m - 1;
    }
    pairs = distinct.slice(0, m);
  }
  const m = pairs.length;
  // The lines (the same columns, in the same order, in every dimension) and cost last: what
  // the tree map reads; C's calculated drivers are left out.
  const k = c.keys.filter((name) => name.startsWith("line:")).length;
  const width = k + 1;
  const sums = new Float64Array(m * width);
  const columns = c.columns.slice(0, k);
  for (let r = 0; r < n; r++) {
    const slot = slotOf[r]!;
    if (slot < 0) continue;
    const row = slot * width;
    for (let col = 0; col < k; col++) sums[row + col] = sums[row + col]! + minorAt(columns[col]!, r);
    sums[row + k] = sums[row + k]! + c.cost[r]!;
  }
  const parts = new Parts(width);
  const out = new BinaryCopyWriter();
  /** The rows of one orientation: slots in `order`, grouped by their first-level record. */
  function* orientation(
    ids: readonly [number, number, number, number],
    order: ArrayLike<number>,
    firstOf: (pair: number) => number,
    secondOf: (pair: number) => number,
  ): Generator<Uint8Array> {
    let current = -1;
    for (let i = 0; i < order.length; i++) {
      const slot = order[i]!;
      const r1 = firstOf(pairs[slot]!);
      if (r1 !== current) {
        writeParts(out, ids, current, parts, keep);
        if (out.chunks.length) yield* out.chunks.splice(0);
        current = r1;
      }
      parts.add(secondOf(pairs[slot]!), sums, slot * width);
    }
    writeParts(out, ids, current, parts, keep);
    yield* out.flush().splice(0);
  }
  const ascending = Uint32Array.from({ length: m }, (_, i) => i);
  yield* orientation(
    [key[0], key[1], d1.id, d2.id],
    ascending,
    (at) => Math.floor(at / n2),
    (at) => at % n2,
  );
  const swapped = new Float64Array(m);
  for (let s = 0; s < m; s++) {
    const at = pairs[s]!;
    swapped[s] = (at % n2) * n1 + Math.floor(at / n2);
  }
  yield* orientation(
    [key[0], key[1], d2.id, d1.id],
    orderOf(swapped),
    (at) => at % n2,
    (at) => Math.floor(at / n2),
  );
}

/** The parts of one first-level record: second-level record numbers and their measure values. */
class Parts {
  nos = new Int32Array(256);
  values: Float64Array;
  count = 0;

  constructor(readonly width: number) {
    this.values = new Float64Array(256 * width);
  }

  /** A new part: its record number and its `width` values, copied from `from` at `at`. */
  add(no: number, from: Float64Array, at: number): void {
    if (this.count === this.nos.length) {
      const nos = new Int32Array(this.count * 2);
      nos.set(this.nos);
      this.nos = nos;
      const values = new Float64Array(this.count * 2 * this.width);
      values.set(this.values);
      this.values = values;
    }
    const to = this.count++ * this.width;
    for (let m = 0; m < this.width; m++) this.values[to + m] = from[at + m]!;
    this.nos[this.count - 1] = no;
  }
}

/**
 * The value at position `k` of `values[0, n)` in ascending order (quickselect, three-way
 * partitions so that ties cost nothing; `values` is reordered). A full sort per measure of a
 * record with thousands of parts took 1.9 s of the report data at size L.
 */
export function kthSmallest(values: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const x = values[lo]!;
    const y = values[(lo + hi) >>> 1]!;
    const z = values[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let lt = lo;
    let i = lo;
    let gt = hi;
    while (i <= gt) {
      const v = values[i]!;
      if (v < pivot) {
        values[i++] = values[lt]!;
        values[lt++] = v;
      } else if (v > pivot) {
        values[i] = values[gt]!;
        values[gt--] = v;
      } else i++;
    }
    if (k < lt) hi = lt - 1;
    else if (k > gt) lo = gt + 1;
    else return pivot;
  }
  return values[k]!;
}

/** Scratch arrays of largestParts, grown as needed (the thread chooses for one record at a time). */
let distances = new Float64Array(1024);
let sorted = new Float64Array(1024);

/**
 * Which of `count` parts (rows of `width` measures in `values`, in record order) a split keeps:
 * per measure the `keep` parts farthest from zero in the direction of the measure's total (ties
 * to the first parts), whatever measure chose them; with each measure's total and its number of
 * parts that are not zero. The keep-th largest distance is selected from the distances
 * (kthSmallest); the parts above it are kept, then those equal to it in order.
 */
export function largestParts(
  values: Float64Array,
  count: number,
  width: number,
  keep: number,
): { kept: Uint8Array; totals: Float64Array; nonZero: Int32Array } {
  const kept = new Uint8Array(count);
  const totals = new Float64Array(width);
  const nonZero = new Int32Array(width);
  if (distances.length < count) {
    distances = new Float64Array(count);
    sorted = new Float64Array(count);
  }
  for (let m = 0; m < width; m++) {
    let total = 0;
    for (let p = 0; p < count; p++) total += values[p * width + m]!;
    totals[m] = total;
    const sign = Math.sign(total) || 1;
    let c = 0;
    for (let p = 0; p < count; p++) {
      const v = values[p * width + m]!;
      if (v !== 0) distances[c++] = sign * v;
    }
    nonZero[m] = c;
    let threshold = Number.NEGATIVE_INFINITY;
    if (c > keep) {
      sorted.set(distances.subarray(0, c));
      threshold = kthSmallest(sorted, c, c - keep);
    }
    let above = 0;
    for (let i = 0; i < c; i++) if (distances[i]! > threshold) above++;
    let ties = Math.min(keep, c) - above;
    for (let p = 0; p < count; p++) {
      const v = values[p * width + m]!;
      if (v === 0) continue;
      const d = sign * v;
      if (d > threshold) kept[p] = 1;
      else if (d === threshold && ties > 0) {
        kept[p] = 1;
        ties--;
      }
    }
  }
  return { kept, totals, nonZero };
}

/**
 * A first-level record's split row, then forgets its parts. With more parts than `keep` (the tree
 * map's largest limit), only the largest `keep` of each measure are written (in the call's order:
 * away from zero in the direction of the measure's total, ties by record number), with every
 * measure's total and count of parts that are not zero: the call's 'Others (n)' node and its value
 * come from them. A popular product bought by 15,000 customers keeps a few thousand parts instead
 * of 15,000, and the call reads those. The parts' values are written measure by measure, so the
 * call reads one slice of the row.
 */
function writeParts(
  out: BinaryCopyWriter,
  ids: readonly [number, number, number, number],
  record: number,
  parts: Parts,
  keep: number,
): void {
  const { width, count } = parts;
  if (count === 0) return;
  const chosen = count > keep ? largestParts(parts.values, count, width, keep) : null;
  let n = count;
  if (chosen) {
    n = 0;
    for (let p = 0; p < count; p++) if (chosen.kept[p]) n++;
  }
  if (splitNos.length < n) splitNos = new Int32Array(n);
  if (splitValues.length < n * width) splitValues = new Float64Array(n * width);
  const nos = splitNos;
  const values = splitValues;
  for (let p = 0, i = 0; p < count; p++) {
    if (chosen && !chosen.kept[p]) continue;
    nos[i] = parts.nos[p]!;
    for (let m = 0; m < width; m++) values[m * n + i] = parts.values[p * width + m]!;
    i++;
  }
  const bytes =
    6 * room.int4 +
    room.int32Bytes(n) +
    room.int64Bytes(n * width) +
    room.int8Array(width) +
    room.int4Array(width);
  out.row(SPLIT_COLUMNS.length, bytes);
  for (const v of ids) out.int4(v);
  out.int4(record);
  out.int4(n);
  out.int32Bytes(nos.subarray(0, n));
  out.int64Bytes(values.subarray(0, n * width));
  if (chosen) {
    out.int8Array(chosen.totals);
    out.int4Array(chosen.nonZero);
  } else {
    out.null();
    out.null();
  }
  parts.count = 0;
}

/** Scratch arrays of writeParts: the kept parts' record numbers and values, measure by measure. */
let splitNos = new Int32Array(256);
let splitValues = new Float64Array(256);

/** The whale curve for drawing, from the engine's (the summary's figures), downsampled. */
function whaleOf(
  result: CalcResult,
  code: string,
  profitLine: string,
  profitTotal: number,
  profit: Float64Array,
  identifiers: readonly string[],
  scale: number,
) {
  const whale = result.whale.get(code);
  const n = identifiers.length;
  const base = {
    profit_line: profitLine,
    total_profit: whale ? whale.totalProfit : profitTotal / scale,
    peak_percent: whale?.peakPercent ?? null,
    peak_at_percent: whale?.peakAtPercent ?? null,
    loss_records: whale?.lossRecords ?? 0,
    loss_amount: whale?.lossAmount ?? 0,
    records: n,
    note: whale?.note ?? null,
    note_key: profitTotal === 0 ? "TOTAL_PROFIT_ZERO" : profitTotal < 0 ? "TOTAL_PROFIT_NEGATIVE" : null,
    points: [] as [number, number][],
    point_records: [] as (string | null)[],
  };
  const points = whale?.points;
  if (!points) return base;
  // The k-th point ends at the k-th record by profit, descending (ties: any order draws the same).
  const ascending = orderOf(profit);
  let peak = 0;
  for (let k = 1; k <= n; k++) if (points[2 * k + 1]! > points[2 * peak + 1]!) peak = k;
  const picked = new Set<number>([0, peak, n]);
  const room = WHALE_POINTS - 3;
  for (let i = 0; i <= room && n > 0; i++) picked.add(Math.round((i * n) / room));
  const at = [...picked].sort((a, b) => a - b);
  base.points = at.map((k) => [points[2 * k]!, points[2 * k + 1]!]);
  base.point_records = at.map((k) => (k === 0 ? null : identifiers[ascending[n - k]!]!));
  return base;
}
