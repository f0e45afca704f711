// Exact floor(a * b / w) and its remainder for non-negative integers a < 2^52, b <= w < 2^50,
// without BigInt: a * b is held exactly as hi + lo (Dekker's error-free product), the quotient is
// estimated in floating point (off by at most 2) and corrected with an exactly computed remainder.
// Why exact: hi - q*w's hi part is a difference of nearby doubles (Sterbenz), the lo parts are
// integers below 2^50, and the true remainder is below 4w < 2^52, so every step is representable.

const SPLIT = 134217729; // 2^27 + 1 (Veltkamp splitting)

/** Remainder of the last wideDivide call. */
export const WIDE = { rem: Number.NaN };

/** Low part of the last twoProduct (an object field: a module-level `let` holding a double
 * would box every value it is given). */
const PRODUCT = { lo: Number.NaN };

/** hi = fl(a * b); PRODUCT.lo = a * b - hi exactly. */
function twoProduct(a: number, b: number): number {
  const hi = a * b;
  let c = SPLIT * a;
  const ah = c - (c - a);
  const al = a - ah;
  c = SPLIT * b;
  const bh = c - (c - b);
  const bl = b - bh;
  PRODUCT.lo = ah * bh - hi + ah * bl + al * bh + al * bl;
  return hi;
}

export function wideDivide(a: number, b: number, w: number): number {
  const p = twoProduct(a, b);
  const e = PRODUCT.lo;
  let q = Math.floor(p / w);
  const p2 = twoProduct(q, w);
  const e2 = PRODUCT.lo;
  let r = p - p2 + (e - e2);
  while (r < 0) {
    q -= 1;
    r += w;
  }
  while (r >= w) {
    q += 1;
    r -= w;
  }
  WIDE.rem = r;
  return q;
}
