// Allocation status from the routed percentage T (a fraction of 1) or from a signed balance.

import { cmp, ONE, type Rat } from "./rational.ts";
import type { AllocationStatus } from "./result-types.ts";

export function statusOf(total: Rat): AllocationStatus {
  const c = cmp(total, ONE);
  return c === 0 ? "FULLY_ALLOCATED" : c < 0 ? "UNDER_ALLOCATED" : "OVER_ALLOCATED";
}
