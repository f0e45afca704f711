// The step-5/6 push kernel: every parent's value split over its run of children in a CSR child
// list, by the largest remainder method (largest-remainder.ts, same amounts to the minor unit),
// in one loop over the parents of a push with no allocation per parent for the usual runs (one
// child; equal weights; 2 to 9 children by the written-out splits of push-splits.ts; up to
// SMALL_RUN children split in plain double arithmetic).
// Longer runs and amounts past plain arithmetic go through the Splitter.
//
// What a parent passes on is added to `into` (the child vector of the source, or straight into
// the child dimension's totals), when the push keeps its detail written to `received`, and when
// the push rolls up child by child (roll-detail.ts) added to rollSums[rollMap[j]] (if >= 0), where
// rollMap is in child-list order (j the child's position in the list: read in order, not scattered).

import type { Splitter } from "./largest-remainder.ts";
import { RUN_SPLITS, UNROLLED_MAX } from "./push-splits.ts";

/** |S| x max w_i + W below this: floors and remainders exact in doubles (largest-remainder.ts). */
const LIMIT = 2 ** 52;
/** Runs up to this many children are split inline. */
const SMALL_RUN = 32;
/** Weight sums below this give remainders whose rank keys (rem x 32 + 31 - j) stay below 2^30. */
const RANK_LIMIT = 2 ** 25;

interface PushRunTotals {
  allocated: number;
  unallocated: number;
}

/** Per-engine scratch of the inline splits (SMALL_RUN long). */
interface RunScratch {
  amount: Float64Array;
  rem: Float64Array;
  key: Int32Array;
}

export function runScratch(): RunScratch {
  return {
    amount: new Float64Array(SMALL_RUN),
    rem: new Float64Array(SMALL_RUN),
    key: new Int32Array(SMALL_RUN),
  };
}

/**
 * Splits the values of parents pFrom..pTo-1 of `vp` over their children:
 * offsets[p]..offsets[p+1] index the child list; child j of the list is record ids[j], or record
 * j when `ids` is null (children already in record order). `wt` holds the weights in child-list
 * order (when `uniform`, any array of the column's one weight), `maxW` a bound on them; wByParent
 * the exact weight sum of each parent's run; `written`: runs of 2 to 9 children through the
 * written-out splits (push-splits.ts), else all through splitSmall (same figures). A parent with no children or W = 0 keeps its value (listed in stayParents /
 * stayAmounts, added to `sink`); the others pass it on and are cleared in `vp`, their value
 * recorded in `sent` (when not null). `long`: a scratch as long as the child list, for the runs
 * the Splitter does.
 */
export function pushRuns(
  splitter: Splitter,
  scratch: RunScratch,
  vp: Float64Array,
  pFrom: number,
  pTo: number,
  offsets: Int32Array,
  ids: Int32Array | null,
  wt: Float64Array,
  uniform: boolean,
  written: boolean,
  maxW: number,
  wByParent: Float64Array,
  long: Float64Array,
  received: Float64Array | null,
  into: Float64Array,
  sent: Float64Array | null,
  sink: Float64Array | null,
  stayParents: number[],
  stayAmounts: number[],
  totals: PushRunTotals,
  rollMap: Int32Array | null = null,
  rollSums: Float64Array | null = null,
): void {
  const amount = scratch.amount;
  const rem = scratch.rem;
  const key = scratch.key;
  let allocated = totals.allocated;
  let unallocated = totals.unallocated;
  for (let p = pFrom; p < pTo; p++) {
    const c = vp[p]!;
    if (c === 0) continue;
    const start = offsets[p]!;
    const end = offsets[p + 1]!;
    const w = wByParent[p]!;
    if (end === start || w === 0) {
      stayParents.push(p);
      stayAmounts.push(c);
      unallocated += c;
      if (sink !== null) sink[p] = sink[p]! + c;
      continue;
    }
    const m = end - start;
    const s = Math.abs(c);
    if (m === 1) {
      const id = ids === null ? start : ids[start]!;
      if (received !== null) received[id] = c;
      into[id] = into[id]! + c;
      if (rollSums !== null) rollInto(rollMap!, rollSums, start, c);
    } else if (s >= LIMIT) {
      splitLong(splitter, c, wt, uniform, w, maxW, start, end, long, ids, received, into, rollMap, rollSums);
    } else if (uniform) {
      // m equal weights: floor(s / m) each, the spare units to the first children.
      let q = Math.floor(s / m);
      let r = s - q * m;
      while (r < 0) {
        q -= 1;
        r += m;
      }
      while (r >= m) {
        q += 1;
        r -= m;
      }
      const negative = c < 0;
      const low = negative ? -q + 0 : q;
      const high = negative ? -(q + 1) + 0 : q + 1;
      for (let j = 0; j < m; j++) {
        const id = ids === null ? start + j : ids[start + j]!;
        const a = j < r ? high : low;
        if (received !== null) received[id] = a;
        into[id] = into[id]! + a;
        if (rollSums !== null) rollInto(rollMap!, rollSums, start + j, a);
      }
    } else if (written && m <= UNROLLED_MAX && w < RANK_LIMIT && s * maxW + w < LIMIT) {
      RUN_SPLITS[m]!(s, c < 0, wt, w, start, ids, received, into, rollMap, rollSums);
    } else if (m <= SMALL_RUN && s * maxW + w < LIMIT) {
      splitSmall(c, s, wt, w, start, m, amount, rem, key);
      for (let j = 0; j < m; j++) {
        const id = ids === null ? start + j : ids[start + j]!;
        const a = amount[j]!;
        if (received !== null) received[id] = a;
        into[id] = into[id]! + a;
        if (rollSums !== null) rollInto(rollMap!, rollSums, start + j, a);
      }
    } else {
      splitLong(splitter, c, wt, uniform, w, maxW, start, end, long, ids, received, into, rollMap, rollSums);
    }
    if (sent !== null) sent[p] = c;
    vp[p] = 0;
    allocated += c;
  }
  totals.allocated = allocated;
  totals.unallocated = unallocated;
}

/**
 * The largest-remainder split of c over the m weights wt[start..start+m) (sum w, s = |c|,
 * s x max weight + w < 2^52), into amount[0..m): floors and remainders exactly as Splitter.splitPlain computes
 * them, then the s - sum(floors) missing units (fewer than m) to the largest remainders, ties to
 * the lower index: by rank when w < 2^25; else, half or fewer picked largest first, more given to
 * every child but the m - k smallest (ties: the higher index goes without), the same set.
 */
function splitSmall(
  c: number,
  s: number,
  wt: Float64Array,
  w: number,
  start: number,
  m: number,
  amount: Float64Array,
  rem: Float64Array,
  key: Int32Array,
): void {
  const inv = 1 / w;
  let given = 0;
  for (let j = 0; j < m; j++) {
    const prod = s * wt[start + j]!;
    let q = Math.floor(prod * inv);
    let r = prod - q * w;
    while (r < 0) {
      q -= 1;
      r += w;
    }
    while (r >= w) {
      q += 1;
      r -= w;
    }
    amount[j] = q;
    rem[j] = r;
    given += q;
  }
  const k = s - given;
  if (k > 0) {
    if (w < RANK_LIMIT) {
      // Branch-free: key = rem * 32 + (31 - j) orders by remainder, ties to the lower index, and
      // is distinct below 2^30; a child's rank is the number of greater keys, counted by the sign
      // bit of the differences; the k first ranks get a unit.
      for (let j = 0; j < m; j++) key[j] = rem[j]! * SMALL_RUN + (SMALL_RUN - 1 - j);
      for (let j = 0; j < m; j++) {
        const kj = key[j]!;
        let rank = 0;
        for (let i = 0; i < m; i++) rank += (kj - key[i]!) >>> 31;
        amount[j] = amount[j]! + ((rank - k) >>> 31);
      }
    } else if (2 * k <= m) {
      for (let t = 0; t < k; t++) {
        // The largest remaining remainder, the first of equals (ascending scan, strict >).
        let best = 0;
        let value = -1;
        for (let j = 0; j < m; j++) {
          const r = rem[j]!;
          if (r > value) {
            best = j;
            value = r;
          }
        }
        amount[best] = amount[best]! + 1;
        rem[best] = -1;
      }
    } else {
      for (let j = 0; j < m; j++) amount[j] = amount[j]! + 1;
      for (let t = m - k; t > 0; t--) {
        // The smallest remaining remainder, the last of equals (descending scan, strict <);
        // remainders are below w, so w marks one already taken.
        let worst = m - 1;
        let value = w;
        for (let j = m - 1; j >= 0; j--) {
          const r = rem[j]!;
          if (r < value) {
            worst = j;
            value = r;
          }
        }
        amount[worst] = amount[worst]! - 1;
        rem[worst] = w;
      }
    }
  }
  if (c < 0) for (let j = 0; j < m; j++) amount[j] = -amount[j]! + 0;
}

/** A run the Splitter does (long, or past plain arithmetic), through `long` in list order. */
function splitLong(
  splitter: Splitter,
  c: number,
  wt: Float64Array,
  uniform: boolean,
  w: number,
  maxW: number,
  start: number,
  end: number,
  long: Float64Array,
  ids: Int32Array | null,
  received: Float64Array | null,
  into: Float64Array,
  rollMap: Int32Array | null,
  rollSums: Float64Array | null,
): void {
  splitter.split(c, wt, null, w, null, start, end, long, uniform, maxW);
  for (let j = start; j < end; j++) {
    const id = ids === null ? j : ids[j]!;
    const a = long[j]!;
    if (received !== null) received[id] = a;
    into[id] = into[id]! + a;
    if (rollSums !== null) rollInto(rollMap!, rollSums, j, a);
  }
}

/** Adds the amount of the child at list position j to the roll-up sum of the kept record it reaches (if any). */
function rollInto(map: Int32Array, sums: Float64Array, j: number, a: number): void {
  const y = map[j]!;
  if (y >= 0) sums[y] = sums[y]! + a;
}
