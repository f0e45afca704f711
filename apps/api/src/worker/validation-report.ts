import type { DataIssueKind, ValidationReport } from "@costflow/contract/calculation";
import { roundMinor, toMajor } from "@costflow/engine/calc/decimal";
import type { CalcResult, DataIssue } from "@costflow/engine/calc/result-types";
import type { ModelData } from "@costflow/engine/model/types";
import type { CodeIds } from "../modules/calculation/run-plan.ts";

// The validation report of a run: conservation per step, the chain from the general-ledger total
// down to the cost resting on dimension records, and the data issues that explain any gap, each
// with the web route where it is fixed. Stored with the run; `calculation_id`/`finished_at` are
// filled in when it is served.

const STEP_ROUTES = [
  "/model/scenario/first-allocation",
  "/model/scenario/second-allocation",
  "/model/scenario/third-allocation",
  "/model/scenario/fourth-allocation",
  "/model/scenario/fifth-allocation",
  "/model/scenario/sixth-allocation",
] as const;
const CATEGORIES = [
  "ACCOUNT_TO_COST_POOL",
  "INDIRECT_COST_POOL_TO_COST_POOL",
  "DIRECT_COST_POOL_TO_ACTIVITY",
  "ACTIVITY_TO_DIMENSION_DIRECT",
  "ACTIVITY_TO_DIMENSION_INDIRECT",
  "CALCULATED_DRIVER_TO_DIMENSION",
] as const;

type StoredValidationReport = Omit<ValidationReport, "calculation_id" | "finished_at">;

/** The sum of the scenario's account values, rounded to minor units as the engine does. */
export function glTotalMinor(model: ModelData, digits: number): number {
  let total = 0;
  for (const v of model.accountValues) if (Number.isFinite(v.amount)) total += roundMinor(v.amount, digits);
  return total;
}

export function buildValidationReport(
  model: ModelData,
  result: CalcResult,
  ids: CodeIds,
): StoredValidationReport {
  const d = result.minorDigits;
  const major = (minor: number) => toMajor(minor, d);
  const check = (step: number) => result.checks.find((c) => c.step === step);
  const gl = glTotalMinor(model, d);
  const known = new Set(model.accounts.map((a) => a.code));
  let unknown = 0;
  for (const v of model.accountValues) {
    if (!known.has(v.account) && Number.isFinite(v.amount)) unknown += roundMinor(v.amount, d);
  }
  let onRecords = 0;
  for (const dim of result.dimensions.values()) for (const v of dim.restingCost) onRecords += v;
  const left = [1, 2, 3, 4, 5].map((s) => check(s)?.unallocated ?? 0);
  const notAllocated = check(5)?.notAllocated ?? 0;
  // Steps 5 and 6 move money between records: what they leave behind still rests on records, so
  // only steps 1-4 leave money outside them.
  const explained = unknown + left[0]! + left[1]! + left[2]! + left[3]! + onRecords;
  const difference = gl - explained;

  return {
    currency: result.currency,
    gl_total: major(gl),
    steps: result.checks.map((c) => ({
      step: c.step,
      category: CATEGORIES[c.step - 1]!,
      in: major(c.in),
      allocated: major(c.allocated),
      unallocated: major(c.unallocated),
      not_allocated: major(c.notAllocated ?? 0),
      ok: c.ok,
      link: STEP_ROUTES[c.step - 1]!,
    })),
    reconciliation: {
      gl_total: major(gl),
      on_records: major(onRecords),
      unallocated: {
        step1: major(left[0]!),
        step2: major(left[1]!),
        step3: major(left[2]!),
        step4: major(left[3]!),
        step5: major(left[4]!),
      },
      not_allocated: major(notAllocated),
      unknown_accounts: major(unknown),
      difference: major(difference),
      ok: difference === 0,
    },
    issues: result.issues.map((issue) => toIssue(issue, d, ids)),
    warnings: result.warnings,
  };
}

function toIssue(issue: DataIssue, digits: number, ids: CodeIds): StoredValidationReport["issues"][number] {
  const details = issue.details;
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === "string" || typeof value === "number") values[key] = value;
  }
  const rawAmount = typeof details.amount === "number" ? details.amount : null;
  // ACCOUNT_UNKNOWN carries the value as typed (major units); the others carry minor units.
  const amount =
    rawAmount === null
      ? null
      : issue.kind === "ACCOUNT_UNKNOWN"
        ? toMajor(roundMinor(rawAmount, digits), digits)
        : toMajor(rawAmount, digits);
  if (amount !== null) values.amount = amount;
  return {
    kind: issue.kind as DataIssueKind,
    step: issue.step,
    message_key: `calculation:issues.${issue.kind}`,
    message: issue.message,
    values,
    amount,
    link: linkOf(issue, ids),
    details,
  };
}

function stepRoute(step: number): string {
  return STEP_ROUTES[Math.min(6, Math.max(1, step)) - 1]!;
}

/** The web route where the cause of an issue is fixed. */
function linkOf(issue: DataIssue, ids: CodeIds): string {
  const dimensionData = (code: unknown) => {
    const id = typeof code === "string" ? ids.dimensions[code] : undefined;
    return id === undefined ? "/model/scenario/dimensions" : `/model/scenario/dimension/data/${id}`;
  };
  switch (issue.kind) {
    case "ACCOUNT_WITHOUT_RULES":
      return stepRoute(1);
    case "ACCOUNT_UNKNOWN":
      return "/model/scenario/financial-accounts";
    case "ZERO_DRIVER_SUM":
      return issue.step <= 2 ? "/model/scenario/costpools" : dimensionData(issue.details.dimension);
    case "DANGLING_RELATIONSHIP":
      return dimensionData(issue.details.dimension);
    case "OVER_CAPACITY":
      return "/model/scenario/costpools";
    case "ACTIVITY_WITHOUT_RULE":
      return stepRoute(4);
    default:
      return stepRoute(issue.step);
  }
}
