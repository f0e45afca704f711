import type { Calculation, CalculationLog } from "@costflow/contract/calculation";
import type { CalculationLogRow, CalculationView } from "@costflow/db/repositories/calculations";
import { iso, isoOrNull } from "../../lib/pagination.ts";
import { optionsOf } from "./run-calculation.ts";

export function toCalculation(row: CalculationView): Calculation {
  const status = row.status as Calculation["status"];
  return {
    id: row.id,
    calculation_id: row.id,
    UUID: row.uuid,
    scenario: row.scenarioId,
    category: row.category as Calculation["category"],
    calculation_status: status,
    status,
    parent: row.parentId,
    requested_at: iso(row.requestedAt),
    started_at: isoOrNull(row.startedAt),
    finished_at: isoOrNull(row.finishedAt),
    requested_by: row.requestedBy,
    requested_by_user: row.requestedByName,
    task_id: row.taskId,
    progress: Number(row.progress),
    progress_message: row.progressMessage,
    duration_ms: row.durationMs,
    error: row.error ? { code: row.error.code, message: row.error.message } : null,
    strategy: optionsOf(row.options).strategy,
  };
}

export function toCalculationLog(run: CalculationView) {
  return (row: CalculationLogRow): CalculationLog => ({
    id: row.id,
    calculation: run.id,
    at: iso(row.at),
    level: row.level as CalculationLog["level"],
    detail: row.detail,
    requested_at: iso(run.requestedAt),
    started_at: isoOrNull(run.startedAt),
    finished_at: isoOrNull(run.finishedAt),
    user: run.requestedByName,
    status: run.status as CalculationLog["status"],
  });
}
