import type { DriversIssue, DriversIssuesQuery } from "@costflow/contract/calculated-drivers";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { pageOf } from "../../lib/data-scope.ts";

/** A page of the warnings and errors a calculated-drivers run logged. */
export async function listCalculationIssues(
  ctx: AppContext,
  companyId: number,
  query: z.output<typeof DriversIssuesQuery>,
): Promise<PageResult<z.output<typeof DriversIssue>>> {
  const run = await ctx.repos.calculatedDrivers.findCalculation(companyId, query.calculation);
  if (!run) throw notFound("calculation");
  const result = await ctx.repos.calculatedDrivers.logs(
    companyId,
    run.id,
    { levels: ["WARNING", "ERROR"] },
    pageOf(query),
  );
  return {
    rows: result.rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      level: row.level,
      detail: row.detail,
    })),
    count: result.count,
  };
}
