// Shares of one source's rule rows (steps 1 to 3), exact. PERCENTAGE row: p / 100. DRIVER rows
// naming driver d form a group routing g / 100 split by the pools' values of d; a group whose values
// sum to 0 routes nothing, is left out of T (fixed choice 2) and is reported.

import type { RuleType } from "../model/types.ts";
import { CalcError } from "./errors.ts";
import { add, cmp, div, isZero, mul, type Rat, rat, ratOf, ZERO } from "./rational.ts";

interface ShareRow {
  destination: string;
  type: RuleType;
  percentage: number;
  driver: string | null;
}

interface Shares {
  /** Share of the source per row (fraction of 1), aligned with the rows. */
  shares: Rat[];
  /** T as a fraction of 1 (1 = 100%). */
  total: Rat;
  /** Drivers of groups whose values sum to 0. */
  zeroGroups: string[];
}

export type PoolDriverLookup = (driver: string, pool: string) => number | undefined;

const HUNDREDTH = rat(1n, 100n);

export function percentageOf(value: number, label: string): Rat {
  if (!Number.isFinite(value) || value < 0) {
    throw new CalcError("INVALID_PERCENTAGE", `${label}: percentage ${value} is not a number >= 0`, {
      rule: label,
      value,
    });
  }
  return mul(ratOf(value), HUNDREDTH);
}

export function computeShares(
  label: string,
  rows: readonly ShareRow[],
  knownDrivers: ReadonlySet<string>,
  lookup: PoolDriverLookup,
): Shares {
  const shares: Rat[] = rows.map(() => ZERO);
  let total = ZERO;
  const zeroGroups: string[] = [];
  const groups = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const rowLabel = `${label} -> ${row.destination}`;
    if (row.type === "PERCENTAGE") {
      shares[i] = percentageOf(row.percentage, rowLabel);
      total = add(total, shares[i]!);
      return;
    }
    if (row.driver === null || row.driver === "") {
      throw new CalcError("UNKNOWN_REFERENCE", `${rowLabel}: a DRIVER rule needs a cost-pool driver`, {
        rule: rowLabel,
      });
    }
    if (!knownDrivers.has(row.driver)) {
      throw new CalcError("UNKNOWN_REFERENCE", `${rowLabel}: unknown cost-pool driver "${row.driver}"`, {
        rule: rowLabel,
        driver: row.driver,
      });
    }
    const list = groups.get(row.driver);
    if (list) list.push(i);
    else groups.set(row.driver, [i]);
  });
  for (const [driver, members] of groups) {
    const first = rows[members[0]!]!;
    const g = percentageOf(first.percentage, `${label} (driver ${driver})`);
    const values: Rat[] = [];
    let sum = ZERO;
    for (const i of members) {
      const row = rows[i]!;
      if (cmp(percentageOf(row.percentage, label), g) !== 0) {
        throw new CalcError(
          "DRIVER_GROUP_PERCENTAGE_MISMATCH",
          `${label}: rows of driver group "${driver}" carry different percentages (${first.percentage} and ${row.percentage})`,
          { rule: label, driver, percentages: members.map((m) => rows[m]!.percentage) },
        );
      }
      const raw = lookup(driver, row.destination);
      const v = raw === undefined || Number.isNaN(raw) ? 0 : raw;
      if (!Number.isFinite(v) || v < 0) {
        throw new CalcError(
          "INVALID_WEIGHT",
          `${label}: driver "${driver}" has value ${v} on pool ${row.destination}; values must be finite and not negative`,
          { rule: label, driver, record: row.destination, value: v },
        );
      }
      const r = ratOf(v);
      values.push(r);
      sum = add(sum, r);
    }
    if (isZero(sum)) {
      zeroGroups.push(driver);
      continue;
    }
    members.forEach((i, k) => {
      shares[i] = mul(g, div(values[k]!, sum));
    });
    total = add(total, g);
  }
  return { shares, total, zeroGroups };
}
