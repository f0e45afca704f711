import { BundleError, type BundleIssue } from "@costflow/engine/bundle/bundle-error";
import type { ModelData } from "@costflow/engine/model/types";

/**
 * Rule rows the reader accepts but the database keeps one of (the engine would refuse them when
 * calculating): one step-4 rule per activity, one push per (source, parent dimension) in steps 5
 * and 6. The reader keeps every row of a sound file in order, so row i is on line i + 2.
 */
export function checkUniqueRules(model: ModelData): void {
  const issues: BundleIssue[] = [];
  const check = (file: string, keys: string[], columnName: string) => {
    const seen = new Map<string, number>();
    keys.forEach((key, i) => {
      const line = i + 2;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, line);
      else
        issues.push({
          code: "duplicate",
          file,
          line,
          column: 1,
          columnName,
          message: `Another rule for the same source is on line ${first}`,
        });
    });
  };
  const { rules } = model;
  check(
    "rules_step4.csv",
    rules.step4.map((r) => r.activity),
    "activity_code",
  );
  check(
    "rules_step5.csv",
    rules.step5.map((r) => `${r.activity}\u0000${r.parentDimension}`),
    "activity_code",
  );
  check(
    "rules_step6.csv",
    rules.step6.map((r) => `${r.calculatedDriver}\u0000${r.parentDimension}`),
    "calculated_driver",
  );
  if (issues.length > 0) throw new BundleError(issues);
}
