import { CalculatedDriverWithTotal } from "@costflow/contract/calculated-drivers";
import { BetaCalculatedDriver } from "@costflow/contract/transactional-data";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

/** A row of either list: the older one carries the total, the beta one the formula's feedback. */
export type CalculatedDriverRow = CalculatedDriverWithTotal | BetaCalculatedDriver;

export const CALCULATED_DRIVERS_KEY = ["data", "calculated-drivers"] as const;

/** The older list: GET dimension/calculated-drivers/get-calculated/?scenario&limit&ordering&offset */
export function getCalculatedDriversClassic(scenario: number, dimension: string | null, params: PageParams) {
  return fetchPageOrEmpty(
    "dimension/calculated-drivers/get-calculated/",
    {
      scenario,
      dimension: dimension ?? undefined,
      limit: params.limit,
      offset: params.offset,
      ordering: params.ordering,
    },
    CalculatedDriverWithTotal,
  );
}

/** The beta list: GET transactional-data/calculated-drivers?model&ordering&limit&offset&dimension_id */
export function getCalculatedDrivers(model: number, dimension: string | null, params: PageParams) {
  return fetchPageOrEmpty(
    "transactional-data/calculated-drivers",
    {
      model,
      dimension_id: dimension ?? undefined,
      limit: params.limit,
      offset: params.offset,
      ordering: params.ordering,
    },
    BetaCalculatedDriver,
    "items",
  );
}
