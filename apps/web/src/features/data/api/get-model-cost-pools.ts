import { CostPool } from "@costflow/contract/cost";
import { useQuery } from "@tanstack/react-query";
import { fetchPage } from "../../../lib/paged";

/** Every cost pool of the model, for selects (GET cost/pools/?model). */
export function useModelCostPools(model: number) {
  return useQuery({
    queryKey: ["data", "cost-pools", "options", model],
    queryFn: () =>
      fetchPage("cost/pools/", { model, limit: 100, offset: 0, ordering: "identifier" }, CostPool),
  });
}
