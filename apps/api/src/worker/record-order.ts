// Record orderings kept with a run's results, so that a page of a dimension's records sorted by a
// total (amount, cost, unallocated, profit) is read by position instead of sorting millions of
// rows per request (docs/calculation.md, "Reading results").

// Stored as result_vectors rows of step 0, kind ORDER:<field>, per dimension: source_no = block
// number, bytes = the record numbers at positions [block * size, (block + 1) * size) of the
// ascending order as 4-byte big-endian integers (amounts empty; runs made before held them in
// amounts), links = [size]. A page reads a slice of one or two blocks (RUN_SETTINGS.orderBlock).

/** The sortable totals of result_records, as named in the `ordering` query parameter. */
export { type OrderField, orderKind } from "@costflow/db/repositories/results";

const DIGIT_BITS = 16;
const DIGITS = 1 << DIGIT_BITS;

/**
 * The working arrays of stableOrder, kept from one sort to the next: a writer sorting a dimension
 * by a dozen keys at size L would otherwise allocate and drop over a gigabyte of typed arrays,
 * and each such allocation pushes V8 towards a full garbage collection ("external memory
 * pressure"). An order answered with a scratch is a view into it: valid until its next sort.
 */
export class SortScratch {
  private readonly arrays: Uint32Array[] = [];
  readonly counts = new Uint32Array(DIGITS);

  /** Working array `slot` (0 to 5) with room for `n` values (contents left from earlier sorts). */
  array(slot: number, n: number): Uint32Array {
    let array = this.arrays[slot];
    if (!array || array.length < n) {
      array = new Uint32Array(n);
      this.arrays[slot] = array;
    }
    return array.subarray(0, n);
  }
}

/**
 * The indexes of `values` in ascending order of value, ties in index order (a stable sort), by
 * LSD radix on the IEEE-754 bits mapped to unsigned order: four passes of 16-bit digits, skipping
 * a digit that is the same for every value. -0 sorts as 0; NaN would sort last. With a `scratch`,
 * the answer is a view into it, overwritten by its next sort.
 */
export function stableOrder(values: Float64Array, scratch: SortScratch = new SortScratch()): Uint32Array {
  const n = values.length;
  const integral = integralOffsets(values, scratch);
  if (integral) return radixOrder([integral], n, scratch);
  const hi = scratch.array(1, n);
  const lo = scratch.array(0, n);
  const one = new Float64Array(1);
  const bits = new Uint32Array(one.buffer);
  for (let i = 0; i < n; i++) {
    one[0] = values[i]! === 0 ? 0 : values[i]!;
    const l = bits[0]!;
    const h = bits[1]!;
    // Negative numbers: all bits flipped (larger magnitude sorts first); others: sign bit set.
    if (h & 0x80000000) {
      hi[i] = ~h >>> 0;
      lo[i] = ~l >>> 0;
    } else {
      hi[i] = (h | 0x80000000) >>> 0;
      lo[i] = l;
    }
  }
  return radixOrder([lo, hi], n, scratch);
}

/**
 * Whole numbers within 2^32 of each other (minor units, record numbers: nearly every sort here)
 * as their offsets from the least, as unsigned 32-bit keys in the same order: two 16-bit passes
 * instead of four. Null when a value is not whole (or NaN), or the spread is wider.
 */
function integralOffsets(values: Float64Array, scratch: SortScratch): Uint32Array | null {
  const n = values.length;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v !== Math.floor(v)) return null;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (n === 0 || !(max - min < 2 ** 32)) return null;
  const keys = scratch.array(0, n);
  // Exact: both are whole and their difference is below 2^32 (-0 and 0 give the same key).
  for (let i = 0; i < n; i++) keys[i] = values[i]! - min;
  return keys;
}

/**
 * LSD radix sort of record indexes by unsigned keys of one or two 32-bit words (least significant
 * word first), 16 bits a pass, stable; a digit the same for every key is skipped.
 */
function radixOrder(keyWords: readonly Uint32Array[], n: number, scratch: SortScratch): Uint32Array {
  let words: Uint32Array[] = [...keyWords];
  let spare: Uint32Array[] = keyWords.map((_, w) => scratch.array(2 + w, n));
  let order = scratch.array(4, n);
  for (let i = 0; i < n; i++) order[i] = i;
  let orderTmp = scratch.array(5, n);
  const count = scratch.counts;
  for (let pass = 0; pass < 2 * keyWords.length; pass++) {
    const w = pass >> 1;
    const word = words[w]!;
    const shift = (pass % 2) * DIGIT_BITS;
    count.fill(0);
    for (let i = 0; i < n; i++) {
      const d = (word[i]! >>> shift) & (DIGITS - 1);
      count[d] = count[d]! + 1;
    }
    if (n === 0 || count[(word[0]! >>> shift) & (DIGITS - 1)] === n) continue;
    let sum = 0;
    for (let d = 0; d < DIGITS; d++) {
      const c = count[d]!;
      count[d] = sum;
      sum += c;
    }
    // The words still to sort by move with the order (the later passes read them at their new
    // places); the words already sorted by are not read again and stay behind.
    const from = word;
    const to = spare[w]!;
    // At most one more significant word (the float path's high word) moves too.
    const nextFrom = words[w + 1];
    const nextTo = spare[w + 1];
    for (let i = 0; i < n; i++) {
      const d = (from[i]! >>> shift) & (DIGITS - 1);
      const at = count[d]!;
      count[d] = at + 1;
      orderTmp[at] = order[i]!;
      to[at] = from[i]!;
      if (nextFrom) nextTo![at] = nextFrom[i]!;
    }
    [order, orderTmp] = [orderTmp, order];
    [words, spare] = [spare, words];
  }
  return order;
}
