import type { Database } from "@costflow/db/client";
import { modelsRepository } from "@costflow/db/repositories/models";
import type { CodeIds } from "../../worker/run-plan.ts";

/**
 * The database ids of the scenario's model's master data by code (to link result rows), read
 * through a models repository over the database given: the calculation thread's own connection
 * (worker/calculation-thread.ts); the API process reads them through ctx.repos.models.codeIds.
 */
export async function readCodeIds(db: Database, companyId: number, scenarioId: number): Promise<CodeIds> {
  return modelsRepository(db).codeIds(companyId, scenarioId);
}
