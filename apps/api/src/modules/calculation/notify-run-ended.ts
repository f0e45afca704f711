import type { AppContext } from "../../context.ts";
import { notifyUsers } from "../notifications/notify-users.ts";

/**
 * Tells the user who requested a run that it ended (FINISHED or ERROR), in their language, with a
 * link to the calculations page: a run takes minutes and the user has usually moved on. Runs they
 * stopped themselves need no news. A failure to notify never changes the run's outcome.
 */
export async function notifyRunEnded(
  ctx: AppContext,
  run: { companyId: number; scenarioId: number; requestedBy: number | null },
  status: string | undefined,
): Promise<void> {
  if (run.requestedBy === null || (status !== "FINISHED" && status !== "ERROR")) return;
  try {
    const scenario = await ctx.repos.models.findScenario(run.companyId, run.scenarioId);
    await notifyUsers(ctx, [run.requestedBy], {
      key: status === "FINISHED" ? "calculation_finished" : "calculation_failed",
      values: { scenario: scenario?.name ?? String(run.scenarioId) },
      link: "/model/scenarios/calculations",
      companyId: run.companyId,
    });
  } catch (error) {
    ctx.log.error({ err: error, scenarioId: run.scenarioId }, "calculation notification");
  }
}
