import type { AllocationSource } from "@costflow/contract/allocation";
import type { SourceRuleStep } from "@costflow/db/repositories/allocation-rules";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { AppContext } from "../../context.ts";
import { findScenario } from "./open-scenario.ts";
import { toSourceRule } from "./rule-views.ts";
import { sourceRuleStates, toAllocationSources } from "./source-states.ts";

/** A page of the scenario's step-1 or step-2 rules, each with its source's state. */
export async function listSourceRules(
  ctx: AppContext,
  companyId: number,
  step: SourceRuleStep,
  query: { scenario: number; limit: number; offset: number; ordering?: string | undefined },
): Promise<PageResult<ReturnType<typeof toSourceRule>>> {
  const { scenario, ...paging } = query;
  await findScenario(ctx, companyId, scenario);
  const result = await ctx.repos.allocationRules.listSourceRules(step, companyId, scenario, paging);
  const sources = [...new Set(result.rows.map((r) => r.sourceId))];
  const states = await sourceRuleStates(ctx, step, companyId, scenario, sources);
  return { rows: result.rows.map((row) => toSourceRule(row, states)), count: result.count };
}

/** Each source of the scenario's step-1 or step-2 rules with its total percentage and state. */
export async function listSourceRuleSources(
  ctx: AppContext,
  companyId: number,
  step: SourceRuleStep,
  scenarioId: number,
): Promise<AllocationSource[]> {
  await findScenario(ctx, companyId, scenarioId);
  return toAllocationSources(await sourceRuleStates(ctx, step, companyId, scenarioId, null));
}
