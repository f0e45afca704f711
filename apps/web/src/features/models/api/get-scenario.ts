import { api } from "../../../lib/api-client";
import type { Scenario } from "../../../lib/api-types";

export function getScenario(id: number): Promise<Scenario> {
  return api.get<Scenario>(`model/scenarios/${id}/`);
}
