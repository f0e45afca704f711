import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { api } from "../../../lib/api-client";
import { SOURCES_PATH } from "./rule-paths";

/** contract: AllocationSource (GET {rules}/sources/?scenario, steps 1 to 3). */
export interface AllocationSource {
  source: number;
  source_ext_id: string;
  source_name: string;
  total_percentage: number;
  state: "FULLY_ALLOCATED" | "UNDER_ALLOCATED" | "OVER_ALLOCATED" | null;
  rules: number;
  time_driven: boolean;
  drivers_without_values: string[];
}

export const STEP_SOURCES_KEY = ["allocation", "sources"] as const;

export function useStepSources(step: StepNumber, scenario: number) {
  const path = SOURCES_PATH[step];
  return useQuery(
    queryOptions({
      queryKey: [...STEP_SOURCES_KEY, step, scenario],
      queryFn: () => api.get<AllocationSource[]>(path ?? "", { scenario }),
      enabled: path !== undefined,
    }),
  );
}
