// The largest remainder method, exact. raw_i = S * w_i / W; each destination gets floor(raw_i)
// minor units and the S - sum(floor) missing units go one by one to the largest remainders, ties to
// the destination that comes first in the caller's order (code / identifier order). Negative S:
// split |S| and negate. Every split therefore sums exactly to its source.
//
// Two forms: `splitBig` for small rule-level splits with BigInt weights, and `Splitter` for
// record-level splits over typed arrays, which stays in exact double integer arithmetic (plain
// while |S| * W < 2^52, error-free products past that) and falls back to BigInt only for weight
// sums beyond 2^50 or amounts beyond 2^52 minor units.

/** Exact split of an integer total over BigInt weights (>= 0, sum > 0); ties to lower index. */
import { type Allocator, HEAP } from "./float64-block.ts";
import { maxWeight, type WeightColumn, weightClasses } from "./weight-column.ts";
import { WIDE, wideDivide } from "./wide.ts";

export function splitBig(total: bigint, weights: readonly bigint[]): bigint[] {
  const neg = total < 0n;
  const s = neg ? -total : total;
  let w = 0n;
  for (const x of weights) w += x;
  if (w <= 0n) throw new Error("splitBig: weights sum to zero");
  const out: bigint[] = new Array(weights.length);
  const rem: bigint[] = new Array(weights.length);
  let given = 0n;
  for (let i = 0; i < weights.length; i++) {
    const p = s * weights[i]!;
    const q = p / w;
    out[i] = q;
    rem[i] = p - q * w;
    given += q;
  }
  let missing = Number(s - given);
  if (missing > 0) {
    const order = weights.map((_, i) => i);
    order.sort((a, b) => (rem[a]! > rem[b]! ? -1 : rem[a]! < rem[b]! ? 1 : a - b));
    for (const i of order) {
      if (missing === 0) break;
      out[i] = out[i]! + 1n;
      missing--;
    }
  }
  return neg ? out.map((x) => -x) : out;
}

/** splitBig over numbers (minor units as safe integers). */
export function splitBigToNumbers(total: number, weights: readonly bigint[]): number[] {
  return splitBig(BigInt(total), weights).map(Number);
}

const LIMIT = 2 ** 52;
/** Weight sums up to here keep wideDivide exact (see wide.ts). */
const WIDE_LIMIT = 2 ** 50;
const BUCKETS = 1024;
/** Child lists up to this size hand out by insertion sort. */
const SMALL = 32;

/**
 * Record-level splitter with reusable scratch buffers (one per calculation). Weights are exact
 * non-negative integers (`scaled`), or BigInts (`big`) when a column exceeds 2^53.
 */
export class Splitter {
  private rem = new Float64Array(64);
  private readonly pick = new Uint8Array(8);
  private hist = new Uint32Array(BUCKETS);
  private bucketVals = new Float64Array(64);
  private bucketIdx = new Int32Array(64);
  private bucket = new Uint16Array(64);
  private sortVals = new Float64Array(64);
  private readonly order = new Int32Array(SMALL);
  private readonly classQ = new Float64Array(256);
  private readonly classR = new Float64Array(256);
  private readonly classOrder = new Int32Array(256);
  private readonly classFlag = new Uint8Array(256);

  constructor(private readonly alloc: Allocator = HEAP) {}

  private ensure(m: number): void {
    if (this.rem.length >= m) return;
    const size = Math.max(m, 2 * this.rem.length);
    this.rem = this.alloc.float64(size);
    this.bucket = this.alloc.uint16(size);
  }

  /**
   * Splits integer `total` over every record of a weight column (step 4), writing out[i]. A column
   * with few distinct weights goes by class: one exact quotient and remainder per class, the
   * spare units to the classes with the largest remainders, ties to the first records; the same
   * amounts as split, which computes them per record.
   */
  splitColumn(total: number, column: WeightColumn, out: Float64Array): void {
    const n = column.n;
    const s = Math.abs(total);
    const w = column.total;
    if (n > 1 && column.big === null && !column.uniform && s < LIMIT && w < WIDE_LIMIT) {
      const classes = weightClasses(column, this.alloc);
      if (classes !== null) {
        this.splitByClass(total, s, w, classes.of, classes.weight, classes.size, out, false);
        return;
      }
    }
    const max = column.big === null ? maxWeight(column) : w;
    this.split(total, column.scaled, column.big, w, null, 0, n, out, column.uniform, max);
  }

  /**
   * As splitColumn, but adds each record's amount to into[i] (skipping zeros) instead of writing
   * it; returns the sum of the amounts in record order. For a step-4 split whose amounts are not
   * needed apart (no push, no P&L line, no detail kept): one pass instead of three. `scratch`: n
   * zeros, used (and zeroed again) when the column has many distinct weights.
   */
  splitColumnInto(total: number, column: WeightColumn, into: Float64Array, scratch: Float64Array): number {
    const n = column.n;
    const s = Math.abs(total);
    const w = column.total;
    if (n > 1 && column.big === null && s < LIMIT && w < WIDE_LIMIT) {
      if (column.uniform && s * w < LIMIT) return addEqual(total, s, column.scaled[0]!, w, n, into);
      const classes = column.uniform ? null : weightClasses(column, this.alloc);
      if (classes !== null) {
        return this.splitByClass(total, s, w, classes.of, classes.weight, classes.size, into, true);
      }
    }
    // Other columns: split into `scratch` (zeros, n long), add, and leave it zeroed again.
    const max = column.big === null ? maxWeight(column) : w;
    this.split(total, column.scaled, column.big, w, null, 0, n, scratch, column.uniform, max);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const a = scratch[i]!;
      sum += a;
      if (a !== 0) {
        into[i] = into[i]! + a;
        scratch[i] = 0;
      }
    }
    return sum;
  }

  private splitByClass(
    total: number,
    s: number,
    w: number,
    of: Uint8Array,
    weight: Float64Array,
    size: Float64Array,
    out: Float64Array,
    add: boolean,
  ): number {
    const k = weight.length;
    const q = this.classQ;
    const rem = this.classR;
    const plain = s * w < LIMIT;
    let given = 0;
    for (let c = 0; c < k; c++) {
      // Exactly as splitPlain / splitWide compute it for a record of weight x.
      const x = weight[c]!;
      let qc: number;
      let rc: number;
      if (plain) {
        const p = s * x;
        qc = Math.floor(p / w);
        rc = p - qc * w;
        while (rc < 0) {
          qc -= 1;
          rc += w;
        }
        while (rc >= w) {
          qc += 1;
          rc -= w;
        }
      } else {
        qc = wideDivide(s, x, w);
        rc = WIDE.rem;
      }
      q[c] = qc;
      rem[c] = rc;
      given += qc * size[c]!;
    }
    // Classes by remainder, largest first; groups of equal remainders share the spare units.
    const order = this.classOrder;
    for (let c = 0; c < k; c++) {
      const r = rem[c]!;
      let i = c;
      while (i > 0 && rem[order[i - 1]!]! < r) {
        order[i] = order[i - 1]!;
        i--;
      }
      order[i] = c;
    }
    const flag = this.classFlag;
    flag.fill(0, 0, k);
    let remaining = s - given;
    let tieNeed = 0;
    for (let i = 0; i < k && remaining > 0; ) {
      const r = rem[order[i]!]!;
      let j = i;
      let group = 0;
      while (j < k && rem[order[j]!] === r) group += size[order[j++]!]!;
      // 1: every record of the class gets a unit; 2: the first tieNeed records of these classes.
      const f = group <= remaining ? 1 : 2;
      for (let g = i; g < j; g++) flag[order[g]!] = f;
      if (f === 1) remaining -= group;
      else {
        tieNeed = remaining;
        remaining = 0;
      }
      i = j;
    }
    const negative = total < 0;
    let sum = 0;
    for (let i = 0; i < of.length; i++) {
      const c = of[i]!;
      const f = flag[c]!;
      let v = q[c]!;
      if (f === 1) v += 1;
      else if (f === 2 && tieNeed > 0) {
        v += 1;
        tieNeed -= 1;
      }
      const a = negative ? -v + 0 : v;
      sum += a;
      if (!add) out[i] = a;
      else if (a !== 0) out[i] = out[i]! + a;
    }
    return sum;
  }

  /**
   * Splits integer `total` over the elements ids[start..end) (or start..end when ids is null),
   * weight of element id = scaled[id] (or big[id]); W is the exact weight sum of those elements
   * (> 0). Writes each element's amount to out[id] (overwrites). `uniform`: every weight of the
   * column is the same (equal remainders, so the spare units go to the first elements).
   * `max`: a bound on the weights split (default W); the floors and remainders are computed in
   * plain doubles while |S| x max + W < 2^52 (every product S x w_i and q x W then stays exact).
   */
  split(
    total: number,
    scaled: Float64Array,
    big: readonly bigint[] | null,
    w: number,
    ids: Int32Array | null,
    start: number,
    end: number,
    out: Float64Array,
    uniform = false,
    max = w,
  ): void {
    const m = end - start;
    const s = Math.abs(total);
    if (m === 1) {
      out[ids ? ids[start]! : start] = total;
      return;
    }
    if (big !== null || s >= LIMIT || w >= WIDE_LIMIT) {
      this.splitSlow(total, scaled, big, ids, start, end, out);
      return;
    }
    if (uniform && s * w < LIMIT) {
      this.splitEqual(total, s, scaled[ids ? ids[start]! : start]!, w, ids, start, m, out);
      return;
    }
    this.ensure(m);
    if (m > SMALL && ids === null && s * max + w < LIMIT) {
      // A long run in record order (a whole column): floors, remainders and their buckets in one
      // pass, then the hand-out from the histogram (handOutByBuckets without its first pass).
      const given = this.splitPlain(s, scaled, w, null, start, m, out, true);
      const missing = s - given;
      if (missing > 0) this.handOutFromBuckets(m, missing, out, null, start);
    } else {
      const given =
        s * max + w < LIMIT
          ? this.splitPlain(s, scaled, w, ids, start, m, out)
          : this.splitWide(s, scaled, w, ids, start, m, out);
      const missing = s - given;
      if (missing > 0) this.handOut(m, missing, w, out, ids, start);
    }
    if (total < 0) {
      for (let j = 0; j < m; j++) {
        const id = ids ? ids[start + j]! : start + j;
        out[id] = -out[id]! + 0;
      }
    }
  }

  /**
   * Floors and remainders with plain double arithmetic (|S| x max w_i + W < 2^52: each product,
   * quotient estimate times W and remainder is an exact integer); returns sum(floors). `bucketed`
   * (a run in record order only): each remainder is also put in its bucket as handOutByBuckets
   * does (min(m, BUCKETS) buckets over [0, w), a monotone map), counted in `hist`, in the same pass.
   */
  private splitPlain(
    s: number,
    scaled: Float64Array,
    w: number,
    ids: Int32Array | null,
    start: number,
    m: number,
    out: Float64Array,
    bucketed = false,
  ): number {
    const rem = this.rem;
    const bucket = this.bucket;
    const hist = this.hist;
    const buckets = Math.min(BUCKETS, m);
    if (bucketed) hist.fill(0, 0, buckets);
    const f = buckets / w;
    const top = buckets - 1;
    let given = 0;
    // q estimated with the reciprocal (a multiplication, not a division, per element), then
    // corrected so that 0 <= r < w holds exactly: p, q * w and r are integers below 2^53.
    const inv = 1 / w;
    if (ids === null) {
      for (let j = 0; j < m; j++) {
        const p = s * scaled[start + j]!;
        let q = Math.floor(p * inv);
        let r = p - q * w;
        while (r < 0) {
          q -= 1;
          r += w;
        }
        while (r >= w) {
          q += 1;
          r -= w;
        }
        out[start + j] = q;
        rem[j] = r;
        given += q;
        if (bucketed) {
          const b = Math.min(top, Math.floor(r * f));
          bucket[j] = b;
          hist[b] = hist[b]! + 1;
        }
      }
    } else {
      for (let j = 0; j < m; j++) {
        const id = ids[start + j]!;
        const p = s * scaled[id]!;
        let q = Math.floor(p * inv);
        let r = p - q * w;
        while (r < 0) {
          q -= 1;
          r += w;
        }
        while (r >= w) {
          q += 1;
          r -= w;
        }
        out[id] = q;
        rem[j] = r;
        given += q;
      }
    }
    return given;
  }

  /** Floors and remainders from error-free products (|S| * w_i may pass 2^53). */
  private splitWide(
    s: number,
    scaled: Float64Array,
    w: number,
    ids: Int32Array | null,
    start: number,
    m: number,
    out: Float64Array,
  ): number {
    const rem = this.rem;
    let given = 0;
    // s * w_i may pass 2^53: exact quotient and remainder from error-free products (wide.ts).
    for (let j = 0; j < m; j++) {
      const id = ids ? ids[start + j]! : start + j;
      const q = wideDivide(s, scaled[id]!, w);
      out[id] = q;
      rem[j] = WIDE.rem;
      given += q;
    }
    return given;
  }

  /** The split of equal weights x (W = m x): the quotient, exactly as split computes it for each
   * element, to all; the missing units, all with the same remainder, to the first elements. */
  private splitEqual(
    total: number,
    s: number,
    x: number,
    w: number,
    ids: Int32Array | null,
    start: number,
    m: number,
    out: Float64Array,
  ): void {
    const p = s * x;
    let q = Math.floor(p / w);
    let r = p - q * w;
    while (r < 0) {
      q -= 1;
      r += w;
    }
    while (r >= w) {
      q += 1;
      r -= w;
    }
    const missing = s - q * m;
    const sign = total < 0 ? -1 : 1;
    const low = sign * q + 0;
    const high = sign * (q + 1) + 0;
    if (ids === null) {
      out.fill(high, start, start + missing);
      out.fill(low, start + missing, start + m);
    } else {
      for (let j = 0; j < m; j++) out[ids[start + j]!] = j < missing ? high : low;
    }
  }

  private splitSlow(
    total: number,
    scaled: Float64Array,
    big: readonly bigint[] | null,
    ids: Int32Array | null,
    start: number,
    end: number,
    out: Float64Array,
  ): void {
    const weights: bigint[] = [];
    let w = 0n;
    for (let j = start; j < end; j++) {
      const id = ids ? ids[j]! : j;
      const x = big ? big[id]! : BigInt(scaled[id]!);
      weights.push(x);
      w += x;
    }
    if (w >= 2n ** 53n) {
      const parts = splitBig(BigInt(total), weights);
      for (let j = start; j < end; j++) out[ids ? ids[j]! : j] = Number(parts[j - start]!);
      return;
    }
    // Remainders are below W < 2^53, exact as doubles: hand out with the O(m) selection.
    const m = end - start;
    this.ensure(m);
    const s = BigInt(Math.abs(total));
    let given = 0n;
    for (let j = 0; j < m; j++) {
      const p = s * weights[j]!;
      const q = p / w;
      given += q;
      out[ids ? ids[start + j]! : start + j] = Number(q);
      this.rem[j] = Number(p - q * w);
    }
    const missing = Number(s - given);
    if (missing > 0) this.handOut(m, missing, Number(w), out, ids, start);
    if (total < 0) {
      for (let j = start; j < end; j++) {
        const id = ids ? ids[j]! : j;
        out[id] = -out[id]! + 0;
      }
    }
  }

  /**
   * Adds one unit to the `k` elements with the largest rem (ties: lowest j); element j is
   * out[ids[start + j]] (or out[start + j]). rem values lie in [0, w). Allocation-free: it runs
   * for each of a million small splits in the pushes.
   */
  private handOut(
    m: number,
    k: number,
    w: number,
    out: Float64Array,
    ids: Int32Array | null,
    start: number,
  ): void {
    if (k <= 2 || m <= 8) this.handOutBySelection(m, k, out, ids, start);
    else if (m <= SMALL) this.handOutBySorting(m, k, out, ids, start);
    else this.handOutByBuckets(m, k, w, out, ids, start);
  }

  /** A few units or a few elements: pick the largest remainder k times. */
  private handOutBySelection(
    m: number,
    k: number,
    out: Float64Array,
    ids: Int32Array | null,
    start: number,
  ): void {
    const rem = this.rem;
    if (m > 8) {
      // One or two units over many elements: the first largest, then the first largest of the
      // others (what picking twice gives, without a flag per element).
      let best = 0;
      for (let j = 1; j < m; j++) if (rem[j]! > rem[best]!) best = j;
      let second = -1;
      if (k === 2) {
        for (let j = 0; j < m; j++) {
          if (j !== best && (second < 0 || rem[j]! > rem[second]!)) second = j;
        }
      }
      const a = ids ? ids[start + best]! : start + best;
      out[a] = out[a]! + 1;
      if (second >= 0) {
        const b = ids ? ids[start + second]! : start + second;
        out[b] = out[b]! + 1;
      }
      return;
    }
    const pick = this.pick;
    for (let t = 0; t < k; t++) {
      let best = -1;
      let bestVal = -1;
      for (let j = 0; j < m; j++) {
        if (pick[j] === 0 && rem[j]! > bestVal) {
          best = j;
          bestVal = rem[j]!;
        }
      }
      pick[best] = 1;
      const id = ids ? ids[start + best]! : start + best;
      out[id] = out[id]! + 1;
    }
    for (let j = 0; j < m; j++) pick[j] = 0;
  }

  /** A child list of a few elements: insertion-sort the indexes by (rem desc, j asc). */
  private handOutBySorting(
    m: number,
    k: number,
    out: Float64Array,
    ids: Int32Array | null,
    start: number,
  ): void {
    const rem = this.rem;
    const order = this.order;
    for (let j = 0; j < m; j++) {
      const r = rem[j]!;
      let i = j;
      while (i > 0 && rem[order[i - 1]!]! < r) {
        order[i] = order[i - 1]!;
        i--;
      }
      order[i] = j;
    }
    for (let t = 0; t < k; t++) {
      const j = order[t]!;
      const id = ids ? ids[start + j]! : start + j;
      out[id] = out[id]! + 1;
    }
  }

  /**
   * Bucket the remainders (a monotone map), find the bucket holding the k-th largest, and only
   * order the few values inside it: O(m) rather than sorting every remainder.
   */
  private handOutByBuckets(
    m: number,
    k: number,
    w: number,
    out: Float64Array,
    ids: Int32Array | null,
    start: number,
  ): void {
    const rem = this.rem;
    const hist = this.hist;
    // About one bucket per element (at most BUCKETS): small child lists stay cheap.
    const buckets = Math.min(BUCKETS, m);
    hist.fill(0, 0, buckets);
    const bucket = this.bucket;
    const f = buckets / w;
    for (let j = 0; j < m; j++) {
      const b = Math.min(buckets - 1, Math.floor(rem[j]! * f));
      bucket[j] = b;
      hist[b] = hist[b]! + 1;
    }
    this.handOutFromBuckets(m, k, out, ids, start);
  }

  /**
   * The hand-out once rem[0..m), bucket[0..m) and hist (min(m, BUCKETS) buckets) are filled: every
   * element above the bucket of the k-th largest remainder gets a unit, and the rest of the k go
   * to the largest in that bucket, ties to the lowest j.
   */
  private handOutFromBuckets(
    m: number,
    k: number,
    out: Float64Array,
    ids: Int32Array | null,
    start: number,
  ): void {
    const rem = this.rem;
    const hist = this.hist;
    const bucket = this.bucket;
    const buckets = Math.min(BUCKETS, m);
    let above = 0;
    let boundary = buckets - 1;
    while (above + hist[boundary]! < k) {
      above += hist[boundary]!;
      boundary--;
    }
    const need = k - above;
    const inBucket = hist[boundary]!;
    if (this.bucketVals.length < inBucket) {
      this.bucketVals = new Float64Array(inBucket * 2);
      this.bucketIdx = new Int32Array(inBucket * 2);
      this.sortVals = new Float64Array(inBucket * 2);
    }
    const vals = this.bucketVals;
    const idx = this.bucketIdx;
    let c = 0;
    let low = Number.POSITIVE_INFINITY;
    let high = -1;
    if (ids === null) {
      // In record order: the unit added without a branch (about half the elements get one, in no
      // pattern a branch predictor could learn); only the boundary bucket's elements branch.
      for (let j = 0; j < m; j++) {
        const b = bucket[j]!;
        out[start + j] = out[start + j]! + ((boundary - b) >>> 31);
        if (b === boundary) {
          const r = rem[j]!;
          vals[c] = r;
          idx[c++] = j;
          if (r < low) low = r;
          if (r > high) high = r;
        }
      }
    } else {
      for (let j = 0; j < m; j++) {
        const b = bucket[j]!;
        if (b > boundary) {
          const id = ids[start + j]!;
          out[id] = out[id]! + 1;
        } else if (b === boundary) {
          const r = rem[j]!;
          vals[c] = r;
          idx[c++] = j;
          if (r < low) low = r;
          if (r > high) high = r;
        }
      }
    }
    if (need === c || low === high) {
      // All of the bucket, or equal remainders (equal weights): the first `need` in j order.
      for (let i = 0; i < need; i++) {
        const id = ids ? ids[start + idx[i]!]! : start + idx[i]!;
        out[id] = out[id]! + 1;
      }
      return;
    }
    // The need-th largest value of the bucket, found on a reused copy (vals keeps j order).
    const sorted = this.sortVals;
    for (let i = 0; i < c; i++) sorted[i] = vals[i]!;
    const threshold = selectKth(sorted, c, c - need);
    let greater = 0;
    for (let i = 0; i < c; i++) if (vals[i]! > threshold) greater++;
    let ties = need - greater;
    // idx is ascending in j, so ties go to the lowest j.
    for (let i = 0; i < c; i++) {
      const r = vals[i]!;
      if (r > threshold || (r === threshold && ties-- > 0)) {
        const id = ids ? ids[start + idx[i]!]! : start + idx[i]!;
        out[id] = out[id]! + 1;
      }
    }
  }
}

/**
 * An equal-weights split of a whole column (x each, W = n x) added to into[i]; the amounts are
 * those of splitEqual (the quotient, one more for the first `missing` records). Returns their sum.
 */
function addEqual(total: number, s: number, x: number, w: number, n: number, into: Float64Array): number {
  const p = s * x;
  let q = Math.floor(p / w);
  let r = p - q * w;
  while (r < 0) {
    q -= 1;
    r += w;
  }
  while (r >= w) {
    q += 1;
    r -= w;
  }
  const missing = s - q * n;
  const sign = total < 0 ? -1 : 1;
  const low = sign * q + 0;
  const high = sign * (q + 1) + 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const a = i < missing ? high : low;
    sum += a;
    if (a !== 0) into[i] = into[i]! + a;
  }
  return sum;
}

/**
 * The value that would sit at index `k` of a[0..n) sorted ascending (quickselect with a
 * median-of-three pivot; insertion sort below 16 elements). Reorders a; allocation-free.
 */
export function selectKth(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (hi - lo >= 16) {
    const mid = (lo + hi) >>> 1;
    // Order a[lo], a[mid], a[hi]; the median goes to a[mid] and is the pivot.
    if (a[mid]! < a[lo]!) swap(a, mid, lo);
    if (a[hi]! < a[lo]!) swap(a, hi, lo);
    if (a[hi]! < a[mid]!) swap(a, hi, mid);
    const pivot = a[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    // a[lo..j] <= pivot <= a[i..hi], and a[j+1..i-1] == pivot.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return pivot;
  }
  for (let x = lo + 1; x <= hi; x++) {
    const v = a[x]!;
    let y = x;
    while (y > lo && a[y - 1]! > v) {
      a[y] = a[y - 1]!;
      y--;
    }
    a[y] = v;
  }
  return a[k]!;
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}
