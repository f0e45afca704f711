// Dense LU decomposition with partial pivoting for the step-2 system (I - A) x = C. The matrix is
// small (one row per indirect pool), so plain O(n^3) is fine; one step of iterative refinement
// brings the float solution to the last bits.

interface LuResult {
  x: Float64Array;
  /** Row index (in the original order) where a zero pivot was met, or -1. */
  singularAt: number;
}

/** Solves M x = b for a row-major n*n matrix M (not modified). */
export function luSolve(n: number, matrix: Float64Array, b: Float64Array): LuResult {
  const lu = matrix.slice();
  const perm = new Int32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  let scale = 0;
  for (let i = 0; i < n * n; i++) scale = Math.max(scale, Math.abs(matrix[i]!));
  const tiny = Math.max(scale, 1) * 1e-13;
  for (let k = 0; k < n; k++) {
    let p = k;
    let best = Math.abs(lu[k * n + k]!);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(lu[i * n + k]!);
      if (v > best) {
        best = v;
        p = i;
      }
    }
    if (best <= tiny) return { x: new Float64Array(n), singularAt: perm[k]! };
    if (p !== k) {
      for (let j = 0; j < n; j++) {
        const t = lu[k * n + j]!;
        lu[k * n + j] = lu[p * n + j]!;
        lu[p * n + j] = t;
      }
      const t = perm[k]!;
      perm[k] = perm[p]!;
      perm[p] = t;
    }
    const pivot = lu[k * n + k]!;
    for (let i = k + 1; i < n; i++) {
      const f = lu[i * n + k]! / pivot;
      if (f === 0) continue;
      lu[i * n + k] = f;
      for (let j = k + 1; j < n; j++) lu[i * n + j] = lu[i * n + j]! - f * lu[k * n + j]!;
    }
  }
  const x = substitute(n, lu, perm, b);
  // One refinement step: r = b - M x, solve M d = r, x += d.
  const r = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let j = 0; j < n; j++) s -= matrix[i * n + j]! * x[j]!;
    r[i] = s;
  }
  const d = substitute(n, lu, perm, r);
  for (let i = 0; i < n; i++) x[i] = x[i]! + d[i]!;
  return { x, singularAt: -1 };
}

function substitute(n: number, lu: Float64Array, perm: Int32Array, b: Float64Array): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[perm[i]!]!;
    for (let j = 0; j < i; j++) s -= lu[i * n + j]! * y[j]!;
    y[i] = s;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let j = i + 1; j < n; j++) s -= lu[i * n + j]! * x[j]!;
    x[i] = s / lu[i * n + i]!;
  }
  return x;
}
