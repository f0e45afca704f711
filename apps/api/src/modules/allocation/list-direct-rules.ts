import type { AllocationSource, DirectAllocation } from "@costflow/contract/allocation";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { AppContext } from "../../context.ts";
import { findScenario } from "./open-scenario.ts";
import { toDirectRule } from "./rule-views.ts";
import { directRuleStates, toAllocationSources } from "./source-states.ts";

/** A page of the scenario's step-3 rules (direct pool → activity), each with its source's state. */
export async function listDirectRules(
  ctx: AppContext,
  companyId: number,
  query: { scenario: number; limit: number; offset: number; ordering?: string | undefined },
): Promise<PageResult<DirectAllocation>> {
  const { scenario, ...paging } = query;
  await findScenario(ctx, companyId, scenario);
  const result = await ctx.repos.allocationRules.listDirectRules(companyId, scenario, paging);
  const sources = [...new Set(result.rows.map((r) => r.sourceId))];
  const states = await directRuleStates(ctx, companyId, scenario, sources);
  return { rows: result.rows.map((row) => toDirectRule(row, states)), count: result.count };
}

/** Each source of the scenario's step-3 rules with its total percentage and state. */
export async function listDirectRuleSources(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
): Promise<AllocationSource[]> {
  await findScenario(ctx, companyId, scenarioId);
  return toAllocationSources(await directRuleStates(ctx, companyId, scenarioId, null));
}
