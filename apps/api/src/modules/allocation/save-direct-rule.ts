import type { DirectAllocation, UpdateDirectAllocation } from "@costflow/contract/allocation";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { openScenario } from "./open-scenario.ts";
import { Problems } from "./problems.ts";
import { FULL_MICRO, microOf, microToText, ratioMicro } from "./ratio.ts";
import { toDirectRule } from "./rule-views.ts";
import { directRuleStates } from "./source-states.ts";

type DirectInput = Omit<UpdateDirectAllocation, "ratio"> & { ratio?: number | undefined };

/**
 * Step 3: a direct cost pool sends a percentage of its cost to an activity. A pool with a TDABC
 * activity routes by time (tdabc_ratio = unit minutes), so all its rules must target TDABC
 * activities; a pool already routing to ordinary activities cannot take a TDABC one.
 */
export async function saveDirectRule(
  ctx: AppContext,
  companyId: number,
  input: DirectInput,
  id?: number,
): Promise<DirectAllocation> {
  const savedId = await ctx.db.transaction(async (tx) => {
    const existing =
      id === undefined ? undefined : await ctx.repos.allocationRules.findDirectRule(companyId, id, tx);
    if (id !== undefined && !existing) throw notFound();
    const scenario = await openScenario(ctx, companyId, input.scenario, existing?.scenarioId, tx);
    const problems = new Problems();

    const sourceId = input.source ?? existing!.sourceId;
    const [source] = await ctx.repos.allocationRules.findPools(companyId, [sourceId], tx);
    if (!source) throw notFound("source");
    if (problems.inModel("source", source, scenario.modelId) && !source.isDirect) {
      problems.add("source", "not_direct_pool");
    }
    const destinationId = input.destination ?? existing!.destinationId;
    const destination = await ctx.repos.allocationRules.findActivity(companyId, destinationId, tx);
    if (!destination) throw notFound("destination");
    problems.inModel("destination", destination, scenario.modelId);

    const micro =
      input.ratio !== undefined
        ? ratioMicro(input.ratio, problems)
        : existing
          ? microOf(existing.ratio)
          : FULL_MICRO;
    const unitMinutes =
      input.tdabc_ratio !== undefined
        ? input.tdabc_ratio
        : existing?.tdabcRatio != null
          ? Number(existing.tdabcRatio)
          : null;
    if (destination.isTdabc && unitMinutes === null) problems.add("tdabc_ratio", "required");

    if (!problems.has("source") && !problems.has("destination")) {
      const others = (
        await ctx.repos.allocationRules.directRulesOf(companyId, scenario.id, [sourceId], tx)
      ).filter((r) => r.id !== id);
      const linkedTdabc =
        (await ctx.repos.allocationRules.poolsWithTdabcActivity(companyId, [sourceId], tx)).length > 0;
      const timeDriven = linkedTdabc || others.some((r) => r.destinationIsTdabc);
      if (!destination.isTdabc && timeDriven) problems.add("destination", "tdabc_only");
      if (destination.isTdabc && others.some((r) => !r.destinationIsTdabc)) {
        problems.add("destination", "tdabc_mixed");
      }
    }
    problems.throwIfAny();

    const values = {
      sourceId,
      destinationId,
      ratio: microToText(micro),
      tdabcRatio: unitMinutes === null ? null : String(unitMinutes),
    };
    if (id === undefined)
      return ctx.repos.allocationRules.insertDirectRule(companyId, scenario.id, values, tx);
    await ctx.repos.allocationRules.updateDirectRule(companyId, id, values, tx);
    return id;
  });
  return readDirectRule(ctx, companyId, savedId);
}

export async function readDirectRule(
  ctx: AppContext,
  companyId: number,
  id: number,
): Promise<DirectAllocation> {
  const row = await ctx.repos.allocationRules.findDirectRule(companyId, id);
  if (!row) throw notFound();
  const states = await directRuleStates(ctx, companyId, row.scenarioId, [row.sourceId]);
  return toDirectRule(row, states);
}
