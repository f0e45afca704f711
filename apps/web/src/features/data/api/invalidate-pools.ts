import { useQueryClient } from "@tanstack/react-query";
import { COST_POOLS_KEY } from "./get-cost-pools";

/** After a change to pools, pool drivers or their values: both tables refresh. */
export function useInvalidatePools() {
  const queryClient = useQueryClient();
  // Drivers sit under the pools' prefix: one call refreshes both tables.
  return () => queryClient.invalidateQueries({ queryKey: COST_POOLS_KEY });
}
