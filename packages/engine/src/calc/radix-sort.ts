// Ascending sort of integer-valued doubles (minor units) by LSD radix (11-bit digits of 32-bit keys
// when the values span less than 2^32, 16-bit digits beyond): O(n) passes instead of a comparison
// sort, for whale curves over millions of records. `out` (optional, may be
// the input) receives the result instead of a new array; `alloc` gives the working arrays.

import { type Allocator, HEAP } from "./float64-block.ts";

const DIGIT = 65536;

export function sortIntegers(
  values: Float64Array,
  out?: Float64Array,
  alloc: Allocator = HEAP,
): Float64Array {
  const n = values.length;
  if (n < 4096) return into(values.slice().sort(), out);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const range = max - min;
  if (!(range < 2 ** 53)) return into(values.slice().sort(), out);
  if (range < 2 ** 32) return sortUint32(values, min, range, out ?? new Float64Array(n), alloc);
  let src = new Float64Array(n);
  for (let i = 0; i < n; i++) src[i] = values[i]! - min;
  let dst = new Float64Array(n);
  const count = new Uint32Array(DIGIT);
  for (let div = 1; div <= range; div *= DIGIT) {
    count.fill(0);
    for (let i = 0; i < n; i++) {
      const d = Math.floor(src[i]! / div) % DIGIT;
      count[d] = count[d]! + 1;
    }
    let sum = 0;
    for (let d = 0; d < DIGIT; d++) {
      const c = count[d]!;
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const v = src[i]!;
      const d = Math.floor(v / div) % DIGIT;
      dst[count[d]!] = v;
      count[d] = count[d]! + 1;
    }
    const t = src;
    src = dst;
    dst = t;
  }
  for (let i = 0; i < n; i++) src[i] = src[i]! + min;
  return into(src, out);
}

function into(sorted: Float64Array, out: Float64Array | undefined): Float64Array {
  if (out === undefined) return sorted;
  out.set(sorted);
  return out;
}

/** Digits of the 32-bit keys: 11 bits, so that the counts (8 KB) stay in the first-level cache. */
const BITS = 11;
const BUCKETS = 1 << BITS;

/**
 * Values spanning less than 2^32: keys value - min as 32-bit integers, sorted on 11-bit digits
 * with integer operations (no float division or modulo per value), only as many digits as the
 * range has; written to `out`, which may be `values` itself.
 */
function sortUint32(
  values: Float64Array,
  min: number,
  range: number,
  out: Float64Array,
  alloc: Allocator,
): Float64Array {
  const n = values.length;
  let keys = alloc.uint32(n);
  for (let i = 0; i < n; i++) keys[i] = values[i]! - min;
  let tmp = alloc.uint32(n);
  const count = new Uint32Array(BUCKETS);
  for (let shift = 0; shift < 32 && range >= 2 ** shift; shift += BITS) {
    count.fill(0);
    for (let i = 0; i < n; i++) {
      const d = (keys[i]! >>> shift) & (BUCKETS - 1);
      count[d] = count[d]! + 1;
    }
    let sum = 0;
    for (let d = 0; d < BUCKETS; d++) {
      const c = count[d]!;
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const k = keys[i]!;
      const d = (k >>> shift) & (BUCKETS - 1);
      tmp[count[d]!] = k;
      count[d] = count[d]! + 1;
    }
    const t = keys;
    keys = tmp;
    tmp = t;
  }
  for (let i = 0; i < n; i++) out[i] = keys[i]! + min;
  return out;
}
