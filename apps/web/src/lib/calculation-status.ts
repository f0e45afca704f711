// The state of a calculation run, from the contract's status list (calculation.ts).
import { ACTIVE_STATUSES, type CalculationStatus, STOPPABLE_STATUSES } from "@costflow/contract/calculation";

/** A run still moving (requested, in progress, stopping): the web polls it. */
export function isActive(status: CalculationStatus | undefined): boolean {
  return status !== undefined && ACTIVE_STATUSES.includes(status);
}

/** Only runs still queued or running can be stopped (docs/calculation.md, "A run"). */
export function isStoppable(status: CalculationStatus | undefined): boolean {
  return status !== undefined && STOPPABLE_STATUSES.includes(status);
}
