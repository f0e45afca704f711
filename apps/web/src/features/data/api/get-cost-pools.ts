import type { CostPool } from "@costflow/contract/cost";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export interface CostPoolRow {
  id: number;
  identifier: string;
  name: string;
  is_direct: boolean;
  model?: number;
  drivers?: CostPool["drivers"];
}

export const COST_POOLS_KEY = ["data", "cost-pools"] as const;

/** Spec 7: GET cost/pools/?scenario */
export function getCostPools(scenario: number, params: PageParams) {
  return fetchPageOrEmpty<CostPoolRow>("cost/pools/", {
    scenario,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering,
    search: params.search,
  });
}
