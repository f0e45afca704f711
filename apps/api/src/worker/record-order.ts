// Record orderings kept with a run's results, so that a page of a dimension's records sorted by a
// total (amount, cost, unallocated, profit) is read by position instead of sorting millions of
// rows per request (docs/calculation.md, "Reading results").

// Stored as result_vectors rows of step 0, kind ORDER:<field>, per dimension: source_no = block
// number, amounts = the record numbers at positions [block * size, (block + 1) * size) of the
// ascending order, links = [size]. A page reads one or two blocks (RUN_SETTINGS.orderBlock).

/** The sortable totals of result_records, as named in the `ordering` query parameter. */
export { type OrderField, orderKind } from "@costflow/db/repositories/results";

const DIGIT_BITS = 16;
const DIGITS = 1 << DIGIT_BITS;

/**
 * The indexes of `values` in ascending order of value, ties in index order (a stable sort), by
 * LSD radix on the IEEE-754 bits mapped to unsigned order: four passes of 16-bit digits, skipping
 * a digit that is the same for every value. -0 sorts as 0; NaN would sort last.
 */
export function stableOrder(values: Float64Array): Uint32Array {
  const n = values.length;
  let hi = new Uint32Array(n);
  let lo = new Uint32Array(n);
  const scratch = new Float64Array(1);
  const bits = new Uint32Array(scratch.buffer);
  for (let i = 0; i < n; i++) {
    scratch[0] = values[i]! === 0 ? 0 : values[i]!;
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
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let hiTmp = new Uint32Array(n);
  let loTmp = new Uint32Array(n);
  let orderTmp = new Uint32Array(n);
  const count = new Uint32Array(DIGITS);
  for (let pass = 0; pass < 4; pass++) {
    const word = pass < 2 ? lo : hi;
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
    for (let i = 0; i < n; i++) {
      const d = (word[i]! >>> shift) & (DIGITS - 1);
      const at = count[d]!;
      count[d] = at + 1;
      hiTmp[at] = hi[i]!;
      loTmp[at] = lo[i]!;
      orderTmp[at] = order[i]!;
    }
    [hi, hiTmp] = [hiTmp, hi];
    [lo, loTmp] = [loTmp, lo];
    [order, orderTmp] = [orderTmp, order];
  }
  return order;
}
