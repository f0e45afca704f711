import { BetaResult } from "@costflow/contract/transactional-data";
import { fetchPage, type PageParams } from "../../../lib/paged";

/** GET transactional-data/calculated-drivers/results?scenario&dimension&limit&offset */
export function getDriverResults(scenario: number, dimension: string | null, params: PageParams) {
  return fetchPage(
    "transactional-data/calculated-drivers/results",
    { scenario, dimension: dimension ?? undefined, limit: params.limit, offset: params.offset },
    BetaResult,
    "items",
  );
}
