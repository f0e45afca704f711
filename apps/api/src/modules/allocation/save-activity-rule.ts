import {
  type ActivityAllocation,
  EMPTY_FORMULA,
  type Step4SplitType,
  type UpdateActivityAllocation,
} from "@costflow/contract/allocation";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { weightNames } from "./formula-names.ts";
import { checkFormulaInto, isEmptyFormula } from "./formula-problems.ts";
import { openScenario } from "./open-scenario.ts";
import { Problems } from "./problems.ts";
import { toActivityRule } from "./rule-views.ts";

/**
 * Step 4: an activity's cost split over the records of a dimension, EVEN (default), by a decimal
 * DRIVER of that dimension, or by a FORMULA over its drivers and calculated drivers. One rule per
 * activity and scenario. FORMULA without an equation starts at "=".
 */
export async function saveActivityRule(
  ctx: AppContext,
  companyId: number,
  input: UpdateActivityAllocation,
  id?: number,
): Promise<ActivityAllocation> {
  const savedId = await ctx.db.transaction(async (tx) => {
    const existing =
      id === undefined ? undefined : await ctx.repos.allocationRules.findActivityRule(companyId, id, tx);
    if (id !== undefined && !existing) throw notFound();
    const scenario = await openScenario(ctx, companyId, input.scenario, existing?.scenarioId, tx);
    const problems = new Problems();

    const sourceId = input.source ?? existing!.sourceId;
    const source = await ctx.repos.allocationRules.findActivity(companyId, sourceId, tx);
    if (!source) throw notFound("source");
    if (problems.inModel("source", source, scenario.modelId)) {
      if (await ctx.repos.allocationRules.activityRuleOf(companyId, scenario.id, sourceId, id ?? null, tx)) {
        problems.add("source", "taken");
      }
    }
    const destinationId = input.destination ?? existing!.destinationId;
    const destination = await ctx.repos.allocationRules.findDimension(companyId, destinationId, tx);
    if (!destination) throw notFound("destination");
    const destinationOk = problems.inModel("destination", destination, scenario.modelId);

    const splitType: Step4SplitType = input.splitType ?? (existing?.splitType as Step4SplitType) ?? "EVEN";
    let driverId: number | null = null;
    if (splitType === "DRIVER") {
      driverId =
        input.allocationDriver !== undefined
          ? input.allocationDriver
          : (existing?.allocationDriverId ?? null);
      if (driverId === null) problems.add("allocationDriver", "driver_required");
      else {
        const driver = await ctx.repos.allocationRules.findDimensionDriver(companyId, driverId, tx);
        if (!driver) throw notFound("allocationDriver");
        if (driver.dimensionId !== destinationId) problems.add("allocationDriver", "driver_not_in_dimension");
        else if (driver.dataType !== "DECI") problems.add("allocationDriver", "not_decimal_driver");
      }
    }

    let equation = "";
    if (splitType === "FORMULA") {
      const kept = existing?.splitType === "FORMULA" ? existing.equation : EMPTY_FORMULA;
      const given = input.equation === undefined ? kept : (input.equation ?? "");
      equation = isEmptyFormula(given) ? EMPTY_FORMULA : given.trim();
      if (equation !== EMPTY_FORMULA && destinationOk) {
        const { names } = await weightNames(ctx, companyId, destinationId, tx);
        checkFormulaInto(problems, "equation", equation, names);
      }
    }
    problems.throwIfAny();

    const values = {
      sourceId,
      destinationId,
      splitType,
      allocationDriverId: driverId,
      equation,
      description: input.description ?? existing?.description ?? "",
    };
    if (id === undefined)
      return ctx.repos.allocationRules.insertActivityRule(companyId, scenario.id, values, tx);
    await ctx.repos.allocationRules.updateActivityRule(companyId, id, values, tx);
    return id;
  });
  const row = await ctx.repos.allocationRules.findActivityRule(companyId, savedId);
  return toActivityRule(row!);
}
