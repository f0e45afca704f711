import type { ModelData } from "@costflow/engine/model/types";
import type { AppContext } from "../../context.ts";
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
 * Loads what a calculation needs of a scenario, the one way for both databases: `store` is the
 * API's context on PGlite (which owns the embedded database) or the calculation thread's own
 * database and repositories on PostgreSQL.
 */
export async function loadScenario(
  store: Pick<AppContext, "db" | "repos">,
  companyId: number,
  scenarioId: number,
): Promise<LoadedScenario> {
  const startedAt = performance.now();
  const model = await loadModelData(companyId, scenarioId, store.db);
  const ids = await store.repos.models.codeIds(companyId, scenarioId);
  let records = 0;
  for (const r of model.records.values()) records += r.identifiers.length;
  return { model, ids, records, ms: Math.round(performance.now() - startedAt) };
}
