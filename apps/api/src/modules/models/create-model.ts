import type { CreatedModel, CreateModel } from "@costflow/contract/models";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { fieldError } from "../../lib/app-error.ts";
import { createModelFromTemplate } from "../model-io/templates.ts";
import { toModel } from "./model-views.ts";

/**
 * A new model of the company: from a template (its data, rules and a scenario, in one
 * transaction), or blank, which needs a name. Answers the model as the contract shows it, with
 * the template's scenario when there is one.
 */
export async function createModel(
  ctx: AppContext,
  caller: { companyId: number; userId: number },
  input: z.output<typeof CreateModel>,
): Promise<z.input<typeof CreatedModel>> {
  const { companyId, userId } = caller;
  const { template, name, short_description } = input;
  if (template) {
    const created = await createModelFromTemplate(ctx, companyId, userId, {
      template,
      name,
      shortDescription: short_description,
    });
    const row = (await ctx.repos.models.findModel(companyId, created.model))!;
    return { ...toModel(row), scenario: created.scenario };
  }
  if (name === undefined) throw fieldError("VALIDATION_ERROR", "name", "required");
  const row = await ctx.repos.models.createModel(companyId, {
    name,
    shortDescription: short_description ?? "",
    authorId: userId,
  });
  return toModel(row);
}
