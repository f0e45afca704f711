import { AllocationSettings } from "@costflow/contract/allocation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Strategy } from "../../../lib/api/request-calculation";
import { api } from "../../../lib/api-client";
import { ALLOCATION_SETTINGS_KEY } from "./get-allocation-settings";

/** PUT allocation/settings/?scenario */
export function useSaveAllocationSettings(scenario: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { strategy?: Strategy; iteration_stop?: number }) =>
      api.put(`allocation/settings/?scenario=${scenario}`, body, { schema: AllocationSettings }),
    onSuccess: (data) => queryClient.setQueryData([...ALLOCATION_SETTINGS_KEY, scenario], data),
  });
}
