// The six allocation rule files.

import { step6SourceDimensions } from "../calc/step6-sources.ts";
import type {
  CostPool,
  ModelData,
  PushSplit,
  RuleType,
  Step1Rule,
  Step2Rule,
  Step3Rule,
  Step4Rule,
  Step4SplitType,
  Step5Rule,
  Step6Rule,
} from "../model/types.ts";
import type { BundleErrorCode } from "./bundle-error.ts";
import { checkRef, type ReadContext, spec, tableOf, UniqueKeys } from "./read-context.ts";
import { checkFormulaCell, type DimensionData, type DimensionNames } from "./read-dimensions.ts";
import type { MasterData } from "./read-master-data.ts";
import type { Row, Table } from "./read-table.ts";

const RULE_TYPES: readonly RuleType[] = ["PERCENTAGE", "DRIVER"];
const STEP4_TYPES: readonly Step4SplitType[] = ["EVEN", "DRIVER", "FORMULA"];

/** Checks a percentage cell: a number in 0..100. */
function percentage(table: Table, row: Row, col: number, empty: number | "required"): number | null {
  const p = table.number(row, col, empty);
  if (p === null) return null;
  if (p < 0 || p > 100) {
    table.issue(row, col, "invalid_value", `Percentage ${p} is not between 0 and 100`);
    return null;
  }
  return p;
}

/**
 * Rows of one source that name the same driver form a group carrying one percentage
 * (allocation-semantics.md, step 1); a mismatch is an issue naming the group's first line.
 */
class DriverGroups {
  private readonly groups = new Map<string, { pct: number; line: number }>();

  constructor(private readonly table: Table) {}

  check(row: Row, col: number, source: string, driver: string, pct: number): boolean {
    const key = `${source}\u0000${driver}`;
    const g = this.groups.get(key);
    if (!g) {
      this.groups.set(key, { pct, line: row.line });
      return true;
    }
    if (g.pct === pct) return true;
    this.table.issue(
      row,
      col,
      "invalid_value",
      `Rows of ${source} with driver ${driver} must share one percentage: ${pct} here, ${g.pct} on line ${g.line}`,
    );
    return false;
  }
}

/** Names a push or a DRIVER split may use on dimension `dim`. */
function weightNames(names: DimensionNames, dim: string): string[] {
  return [...(names.decimals.get(dim) ?? []), ...(names.calculated.get(dim) ?? [])];
}

function weightDriver(
  table: Table,
  row: Row,
  col: number,
  names: DimensionNames,
  dim: string,
  driver: string,
): boolean {
  if (names.decimals.get(dim)?.has(driver) || names.calculated.get(dim)?.has(driver)) return true;
  table.issue(row, col, "unknown_reference", `"${driver}" is not a decimal or calculated driver of ${dim}`);
  return false;
}

/** Parses a step-5/6 split cell: NOT_ALLOCATE, EVEN, DRIVER:<driver> or =formula. */
function pushSplit(
  table: Table,
  row: Row,
  col: number,
  names: DimensionNames,
  child: string,
): PushSplit | null {
  const text = table.text(row, col);
  if (text === "" || text === "NOT_ALLOCATE") return { kind: "NOT_ALLOCATE" };
  if (text === "EVEN") return { kind: "EVEN" };
  if (text.startsWith("DRIVER:")) {
    const driver = text.slice("DRIVER:".length);
    return weightDriver(table, row, col, names, child, driver) ? { kind: "DRIVER", driver } : null;
  }
  if (text.trimStart().startsWith("=")) {
    return checkFormulaCell(table, row, col, text, weightNames(names, child))
      ? { kind: "FORMULA", formula: text }
      : null;
  }
  table.issue(row, col, "invalid_value", `"${text}" is not NOT_ALLOCATE, EVEN, DRIVER:<driver> or a formula`);
  return null;
}

/** A push from parent to child needs the child's relationship driver <PARENT>_ID. */
function checkPushDimensions(
  table: Table,
  row: Row,
  parent: string | null,
  child: string | null,
  dims: Set<string>,
  names: DimensionNames,
): boolean {
  const okParent = checkRef(table, row, 1, parent, dims, "dimension");
  const okChild = checkRef(table, row, 2, child, dims, "dimension");
  if (!okParent || !okChild) return false;
  if (!names.relations.get(child!)?.has(parent!)) {
    table.issue(row, 2, "unknown_reference", `${child} has no relationship driver ${parent}_ID to ${parent}`);
    return false;
  }
  return true;
}

/** Codes and names the rule files refer to. */
interface RuleRefs {
  accounts: Set<string>;
  pools: Map<string, CostPool>;
  poolDrivers: Set<string>;
  activities: Set<string>;
  dims: Set<string>;
  names: DimensionNames;
  dimData: DimensionData;
}

export async function readRules(
  ctx: ReadContext,
  master: MasterData,
  dimData: DimensionData,
  names: DimensionNames,
): Promise<ModelData["rules"]> {
  const refs: RuleRefs = {
    accounts: new Set(master.accounts.map((a) => a.code)),
    pools: new Map(master.pools.map((p) => [p.code, p])),
    poolDrivers: new Set(master.poolDrivers.map((d) => d.name)),
    activities: new Set(master.activities.map((a) => a.code)),
    dims: new Set(dimData.dimensions.map((d) => d.code)),
    names,
    dimData,
  };
  // One file after the other, so that issues keep the order of the files.
  const step1 = await readStep1(ctx, refs);
  const step2 = await readStep2(ctx, refs);
  const step3 = await readStep3(ctx, refs);
  const step4 = await readStep4(ctx, refs);
  const step5 = await readStep5(ctx, refs);
  const step6 = await readStep6(ctx, refs);
  return { step1, step2, step3, step4, step5, step6 };
}

/** rules_step1.csv: accounts to pools, by percentage or pool driver. */
async function readStep1(ctx: ReadContext, refs: RuleRefs): Promise<Step1Rule[]> {
  const { accounts, pools, poolDrivers } = refs;
  const t1 = await tableOf(
    ctx,
    "rules_step1.csv",
    spec("account_code", "pool_code", "type", "percentage", "driver_name?"),
  );
  if (!t1) return [];
  const rules: Step1Rule[] = [];
  const groups = new DriverGroups(t1);
  for (const row of t1.rows) {
    const account = t1.required(row, 0);
    const pool = t1.required(row, 1);
    const type = t1.oneOf(row, 2, RULE_TYPES);
    const pct = percentage(t1, row, 3, "required");
    const okA = checkRef(t1, row, 0, account, accounts, "account");
    const okP = checkRef(t1, row, 1, pool, pools, "cost pool");
    const driver = driverCell(t1, row, type, poolDrivers);
    if (!okA || !okP || type === null || pct === null || driver === undefined) continue;
    if (driver !== null && !groups.check(row, 3, account!, driver, pct)) continue;
    rules.push({ account: account!, pool: pool!, type, percentage: pct, driver });
  }
  return rules;
}

/** rules_step2.csv: indirect pools to other pools. */
async function readStep2(ctx: ReadContext, refs: RuleRefs): Promise<Step2Rule[]> {
  const { pools, poolDrivers } = refs;
  const t2 = await tableOf(
    ctx,
    "rules_step2.csv",
    spec("source_pool_code", "destination_pool_code", "type", "percentage", "driver_name?"),
  );
  if (!t2) return [];
  const rules: Step2Rule[] = [];
  const groups = new DriverGroups(t2);
  for (const row of t2.rows) {
    const source = t2.required(row, 0);
    const dest = t2.required(row, 1);
    const type = t2.oneOf(row, 2, RULE_TYPES);
    const pct = percentage(t2, row, 3, "required");
    const okS = checkRef(t2, row, 0, source, pools, "cost pool");
    const okD = checkRef(t2, row, 1, dest, pools, "cost pool");
    const driver = driverCell(t2, row, type, poolDrivers);
    if (!okS || !okD || type === null || pct === null || driver === undefined) continue;
    if (pools.get(source!)!.isDirect) {
      t2.issue(row, 0, "invalid_value", `${source} is a direct pool; step 2 allocates indirect pools only`);
      continue;
    }
    if (source === dest) {
      t2.issue(row, 1, "invalid_value", `A pool cannot allocate to itself (${source})`);
      continue;
    }
    if (driver !== null && !groups.check(row, 3, source!, driver, pct)) continue;
    rules.push({ source: source!, destination: dest!, type, percentage: pct, driver });
  }
  return rules;
}

/** rules_step3.csv: pools to activities, by percentage or unit minutes (time-driven). */
async function readStep3(ctx: ReadContext, refs: RuleRefs): Promise<Step3Rule[]> {
  const { pools, activities } = refs;
  const t3 = await tableOf(
    ctx,
    "rules_step3.csv",
    spec("pool_code", "activity_code", "percentage?", "unit_minutes?"),
  );
  if (!t3) return [];
  const rules: Step3Rule[] = [];
  const unique = new UniqueKeys(t3, "rule for pool and activity");
  for (const row of t3.rows) {
    const pool = t3.required(row, 0);
    const activity = t3.required(row, 1);
    const unitMinutes = t3.number(row, 3, null);
    // Time-driven rows route by unit minutes and may leave the percentage empty.
    const pct = percentage(t3, row, 2, unitMinutes !== null ? 0 : "required");
    const okP = checkRef(t3, row, 0, pool, pools, "cost pool");
    const okA = checkRef(t3, row, 1, activity, activities, "activity");
    if (!okP || !okA || pct === null) continue;
    if (unitMinutes !== null && unitMinutes < 0) {
      t3.issue(row, 3, "invalid_value", `unit_minutes ${unitMinutes} is negative`);
      continue;
    }
    if (!unique.add(`${pool}\u0000${activity}`, row, 1, `${pool} -> ${activity}`)) continue;
    rules.push({ pool: pool!, activity: activity!, percentage: pct, unitMinutes });
  }
  return rules;
}

/** rules_step4.csv: one rule per activity onto a dimension's records. */
async function readStep4(ctx: ReadContext, refs: RuleRefs): Promise<Step4Rule[]> {
  const { activities, dims, names } = refs;
  const t4 = await tableOf(
    ctx,
    "rules_step4.csv",
    spec("activity_code", "dimension_code", "split_type", "driver_name?", "equation?"),
  );
  if (!t4) return [];
  const rules: Step4Rule[] = [];
  const unique = new UniqueKeys(t4, "step-4 rule for activity");
  for (const row of t4.rows) {
    const activity = t4.required(row, 0);
    const dim = t4.required(row, 1);
    const type = t4.oneOf(row, 2, STEP4_TYPES);
    const okA = checkRef(t4, row, 0, activity, activities, "activity");
    const okD = checkRef(t4, row, 1, dim, dims, "dimension");
    if (!okA || !okD || type === null || !unique.add(activity!, row, 0)) continue;
    // Only the cell that the split type uses is read; a stale value in the other is ignored.
    let driver: string | null = null;
    let equation: string | null = null;
    if (type === "DRIVER") {
      driver = t4.required(row, 3);
      if (driver === null || !weightDriver(t4, row, 3, names, dim!, driver)) continue;
    } else if (type === "FORMULA") {
      equation = t4.required(row, 4);
      if (equation === null || !checkFormulaCell(t4, row, 4, equation, weightNames(names, dim!))) continue;
    }
    rules.push({ activity: activity!, dimension: dim!, splitType: type, driver, equation });
  }
  return rules;
}

/** rules_step5.csv: pushes of activity costs from parent to child records. */
async function readStep5(ctx: ReadContext, refs: RuleRefs): Promise<Step5Rule[]> {
  const { activities, dims, names } = refs;
  const t5 = await tableOf(
    ctx,
    "rules_step5.csv",
    spec("activity_code", "parent_dimension_code", "child_dimension_code", "split?"),
  );
  if (!t5) return [];
  const rules: Step5Rule[] = [];
  const unique = new UniqueKeys(t5, "step-5 rule");
  for (const row of t5.rows) {
    const activity = t5.required(row, 0);
    const parent = t5.required(row, 1);
    const child = t5.required(row, 2);
    const okA = checkRef(t5, row, 0, activity, activities, "activity");
    if (!checkPushDimensions(t5, row, parent, child, dims, names) || !okA) continue;
    const split = pushSplit(t5, row, 3, names, child!);
    if (
      split === null ||
      !unique.add(`${activity}\u0000${parent}\u0000${child}`, row, 0, `${activity} ${parent} -> ${child}`)
    )
      continue;
    rules.push({ activity: activity!, parentDimension: parent!, childDimension: child!, split });
  }
  return rules;
}

/** rules_step6.csv: pushes of calculated drivers from parent to child records. */
async function readStep6(ctx: ReadContext, refs: RuleRefs): Promise<Step6Rule[]> {
  const { dims, names } = refs;
  const t6 = await tableOf(
    ctx,
    "rules_step6.csv",
    spec("calculated_driver", "parent_dimension_code", "child_dimension_code", "split?"),
  );
  if (!t6) return [];
  const rules: Step6Rule[] = [];
  const unique = new UniqueKeys(t6, "step-6 rule");
  const known = new Set(refs.dimData.calculatedDrivers.map((k) => k.name));
  const rows: Row[] = [];
  for (const row of t6.rows) {
    const driver = t6.required(row, 0);
    const parent = t6.required(row, 1);
    const child = t6.required(row, 2);
    if (!checkPushDimensions(t6, row, parent, child, dims, names) || driver === null) continue;
    if (!known.has(driver)) {
      t6.issue(row, 0, "unknown_reference", `"${driver}" is not a calculated driver`);
      continue;
    }
    const split = pushSplit(t6, row, 3, names, child!);
    if (
      split === null ||
      !unique.add(`${driver}\u0000${parent}\u0000${child}`, row, 0, `${driver} ${parent} -> ${child}`)
    )
      continue;
    rules.push({ calculatedDriver: driver, parentDimension: parent!, childDimension: child!, split });
    rows.push(row);
  }
  // A push may start from a dimension the driver is not defined on when earlier pushes of the
  // same name bring it there (chains, docs/engine.md choice 7); else it would push nothing.
  const sources = step6SourceDimensions(refs.dimData.calculatedDrivers, rules);
  return rules.filter((r, i) => {
    if (sources[i] !== null) return true;
    t6.issue(
      rows[i]!,
      0,
      "unknown_reference",
      `"${r.calculatedDriver}" never reaches ${r.parentDimension}: it is not a calculated driver of ${r.parentDimension} and no step-6 push of it ends there (rule ${r.calculatedDriver} ${r.parentDimension} -> ${r.childDimension})`,
    );
    return false;
  });
}

/**
 * The driver_name cell of a step-1/2 row: required and known for DRIVER rows, ignored (null) for
 * PERCENTAGE rows. Returns undefined after reporting an issue.
 */
function driverCell(
  table: Table,
  row: Row,
  type: RuleType | null,
  known: Set<string>,
): string | null | undefined {
  if (type !== "DRIVER") return null;
  const driver = table.required(row, 4);
  const code: BundleErrorCode = "unknown_reference";
  return checkRef(table, row, 4, driver, known, "pool driver", code) ? driver : undefined;
}
