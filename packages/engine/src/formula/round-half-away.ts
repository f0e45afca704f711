// ROUND(x, n) of the formula language: n decimals (negative n rounds to tens, hundreds...), halves
// away from zero (allocation-semantics.md, fixed choice 1).

export function roundHalfAway(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  const n = Math.trunc(digits);
  // Beyond 15 decimals a double has nothing left to round; below -308 every value rounds to 0.
  if (n > 15) return x;
  if (n < -308) return 0;
  const factor = 10 ** Math.abs(n);
  const scaled = n >= 0 ? Math.abs(x) * factor : Math.abs(x) / factor;
  let whole = Math.floor(scaled);
  // A decimal half such as 1.005 is stored a hair below the half (1.00499999...); accept a few ulps
  // of slack so the result is what an accountant typing the number expects.
  if (scaled - whole >= 0.5 - 4 * Number.EPSILON * Math.max(1, scaled)) whole += 1;
  const result = n >= 0 ? whole / factor : whole * factor;
  return x < 0 ? -result : result;
}
