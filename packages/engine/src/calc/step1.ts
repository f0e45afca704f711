// Step 1: financial accounts to cost pools. R = round(S * T) is split over all rows by their raw
// amounts (largest remainder, ties to the pool code first); U = S - R stays on the account.

import type { Step1Rule } from "../model/types.ts";
import { byCode, type CalcContext } from "./context.ts";
import { toMinorUnits } from "./decimal.ts";
import { CalcError } from "./errors.ts";
import { splitBigToNumbers } from "./largest-remainder.ts";
import { commonWeights, mul, ratInt, ratToNumber, roundRat, ZERO } from "./rational.ts";
import type { AccountResult, AllocationRow, Flow, StepCheck } from "./result-types.ts";
import { computeShares, type PoolDriverLookup } from "./rule-shares.ts";
import { statusOf } from "./status.ts";

interface Step1Output {
  accounts: AccountResult[];
  rows: AllocationRow[];
  flows: Flow[];
  /** Cost of each pool after step 1 (minor units), by pool code. */
  poolCost: Map<string, number>;
  check: StepCheck | null;
}

/** Sorts rule rows so that results never depend on the order rows were given in. */
export function ruleRowOrder(
  a: { destination: string; type: string; driver: string | null; percentage: number },
  b: { destination: string; type: string; driver: string | null; percentage: number },
): number {
  return (
    byCode(a.destination, b.destination) ||
    byCode(a.type, b.type) ||
    byCode(a.driver ?? "", b.driver ?? "") ||
    a.percentage - b.percentage
  );
}

export function loadAccountAmounts(ctx: CalcContext): Map<string, number> {
  const known = new Set(ctx.model.accounts.map((a) => a.code));
  const amounts = new Map<string, number>();
  for (const value of ctx.model.accountValues) {
    if (!known.has(value.account)) {
      ctx.issue({
        kind: "ACCOUNT_UNKNOWN",
        step: 1,
        message: `Account value for unknown account ${value.account} ignored`,
        details: { account: value.account, amount: value.amount },
      });
      continue;
    }
    if (!Number.isFinite(value.amount)) {
      throw new CalcError("INVALID_AMOUNT", `Account ${value.account} has amount ${value.amount}`, {
        account: value.account,
        value: value.amount,
      });
    }
    const { minor, changed } = toMinorUnits(value.amount, ctx.digits);
    if (changed) {
      ctx.warnings.push(
        `Amount ${value.amount} of account ${value.account} has more than ${ctx.digits} decimals; rounded to ${minor / 10 ** ctx.digits}`,
      );
    }
    amounts.set(value.account, (amounts.get(value.account) ?? 0) + minor);
  }
  return amounts;
}

export function runStep1(
  ctx: CalcContext,
  amounts: Map<string, number>,
  knownDrivers: ReadonlySet<string>,
  lookup: PoolDriverLookup,
): Step1Output {
  const { model } = ctx;
  const accountCodes = new Set(model.accounts.map((a) => a.code));
  const rulesByAccount = step1RulesByAccount(ctx, accountCodes);
  const poolCost = new Map<string, number>(model.pools.map((p) => [p.code, 0]));
  const accounts: AccountResult[] = [];
  const rows: AllocationRow[] = [];
  const flowMap = new Map<string, Flow>();
  let totalIn = 0;
  let totalAllocated = 0;
  let totalUnallocated = 0;
  const codes = [...accountCodes].sort(byCode);
  for (const code of codes) {
    const s = amounts.get(code) ?? 0;
    const ruleRows = (rulesByAccount.get(code) ?? [])
      .map((r) => ({ destination: r.pool, type: r.type, percentage: r.percentage, driver: r.driver }))
      .sort(ruleRowOrder);
    const label = `Step 1 rule of account ${code}`;
    const { shares, total, zeroGroups } = ruleRows.length
      ? computeShares(label, ruleRows, knownDrivers, lookup)
      : { shares: [], total: ZERO, zeroGroups: [] };
    for (const driver of zeroGroups) {
      ctx.issue({
        kind: "ZERO_DRIVER_SUM",
        step: 1,
        message: `Please, set driver values: driver ${driver} sums to 0 for the pools of account ${code}`,
        details: { account: code, driver },
      });
    }
    if (ruleRows.length === 0 && s !== 0) {
      ctx.issue({
        kind: "ACCOUNT_WITHOUT_RULES",
        step: 1,
        message: `Account ${code} has a value and no step-1 rule: fully unallocated`,
        details: { account: code, amount: s },
      });
    }
    const routed = Number(roundRat(mul(ratInt(s), total)));
    const weights = commonWeights(shares);
    const anyWeight = weights.some((w) => w > 0n);
    const parts = anyWeight ? splitBigToNumbers(routed, weights) : weights.map(() => 0);
    // What the pools actually received, so the conservation check tests the split itself.
    const allocated = parts.reduce((a, b) => a + b, 0);
    const status = statusOf(total);
    ruleRows.forEach((row, i) => {
      const amount = parts[i]!;
      rows.push({
        source: code,
        destination: row.destination,
        amount,
        status,
        originalAmount: s,
        allocatedAmount: allocated,
      });
      poolCost.set(row.destination, poolCost.get(row.destination)! + amount);
      const key = `${code}\u0000${row.destination}`;
      const flow = flowMap.get(key);
      if (flow) flow.amount += amount;
      else flowMap.set(key, { step: 1, source: code, destination: row.destination, amount });
    });
    accounts.push({
      code,
      amount: s,
      allocated,
      unallocated: s - allocated,
      status,
      totalPercentage: ratToNumber(total) * 100,
      hasRules: ruleRows.length > 0,
    });
    totalIn += s;
    totalAllocated += allocated;
    totalUnallocated += s - allocated;
  }
  const flows = [...flowMap.values()].filter((f) => f.amount !== 0);
  const hasStep = model.rules.step1.length > 0 || totalIn !== 0;
  const check: StepCheck | null = hasStep
    ? {
        step: 1,
        in: totalIn,
        allocated: totalAllocated,
        unallocated: totalUnallocated,
        ok: totalIn === totalAllocated + totalUnallocated,
      }
    : null;
  return { accounts, rows, flows, poolCost, check };
}

/** The step-1 rules of each account; a rule naming an unknown account or pool stops the calculation. */
function step1RulesByAccount(ctx: CalcContext, accountCodes: ReadonlySet<string>): Map<string, Step1Rule[]> {
  const poolCodes = new Set(ctx.model.pools.map((p) => p.code));
  const rulesByAccount = new Map<string, Step1Rule[]>();
  for (const rule of ctx.model.rules.step1) {
    if (!accountCodes.has(rule.account)) {
      throw new CalcError("UNKNOWN_REFERENCE", `Step 1 rule names unknown account ${rule.account}`, {
        rule: `${rule.account} -> ${rule.pool}`,
      });
    }
    if (!poolCodes.has(rule.pool)) {
      throw new CalcError("UNKNOWN_REFERENCE", `Step 1 rule ${rule.account} -> ${rule.pool}: unknown pool`, {
        rule: `${rule.account} -> ${rule.pool}`,
      });
    }
    const list = rulesByAccount.get(rule.account);
    if (list) list.push(rule);
    else rulesByAccount.set(rule.account, [rule]);
  }
  return rulesByAccount;
}
