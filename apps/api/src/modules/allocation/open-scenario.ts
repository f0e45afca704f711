import type { Executor } from "@costflow/db/client";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";

/**
 * The scenario a rule is saved in, locked for the transaction: the body's scenario for a new rule;
 * for an edited one its own (a body naming another scenario is refused — rules do not move).
 */
export async function openScenario(
  ctx: AppContext,
  companyId: number,
  requested: number | undefined,
  existing: number | undefined,
  tx: Executor,
): Promise<{ id: number; modelId: number }> {
  if (existing !== undefined && requested !== undefined && requested !== existing) {
    throw fieldError("VALIDATION_ERROR", "scenario", "invalid_value");
  }
  const id = existing ?? requested;
  if (id === undefined) throw fieldError("VALIDATION_ERROR", "scenario", "required");
  const scenario = await ctx.repos.allocationRules.lockScenario(companyId, id, tx);
  if (!scenario) throw notFound("scenario");
  return scenario;
}

/** A scenario of the caller's company (404 otherwise), for lists and settings. */
export async function findScenario(ctx: AppContext, companyId: number, id: number) {
  const scenario = await ctx.repos.allocationRules.findScenario(companyId, id);
  if (!scenario) throw notFound("scenario");
  return scenario;
}
