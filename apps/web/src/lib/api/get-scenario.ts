import { Scenario } from "@costflow/contract/models";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";
import { SCENARIOS_KEY } from "./get-scenarios";

function getScenario(id: number): Promise<Scenario> {
  return api.get(`model/scenarios/${id}/`, undefined, { schema: Scenario });
}

function scenarioQueryOptions(id: number) {
  return queryOptions({ queryKey: [...SCENARIOS_KEY, "detail", id], queryFn: () => getScenario(id) });
}

export function useScenario(id: number | null) {
  return useQuery({ ...scenarioQueryOptions(id ?? 0), enabled: id !== null });
}
