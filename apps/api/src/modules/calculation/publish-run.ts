import { analyzeTable } from "@costflow/db/repositories/analyze";
import type { AppContext } from "../../context.ts";
import type { RunOutput } from "./run-plan.ts";

/**
 * Writes one phase of a computed run and turns its category rows FINISHED in one transaction, so
 * those results appear all at once or not at all. The run's root row is locked first: a stop
 * request that arrived meanwhile turns the rows still in flight STOPPED instead (nothing written);
 * a run the reaper already failed is left as it is (the reaper skips a run whose root is locked, so
 * it cannot fail a run while it is being published). Answers the root's status afterwards
 * (IN_PROGRESS while later phases remain). Called on the main thread, the tables' chunks
 * streaming from the calculation thread (lib/chunk-streams.ts).
 */
export async function publishRun(
  ctx: Pick<AppContext, "db" | "repos">,
  run: { companyId: number; calculationId: number; scenarioId: number; leaseSeconds: number },
  output: RunOutput,
): Promise<string> {
  const { runs, results, reportData, calculations } = ctx.repos;
  const status = await ctx.db.transaction(async (tx) => {
    const status = await runs.lockRun(run.companyId, run.calculationId, tx);
    if (status === "ATTEMPTING_TO_STOP") {
      await runs.end(run.companyId, run.calculationId, { status: "STOPPED" }, tx);
      return "STOPPED";
    }
    if (status !== "IN_PROGRESS") return status ?? "MISSING";
    if (output.phase === "steps") {
      await results.writeRun(run.companyId, run.calculationId, output.meta, output.tables, tx);
    } else {
      await results.writeReports(run.companyId, run.calculationId, output.reports, tx);
      await reportData.write(output.data, tx);
    }
    await runs.markFinished(run.companyId, run.calculationId, output.categories, tx);
    // Writing may have outlasted the lease while the heartbeat waited on the root's lock: the rows
    // still running (later phases) get a lease counted from now, not from the transaction's start.
    await runs.renewLease(run.companyId, run.calculationId, run.leaseSeconds, tx);
    const after = (await runs.lockRun(run.companyId, run.calculationId, tx)) ?? "MISSING";
    // The scenario's dashboard status turns with the run, not a moment later.
    if (after === "FINISHED") await calculations.refreshScenarioStatus(run.companyId, run.scenarioId, tx);
    return after;
  });
  // Statistics of the rows just published, after the commit (ANALYZE's lock is then held for its
  // sample only, not for a transaction other runs would wait on): the reads of a run's records by
  // the reports and the BI export are planned on them (repositories/analyze.ts).
  if (status === "IN_PROGRESS" || status === "FINISHED") {
    for (const table of output.phase === "steps"
      ? (["result_records", "result_vectors"] as const)
      : (["report_records"] as const))
      await analyzeTable(table, ctx.db);
  }
  return status;
}
