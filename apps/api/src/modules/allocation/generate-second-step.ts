import type { GenerateSecondStep, GenerateSecondStepResult } from "@costflow/contract/allocation";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { openScenario } from "./open-scenario.ts";
import { Problems } from "./problems.ts";
import { FULL_MICRO, microToText } from "./ratio.ts";

/**
 * "Generate new second-step allocations": one DRIVER rule (100%, the chosen driver) from every
 * indirect pool of the model to each chosen pool other than itself, replacing ALL step-2 rules of
 * the scenario in one transaction (the client asked for confirmation first).
 */
export async function generateSecondStep(
  ctx: AppContext,
  companyId: number,
  input: GenerateSecondStep,
): Promise<GenerateSecondStepResult> {
  return ctx.db.transaction(async (tx) => {
    const scenario = await openScenario(ctx, companyId, input.scenario, undefined, tx);
    const problems = new Problems();
    if (input.driver === null) problems.add("driver", "driver_required");
    else {
      const driver = await ctx.repos.allocationRules.findPoolDriver(companyId, input.driver, tx);
      if (!driver) throw notFound("driver");
      if (problems.inModel("driver", driver, scenario.modelId) && driver.displayType !== "DECI") {
        problems.add("driver", "not_decimal_driver");
      }
    }
    const wanted = [...new Set(input.destinations)];
    const destinations = await ctx.repos.allocationRules.findPools(companyId, wanted, tx);
    if (destinations.length !== wanted.length) throw notFound("destinations");
    for (const pool of destinations) {
      if (!problems.has("destinations")) problems.inModel("destinations", pool, scenario.modelId);
    }
    problems.throwIfAny();

    const sources = await ctx.repos.allocationRules.listIndirectPools(companyId, scenario.modelId, tx);
    const rows = sources.flatMap((source) =>
      destinations
        .filter((d) => d.id !== source.id)
        .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
        .map((d) => ({
          sourceId: source.id,
          destinationId: d.id,
          type: "DRIVER" as const,
          ratio: microToText(FULL_MICRO),
          driverId: input.driver,
        })),
    );
    return ctx.repos.allocationRules.replaceStep2Rules(companyId, scenario.id, rows, tx);
  });
}
