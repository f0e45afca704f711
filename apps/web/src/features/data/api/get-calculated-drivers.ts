import type { FormulaFeedback } from "@costflow/contract/calculated-drivers";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export interface CalculatedDriverRow {
  id: number;
  name: string;
  dimension?: number;
  dimension_name?: string;
  formula?: string;
  formula_splited?: string[];
  formula_feedback?: FormulaFeedback;
  type?: string;
  is_pnl_line?: boolean;
  total_value?: number | null;
}

export const CALCULATED_DRIVERS_KEY = ["data", "calculated-drivers"] as const;

/** Spec 7 (older list): GET dimension/calculated-drivers/get-calculated/?scenario&limit&ordering&offset */
export function getCalculatedDriversClassic(scenario: number, dimension: string | null, params: PageParams) {
  return fetchPageOrEmpty<CalculatedDriverRow>("dimension/calculated-drivers/get-calculated/", {
    scenario,
    dimension: dimension ?? undefined,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering,
  });
}

/** Spec 7 (beta): GET transactional-data/calculated-drivers?model&ordering&limit&offset&dimension_id */
export function getCalculatedDrivers(model: number, dimension: string | null, params: PageParams) {
  return fetchPageOrEmpty<CalculatedDriverRow>("transactional-data/calculated-drivers", {
    model,
    dimension_id: dimension ?? undefined,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering,
  });
}
