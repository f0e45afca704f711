import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Strategy } from "../../../lib/api/request-calculation";
import { api } from "../../../lib/api-client";
import { STEP_RULES_KEY } from "./get-step-rules";
import { STEP_SOURCES_KEY } from "./get-step-sources";

/** contract: AllocationSettings (GET/PUT allocation/settings/?scenario). */
export interface AllocationSettings {
  scenario: number;
  strategy: Strategy;
  /** Iteration stop condition, a percentage 0..100. */
  iteration_stop: number;
  profit_line: string | null;
}

const KEY = ["allocation", "settings"] as const;

export function useAllocationSettings(scenario: number) {
  return useQuery(
    queryOptions({
      queryKey: [...KEY, scenario],
      queryFn: () => api.get<AllocationSettings>("allocation/settings/", { scenario }),
    }),
  );
}

export function useSaveAllocationSettings(scenario: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { strategy?: Strategy; iteration_stop?: number }) =>
      api.put<AllocationSettings>(`allocation/settings/?scenario=${scenario}`, body),
    onSuccess: (data) => queryClient.setQueryData([...KEY, scenario], data),
  });
}

/** POST cost-pool-allocations/generate/: replaces every step-2 rule of the scenario. */
export function useGenerateSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { scenario: number; destinations: number[]; driver: number | null }) =>
      api.post<{ created: number; deleted: number }>("allocation/cost-pool-allocations/generate/", body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: STEP_RULES_KEY });
      void queryClient.invalidateQueries({ queryKey: STEP_SOURCES_KEY });
    },
  });
}
