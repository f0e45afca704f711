import { PoolDriver } from "@costflow/contract/cost";
import { useQuery } from "@tanstack/react-query";
import { fetchPage } from "../../../lib/paged";
import { COST_POOLS_KEY } from "./get-cost-pools";

const POOL_DRIVERS_KEY = [...COST_POOLS_KEY, "drivers"] as const;

/** GET cost/pool-drivers/?model (a model holds a handful of drivers: one page of 100). */
export function usePoolDrivers(model: number) {
  return useQuery({
    queryKey: [...POOL_DRIVERS_KEY, model],
    queryFn: () =>
      fetchPage("cost/pool-drivers/", { model, limit: 100, offset: 0, ordering: "name" }, PoolDriver),
  });
}
