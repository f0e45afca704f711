import type { AccountAllocation, CreateDriverRule, RuleType } from "@costflow/contract/allocation";
import type { Transaction } from "@costflow/db/client";
import type { ModelItem, SourceRuleRow, SourceRuleStep } from "@costflow/db/repositories/allocation-rules";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { openScenario } from "./open-scenario.ts";
import { Problems } from "./problems.ts";
import { FULL_MICRO, microOf, microToPercentage, microToText, ratioMicro } from "./ratio.ts";
import { toSourceRule } from "./rule-views.ts";
import { sourceRuleStates } from "./source-states.ts";

// Steps 1 and 2 share their rules: a source (step 1: a financial account; step 2: an indirect
// cost pool) sends a percentage of its cost to a cost pool, directly (PERCENTAGE) or spread by a
// cost-pool driver (DRIVER). The DRIVER rows of one source and driver form a group carrying one
// percentage (allocation-semantics.md, step 1).

type RuleInput = Partial<Omit<CreateDriverRule, "ratio">> & { ratio?: number | undefined };

/** Creates (id undefined) or updates a step-1/2 rule; the path's type becomes the row's type. */
export async function saveSourceRule(
  ctx: AppContext,
  companyId: number,
  step: SourceRuleStep,
  type: RuleType,
  input: RuleInput,
  id?: number,
): Promise<AccountAllocation> {
  const savedId = await ctx.db.transaction(async (tx) => {
    const existing =
      id === undefined ? undefined : await ctx.repos.allocationRules.findSourceRule(step, companyId, id, tx);
    if (id !== undefined && !existing) throw notFound();
    const scenario = await openScenario(ctx, companyId, input.scenario, existing?.scenarioId, tx);
    const problems = new Problems();

    const sourceId = input.source ?? existing!.sourceId;
    const source = await findSource(ctx, companyId, step, sourceId, tx);
    if (problems.inModel("source", source, scenario.modelId) && step === 2 && "isDirect" in source) {
      if (source.isDirect) problems.add("source", "not_indirect_pool");
    }
    const destinationId = input.destination ?? existing!.destinationId;
    const [destination] = await ctx.repos.allocationRules.findPools(companyId, [destinationId], tx);
    if (!destination) throw notFound("destination");
    problems.inModel("destination", destination, scenario.modelId);
    if (step === 2 && destinationId === sourceId) problems.add("destination", "same_as_source");

    let driverId: number | null = null;
    if (type === "DRIVER") {
      driverId = input.driver !== undefined ? input.driver : (existing?.driverId ?? null);
      if (driverId === null) problems.add("driver", "driver_required");
      else {
        const driver = await ctx.repos.allocationRules.findPoolDriver(companyId, driverId, tx);
        if (!driver) throw notFound("driver");
        if (problems.inModel("driver", driver, scenario.modelId) && driver.displayType !== "DECI") {
          problems.add("driver", "not_decimal_driver");
        }
      }
    }

    let micro = input.ratio !== undefined ? ratioMicro(input.ratio, problems) : undefined;
    let group: { sourceId: number; driverId: number } | null = null;
    if (driverId !== null && !problems.has("driver")) {
      const mates = (
        await ctx.repos.allocationRules.sourceRulesOf(step, companyId, scenario.id, [sourceId], tx)
      ).filter((r) => r.type === "DRIVER" && r.driverId === driverId && r.id !== id);
      const groupMicro = mates.length > 0 ? microOf(mates[0]!.ratio) : undefined;
      if (groupMicro !== undefined && micro === undefined) micro = groupMicro;
      else if (groupMicro !== undefined && micro !== groupMicro && !problems.has("ratio")) {
        // Editing the percentage of a row already in the group sets the group's percentage;
        // a row joining a group must carry the group's.
        if (inGroup(existing, sourceId, driverId)) group = { sourceId, driverId };
        else {
          problems.add("ratio", "driver_group_percentage", {
            driver: mates[0]!.driverName ?? "",
            percentage: microToPercentage(groupMicro),
          });
        }
      }
    }
    micro ??= existing ? microOf(existing.ratio) : FULL_MICRO;
    problems.throwIfAny();

    const values = { sourceId, destinationId, type, ratio: microToText(micro), driverId };
    if (group)
      await ctx.repos.allocationRules.setDriverGroupRatio(
        step,
        companyId,
        scenario.id,
        group,
        values.ratio,
        tx,
      );
    if (id === undefined)
      return ctx.repos.allocationRules.insertSourceRule(step, companyId, scenario.id, values, tx);
    await ctx.repos.allocationRules.updateSourceRule(step, companyId, id, values, tx);
    return id;
  });
  return readSourceRule(ctx, companyId, step, savedId);
}

function inGroup(existing: SourceRuleRow | undefined, sourceId: number, driverId: number): boolean {
  return existing?.type === "DRIVER" && existing.sourceId === sourceId && existing.driverId === driverId;
}

async function findSource(
  ctx: AppContext,
  companyId: number,
  step: SourceRuleStep,
  id: number,
  tx: Transaction,
): Promise<ModelItem & { isDirect?: boolean }> {
  const source =
    step === 1
      ? await ctx.repos.allocationRules.findAccount(companyId, id, tx)
      : (await ctx.repos.allocationRules.findPools(companyId, [id], tx))[0];
  if (!source) throw notFound("source");
  return source;
}

/** One rule as its list row, with its source's state. */
export async function readSourceRule(
  ctx: AppContext,
  companyId: number,
  step: SourceRuleStep,
  id: number,
): Promise<AccountAllocation> {
  const row = await ctx.repos.allocationRules.findSourceRule(step, companyId, id);
  if (!row) throw notFound();
  const states = await sourceRuleStates(ctx, step, companyId, row.scenarioId, [row.sourceId]);
  return toSourceRule(row, states);
}
