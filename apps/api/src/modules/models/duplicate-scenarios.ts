import { type DuplicateScenario, type Scenario, scenarioCopyName } from "@costflow/contract/models";
import { copyScenarioData } from "@costflow/db/repositories/model-data/copy-scenario";
import type { ScenarioView } from "@costflow/db/repositories/models";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { toScenario } from "./model-views.ts";
import { checkPeriod } from "./scenario-services.ts";

/**
 * Duplicates scenarios of one model: each copy gets the original's account values, pool-driver
 * values, records and settings, and the rule sets of the chosen steps. One scenario: the form's
 * name, description, period and currency (each defaulting to the original's). Several: each is
 * named original + "_copy" cut to 15 characters. One transaction for all copies.
 */
export async function duplicateScenarios(
  ctx: AppContext,
  companyId: number,
  input: z.infer<typeof DuplicateScenario>,
): Promise<Scenario[]> {
  const { models } = ctx.repos;
  const model = await models.findModel(companyId, input.model);
  if (!model) throw notFound("model");
  const ids = [...new Set(Array.isArray(input.scenario_id) ? input.scenario_id : [input.scenario_id])];
  const sources: ScenarioView[] = [];
  for (const id of ids) {
    const scenario = await models.findScenario(companyId, id);
    if (!scenario || scenario.modelId !== model.id) throw notFound("scenario_id");
    sources.push(scenario);
  }
  const single = sources.length === 1;
  const targets = sources.map((source) => {
    const target = single
      ? {
          name: input.name ?? scenarioCopyName(source.name),
          description: input.description ?? source.description,
          periodFrom: input.period_from ?? source.periodFrom,
          periodTo: input.period_to ?? source.periodTo,
          currency: input.currency ?? source.currency,
        }
      : {
          name: scenarioCopyName(source.name),
          description: source.description,
          periodFrom: source.periodFrom,
          periodTo: source.periodTo,
          currency: source.currency,
        };
    checkPeriod(target.periodFrom, target.periodTo);
    return { source, target };
  });
  return ctx.db.transaction(async (tx) => {
    const created: Scenario[] = [];
    for (const { source, target } of targets) {
      const row = await models.createScenario(companyId, { modelId: model.id, ...target }, tx);
      await copyScenarioData(companyId, source.id, row.id, input.stepsToDuplicate, tx);
      created.push(toScenario(row));
    }
    return created;
  });
}
