import { AllocationSettings } from "@costflow/contract/allocation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const ALLOCATION_SETTINGS_KEY = ["allocation", "settings"] as const;

/** GET allocation/settings/?scenario */
export function useAllocationSettings(scenario: number) {
  return useQuery(
    queryOptions({
      queryKey: [...ALLOCATION_SETTINGS_KEY, scenario],
      queryFn: () => api.get("allocation/settings/", { scenario }, { schema: AllocationSettings }),
    }),
  );
}
