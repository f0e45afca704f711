import type { Step6Source, Step6SourceQuery } from "@costflow/contract/allocation";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { findScenario } from "./open-scenario.ts";
import { listStep6Sources } from "./step6-reach.ts";

/**
 * A page of the calculated drivers a step-6 rule from dimension `parent` may push: defined there,
 * or brought there by an earlier push (ordered by name, `-name` reversed).
 */
export async function listPushSources(
  ctx: AppContext,
  companyId: number,
  query: Step6SourceQuery,
): Promise<PageResult<Step6Source>> {
  const { scenario: scenarioId, parent: parentId, ordering, ...paging } = query;
  const scenario = await findScenario(ctx, companyId, scenarioId);
  const parent = await ctx.repos.allocationRules.findDimension(companyId, parentId);
  if (!parent || parent.modelId !== scenario.modelId) throw notFound("parent");
  let rows = await listStep6Sources(ctx, companyId, scenario, parentId);
  if (ordering === "-name") rows = rows.reverse();
  return { rows: rows.slice(paging.offset, paging.offset + paging.limit), count: rows.length };
}
