import { AllocationSourceList } from "@costflow/contract/allocation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { api } from "../../../lib/api-client";
import { SOURCES_PATH } from "./rule-paths";

export const STEP_SOURCES_KEY = ["allocation", "sources"] as const;

export function useStepSources(step: StepNumber, scenario: number) {
  const path = SOURCES_PATH[step];
  return useQuery(
    queryOptions({
      queryKey: [...STEP_SOURCES_KEY, step, scenario],
      queryFn: () => api.get(path ?? "", { scenario }, { schema: AllocationSourceList }),
      enabled: path !== undefined,
    }),
  );
}
