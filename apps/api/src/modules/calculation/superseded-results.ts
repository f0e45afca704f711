import type { AppContext } from "../../context.ts";

/** The scenario's runs as one statement read them (calculations.runStates). */
export type RunStates = Awaited<ReturnType<AppContext["repos"]["calculations"]["runStates"]>>;

const ENDED = new Set(["FINISHED", "ERROR", "STOPPED"]);

/**
 * After a run ended: rows of older runs that no category shows any more go away. What to keep is
 * decided from one snapshot of the scenario's runs (`states`, read now by default): the latest
 * FINISHED run of each category, and which roots had ended. A run that ends after the snapshot is
 * left alone, so a run committing a phase meanwhile (another run of the scenario) keeps what it
 * wrote.
 */
export async function deleteSupersededResults(
  ctx: Pick<AppContext, "repos">,
  companyId: number,
  scenarioId: number,
  states?: RunStates,
): Promise<void> {
  const runs = states ?? (await ctx.repos.calculations.runStates(companyId, scenarioId));
  const best = new Map<string, { rootId: number; at: number; id: number }>();
  const ended = new Set<number>();
  for (const run of runs) {
    if (run.id === run.rootId && ENDED.has(run.status)) ended.add(run.id);
    if (run.status !== "FINISHED") continue;
    const at = run.finishedAt?.getTime() ?? 0;
    const current = best.get(run.category);
    if (!current || at > current.at || (at === current.at && run.id > current.id)) {
      best.set(run.category, { rootId: run.rootId, at, id: run.id });
    }
  }
  const latest = new Map([...best].map(([category, b]) => [category, b.rootId]));
  await ctx.repos.results.deleteSuperseded(companyId, scenarioId, latest, ended);
  await ctx.repos.reportData.deleteSuperseded(companyId, scenarioId, latest.get("REPORTS"), ended);
}
