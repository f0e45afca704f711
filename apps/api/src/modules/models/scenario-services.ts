import {
  type CreateScenario,
  defaultScenarioPeriod,
  type Scenario,
  type UpdateScenario,
} from "@costflow/contract/models";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import { toScenario } from "./model-views.ts";

export function checkPeriod(from: string, to: string) {
  if (from > to) throw fieldError("VALIDATION_ERROR", "period_from", "period_order");
}

/** Creates a scenario of one of the company's models; the period defaults to the last month. */
export async function createScenario(
  ctx: AppContext,
  companyId: number,
  input: z.infer<typeof CreateScenario>,
): Promise<Scenario> {
  const model = await ctx.repos.models.findModel(companyId, input.model);
  if (!model) throw notFound("model");
  const defaults = defaultScenarioPeriod();
  const periodFrom = input.period_from ?? defaults.period_from;
  const periodTo = input.period_to ?? defaults.period_to;
  checkPeriod(periodFrom, periodTo);
  const row = await ctx.repos.models.createScenario(companyId, {
    modelId: model.id,
    name: input.name,
    description: input.description,
    periodFrom,
    periodTo,
    currency: input.currency,
  });
  return toScenario(row);
}

export async function updateScenario(
  ctx: AppContext,
  companyId: number,
  id: number,
  input: UpdateScenario,
): Promise<Scenario> {
  const current = await ctx.repos.models.findScenario(companyId, id);
  if (!current) throw notFound();
  checkPeriod(input.period_from ?? current.periodFrom, input.period_to ?? current.periodTo);
  const row = await ctx.repos.models.updateScenario(companyId, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.period_from !== undefined ? { periodFrom: input.period_from } : {}),
    ...(input.period_to !== undefined ? { periodTo: input.period_to } : {}),
    ...(input.currency !== undefined ? { currency: input.currency } : {}),
  });
  if (!row) throw notFound();
  return toScenario(row);
}
