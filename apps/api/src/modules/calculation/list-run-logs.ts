import type { CalculationLogRow, CalculationView } from "@costflow/db/repositories/calculations";
import type { PageRequest, PageResult } from "@costflow/db/repositories/paging";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";

/**
 * The log of the run a calculation row belongs to (a category row of a run shows the run's log,
 * written on its root row), one level or all, newest first unless ordered otherwise. Answers the
 * row asked for too: the log lines are labelled with its category.
 */
export async function listRunLogs(
  ctx: AppContext,
  companyId: number,
  input: { calculation: number; level?: string | undefined; page: PageRequest },
): Promise<{ row: CalculationView; logs: PageResult<CalculationLogRow> }> {
  const { calculations } = ctx.repos;
  const row = await calculations.find(companyId, input.calculation);
  if (!row) throw notFound("calculation");
  const run = row.parentId === null ? row : ((await calculations.find(companyId, row.parentId)) ?? row);
  const logs = await calculations.listLogs(companyId, run.id, { level: input.level }, input.page);
  return { row, logs };
}
