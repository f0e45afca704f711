// Ascending sort of integer-valued doubles (minor units) by LSD radix on 16-bit digits: O(n) passes
// instead of a comparison sort, for whale curves over millions of records.

const DIGIT = 65536;

export function sortIntegers(values: Float64Array): Float64Array {
  const n = values.length;
  if (n < 4096) return values.slice().sort();
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const range = max - min;
  if (!(range < 2 ** 53)) return values.slice().sort();
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
  return src;
}
