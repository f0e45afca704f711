import { Scenario } from "@costflow/contract/models";
import { api } from "../../../lib/api-client";

export function getScenario(id: number): Promise<Scenario> {
  return api.get(`model/scenarios/${id}/`, undefined, { schema: Scenario });
}
