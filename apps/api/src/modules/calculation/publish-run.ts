import type { AppContext } from "../../context.ts";
import type { RunOutput } from "./run-plan.ts";

type Store = Pick<AppContext, "db" | "repos">;
type RunRef = { companyId: number; calculationId: number; scenarioId: number; leaseSeconds: number };

/** Rolls back a phase written ahead of the one before it, which did not finish (its status). */
class EarlierPhaseEnded extends Error {
  constructor(readonly status: string) {
    super(`the earlier phase ended ${status}`);
  }
}

/**
 * Writes one phase of a computed run and turns its category rows FINISHED in one transaction, so
 * those results appear all at once or not at all. The run's root row is locked first: a stop
 * request that arrived meanwhile turns the rows still in flight STOPPED instead (nothing written);
 * a run the reaper already failed is left as it is (the reaper skips a run whose root is locked, so
 * it cannot fail a run while it is being published). Answers the root's status afterwards
 * (IN_PROGRESS while later phases remain). `store` is the API's context on PGlite, or the
 * calculation thread's own database and repositories on PostgreSQL.
 *
 * `after` (PostgreSQL, the reports phase): the publish of the steps, still going on another
 * connection. The report data is copied meanwhile, without the root's lock (its tables are the
 * report phase's own); then the transaction waits for the steps' status and only when they are
 * saved and the run still goes on does it lock the root and finish as above. Otherwise (stopped,
 * failed) nothing of the reports is kept.
 */
export async function publishRun(
  store: Store,
  run: RunRef,
  output: RunOutput,
  after?: Promise<string>,
): Promise<string> {
  const { runs, results, reportData, calculations } = store.repos;
  try {
    return await store.db.transaction(async (tx) => {
      if (after && output.phase === "reports") {
        await reportData.write(output.data, tx);
        const earlier = await after;
        if (earlier !== "IN_PROGRESS") throw new EarlierPhaseEnded(earlier);
      }
      const status = await runs.lockRun(run.companyId, run.calculationId, tx);
      if (status === "ATTEMPTING_TO_STOP") {
        // Written ahead: rolled back, and the run ends STOPPED after it (below).
        if (after) throw new EarlierPhaseEnded("ATTEMPTING_TO_STOP");
        await runs.end(run.companyId, run.calculationId, { status: "STOPPED" }, tx);
        return "STOPPED";
      }
      if (status !== "IN_PROGRESS") {
        if (after) throw new EarlierPhaseEnded(status ?? "MISSING");
        return status ?? "MISSING";
      }
      if (output.phase === "steps") {
        await results.writeRun(run.companyId, run.calculationId, output.meta, output.tables, tx);
      } else {
        await results.writeReports(run.companyId, run.calculationId, output.reports, tx);
        if (!after) await reportData.write(output.data, tx);
      }
      await runs.markFinished(run.companyId, run.calculationId, output.categories, tx);
      // Writing may have outlasted the lease while the heartbeat waited on the root's lock: the rows
      // still running (later phases) get a lease counted from now, not from the transaction's start.
      await runs.renewLease(run.companyId, run.calculationId, run.leaseSeconds, tx);
      const now = (await runs.lockRun(run.companyId, run.calculationId, tx)) ?? "MISSING";
      // The scenario's dashboard status turns with the run, not a moment later.
      if (now === "FINISHED") await calculations.refreshScenarioStatus(run.companyId, run.scenarioId, tx);
      return now;
    });
  } catch (error) {
    if (!(error instanceof EarlierPhaseEnded)) throw error;
    if (error.status !== "ATTEMPTING_TO_STOP") return error.status;
    await runs.end(run.companyId, run.calculationId, { status: "STOPPED" });
    return "STOPPED";
  }
}
