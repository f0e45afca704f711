import type { Database } from "@costflow/db/client";
import { calculationsRepository } from "@costflow/db/repositories/calculations";
import { resultsRepository } from "@costflow/db/repositories/results";
import type { RunOutput } from "../../worker/compute-run.ts";

/**
 * Writes a computed run and turns it FINISHED in one transaction, so its results appear all at
 * once or not at all. The run's row is locked first: a stop request that arrived meanwhile turns
 * it STOPPED instead (nothing written); a run the reaper already failed is left as it is.
 * Answers the run's status afterwards.
 */
export async function publishRun(
  db: Database,
  run: { companyId: number; calculationId: number },
  output: RunOutput,
): Promise<string> {
  const calculations = calculationsRepository(db);
  const results = resultsRepository(db);
  return db.transaction(async (tx) => {
    const status = await calculations.lockRun(run.companyId, run.calculationId, tx);
    if (status === "ATTEMPTING_TO_STOP") {
      await calculations.end(run.companyId, run.calculationId, { status: "STOPPED" }, tx);
      return "STOPPED";
    }
    if (status !== "IN_PROGRESS") return status ?? "MISSING";
    await results.writeRun(tx, run.companyId, run.calculationId, output.meta, output.tables);
    await calculations.markFinished(run.companyId, run.calculationId, tx);
    return "FINISHED";
  });
}
