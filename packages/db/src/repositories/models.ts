import type { Database } from "../client.ts";
import { modelCodeIdsRepository } from "./models/code-ids.ts";
import { companyModelsRepository } from "./models/company-models.ts";
import { scenariosRepository } from "./models/scenarios.ts";

// Models and their scenarios: the models (models/company-models.ts), the scenarios
// (scenarios.ts), and the ids of a scenario's model's master data by code (code-ids.ts). Every
// function takes the caller's company first and filters by it: a row of another company is
// indistinguishable from a row that does not exist.

export type { ModelCodeIds } from "./models/code-ids.ts";
export type { Model, ModelView } from "./models/company-models.ts";
export type { Scenario, ScenarioView } from "./models/scenarios.ts";

/** Models and their scenarios, always within one company. */
export function modelsRepository(db: Database) {
  return {
    ...companyModelsRepository(db),
    ...scenariosRepository(db),
    ...modelCodeIdsRepository(db),
  };
}
