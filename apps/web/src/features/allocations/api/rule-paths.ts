// Where each step's rules are created, updated and deleted. Steps 1 and 2 carry the rule type in
// the save path (account-{type}-allocations, indirect-cost-pool-{type}-...).
import type { RuleType } from "@costflow/contract/allocation";
import type { StepNumber } from "../../../lib/api/step-endpoints";

export type { RuleType };

const typePath = (type: RuleType) => (type === "DRIVER" ? "driver" : "percentage");

/** POST path of a new rule. */
export function createPath(step: StepNumber, type: RuleType = "PERCENTAGE"): string {
  switch (step) {
    case 1:
      return `allocation/account-${typePath(type)}-allocations/`;
    case 2:
      return `allocation/indirect-cost-pool-${typePath(type)}-allocations/`;
    case 3:
      return "allocation/direct-cost-pool-percentage-allocations/";
    case 4:
      return "allocation/activity-allocations/";
    case 5:
      return "allocation/dimension-allocations/";
    case 6:
      return "allocation/calculated-driver-allocations/";
  }
}

/** PATCH path of an existing rule (steps 1 and 2: the path's type becomes the rule's type). */
export function updatePath(step: StepNumber, id: number, type: RuleType = "PERCENTAGE"): string {
  return `${createPath(step, type)}${id}/`;
}

/** DELETE path of a rule. */
export function deletePath(step: StepNumber, id: number): string {
  switch (step) {
    case 1:
      return `allocation/account-allocations/${id}/`;
    case 2:
      return `allocation/cost-pool-allocations/${id}/`;
    case 3:
      return `allocation/direct-cost-pool-percentage-allocations/${id}/`;
    default:
      return `${createPath(step)}${id}/`;
  }
}

/** Steps 1 to 3 list each source with its total percentage and state. */
export const SOURCES_PATH: Partial<Record<StepNumber, string>> = {
  1: "allocation/account-allocations/sources/",
  2: "allocation/cost-pool-allocations/sources/",
  3: "allocation/direct-cost-pool-percentage-allocations/sources/",
};
