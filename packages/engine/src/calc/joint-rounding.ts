// Rounds float amounts (minor units) so that they sum exactly to an integer target, by the largest
// remainder method in the given order (ties to the first). Used for the exits of the reciprocal
// step-2 solve. The raw values are first snapped to a fine grid (1e-6 minor unit where the
// magnitude allows) so that float noise in the solve cannot decide a tie or a floor.

export function roundJointly(raws: readonly number[], target: number): number[] {
  if (target < 0)
    return roundJointly(
      raws.map((r) => -r),
      -target,
    ).map((v) => -v + 0);
  let maxAbs = 1;
  for (const r of raws) maxAbs = Math.max(maxAbs, Math.abs(r));
  const digits = Math.max(0, Math.min(6, Math.floor(Math.log10(2 ** 50 / maxAbs))));
  const grid = 10 ** digits;
  const out: number[] = new Array(raws.length);
  const rem: number[] = new Array(raws.length);
  let given = 0;
  raws.forEach((raw, i) => {
    const snapped = Math.round(raw * grid);
    let q = Math.floor(snapped / grid);
    let r = snapped - q * grid;
    if (r < 0) {
      q -= 1;
      r += grid;
    } else if (r >= grid) {
      q += 1;
      r -= grid;
    }
    out[i] = q;
    rem[i] = r;
    given += q;
  });
  let missing = target - given;
  if (raws.length === 0) return out;
  const order = raws.map((_, i) => i);
  if (missing > 0) {
    order.sort((a, b) => rem[b]! - rem[a]! || a - b);
    for (let k = 0; missing > 0; k = (k + 1) % order.length, missing--) {
      const i = order[k]!;
      out[i] = out[i]! + 1;
    }
  } else if (missing < 0) {
    // Only float noise can make the floors overshoot: take units back from the smallest remainders.
    order.sort((a, b) => rem[a]! - rem[b]! || b - a);
    for (let k = 0; missing < 0; k = (k + 1) % order.length, missing++) {
      const i = order[k]!;
      out[i] = out[i]! - 1;
    }
  }
  return out;
}

/** Rounds a float minor-unit amount half away from zero, after snapping away float noise. */
export function roundFloatMinor(v: number): number {
  const a = Math.abs(v);
  const snapped = a < 2 ** 30 ? Math.round(a * 1e6) / 1e6 : a;
  const r = Math.floor(snapped + 0.5);
  return v < 0 ? -r + 0 : r;
}
