import { STEP_CATEGORIES, type StepCategory } from "@costflow/contract/calculation";

// What each kind of request computes and refreshes. Every run calculates the whole scenario (the
// engine is fast; a step's input is the finished output of the steps before it), then persists
// the categories up to the step asked for, each under its own calculation row of the run.

export type RunKind = 1 | 2 | 3 | 4 | 5 | 6 | "REPORTS" | "ALL";

interface RunCoverage {
  /** The category of the run's own (root) row. */
  rootCategory: string;
  /** Every category the run refreshes, root first. */
  categories: string[];
  /** Result tables are written for steps 1..maxStep (0: none). */
  maxStep: number;
  /** Summary, validation report and Sankey. */
  reports: boolean;
}

export function stepCategory(step: number): StepCategory {
  return STEP_CATEGORIES[step - 1]!;
}

export function coverageOf(kind: RunKind): RunCoverage {
  if (kind === "ALL") {
    return {
      rootCategory: "ALL",
      categories: ["ALL", ...STEP_CATEGORIES, "REPORTS"],
      maxStep: 6,
      reports: true,
    };
  }
  if (kind === "REPORTS")
    return { rootCategory: "REPORTS", categories: ["REPORTS"], maxStep: 0, reports: true };
  const own = stepCategory(kind);
  const before = STEP_CATEGORIES.slice(0, kind - 1);
  return { rootCategory: own, categories: [own, ...before], maxStep: kind, reports: false };
}

/** Steps 1..6 of a run's own row: which result step a category shows. */
/** The categories a run finishes with its step results, and with its reports. */
export function phaseCategories(coverage: RunCoverage): { steps: string[]; reports: string[] } {
  const steps = coverage.categories.filter((c) => stepOfCategory(c) !== null);
  return { steps, reports: coverage.categories.filter((c) => !steps.includes(c)) };
}

function stepOfCategory(category: string): number | null {
  const i = (STEP_CATEGORIES as readonly string[]).indexOf(category);
  return i < 0 ? null : i + 1;
}
