// The largest remainder method in BigInt, all remainders sorted: the reference the engine's
// splits are checked against (push kernel, written-out run splits).

/** Largest remainder with BigInt, all remainders sorted; ties to the lower index. */
export function referenceSplit(total: bigint, weights: bigint[]): bigint[] {
  const neg = total < 0n;
  const s = neg ? -total : total;
  const w = weights.reduce((a, b) => a + b, 0n);
  const parts = weights.map((x) => (s * x) / w);
  const order = weights.map((x, i) => ({ i, r: s * x - parts[i]! * w }));
  let missing = s - parts.reduce((a, b) => a + b, 0n);
  order.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of order) {
    if (missing === 0n) break;
    parts[i] = parts[i]! + 1n;
    missing--;
  }
  return neg ? parts.map((p) => -p) : parts;
}
