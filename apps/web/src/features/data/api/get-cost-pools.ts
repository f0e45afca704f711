import { CostPool } from "@costflow/contract/cost";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export const COST_POOLS_KEY = ["data", "cost-pools"] as const;

/** GET cost/pools/?scenario */
export function getCostPools(scenario: number, params: PageParams) {
  return fetchPageOrEmpty(
    "cost/pools/",
    {
      scenario,
      limit: params.limit,
      offset: params.offset,
      ordering: params.ordering,
      search: params.search,
    },
    CostPool,
  );
}
