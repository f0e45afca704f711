import type { ActivityDeleteImpact } from "@costflow/contract/activities";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";

/** What deleting the activity would remove (rules of steps 3-5, P&L lines), for the confirmation. */
export async function getActivityDeleteImpact(
  ctx: AppContext,
  companyId: number,
  id: number,
): Promise<z.output<typeof ActivityDeleteImpact>> {
  const activity = await ctx.repos.activities.find(companyId, id);
  if (!activity) throw notFound();
  const impact = await ctx.repos.activities.deleteImpact(companyId, activity);
  return {
    activity: activity.id,
    step3_rules: impact.step3,
    step4_rules: impact.step4,
    step5_rules: impact.step5,
    pnl_lines: impact.pnlLines,
    scenarios: impact.scenarios,
  };
}

/**
 * Deletes an activity with its rules of every step and its P&L lines in every scenario of the
 * model. The call takes no parameter (docs/data-api.md, "Activities"): the UI's dialog confirms.
 * Only an explicit confirm=false holds the delete back.
 */
export async function deleteActivity(
  ctx: AppContext,
  companyId: number,
  input: { id: number; confirm?: boolean | undefined },
): Promise<void> {
  if (!(await ctx.repos.activities.find(companyId, input.id))) throw notFound();
  if (input.confirm === false) throw fieldError("VALIDATION_ERROR", "confirm", "confirm_required");
  const deleted = await ctx.db.transaction((tx) => ctx.repos.activities.delete(companyId, input.id, tx));
  if (!deleted) throw notFound();
}
