import type { Model, Scenario, ScenarioStatus } from "@costflow/contract/models";
import type { ModelView, ScenarioView } from "@costflow/db/repositories/models";
import { iso, isoOrNull } from "../../lib/pagination.ts";

export function toModel(row: ModelView): Model {
  return {
    id: row.id,
    name: row.name,
    short_description: row.shortDescription,
    author: row.authorName,
    created_at: iso(row.createdAt),
    company: row.companyId,
  };
}

export function toScenario(row: ScenarioView): Scenario {
  return {
    id: row.id,
    model: row.modelId,
    name: row.name,
    description: row.description,
    period_from: row.periodFrom,
    period_to: row.periodTo,
    currency: row.currency,
    status: row.status as ScenarioStatus,
    created_at: iso(row.createdAt),
    finished_at: isoOrNull(row.finishedAt),
  };
}
