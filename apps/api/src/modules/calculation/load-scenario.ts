import type { Database } from "@costflow/db/client";
import { modelsRepository } from "@costflow/db/repositories/models";
import type { ModelData } from "@costflow/engine/model/types";
import { loadModelData } from "../model-io/load-model-data.ts";
import type { CodeIds } from "./run-plan.ts";

export interface LoadedScenario {
  model: ModelData;
  /** The master data's database ids by code, to link the result rows. */
  ids: CodeIds;
  /** Records of every dimension, and the time the load took (the run's "loaded" log line). */
  records: number;
  ms: number;
}

/**
 * Loads what a calculation needs of a scenario, the one way for both databases: the API process
 * on PGlite (which owns the embedded database) and the calculation thread on PostgreSQL (over its
 * own connection, which is why the repository is built here over the database given).
 */
export async function loadScenario(
  db: Database,
  companyId: number,
  scenarioId: number,
): Promise<LoadedScenario> {
  const startedAt = performance.now();
  const model = await loadModelData(companyId, scenarioId, db);
  const ids = await modelsRepository(db).codeIds(companyId, scenarioId);
  let records = 0;
  for (const r of model.records.values()) records += r.identifiers.length;
  return { model, ids, records, ms: Math.round(performance.now() - startedAt) };
}
