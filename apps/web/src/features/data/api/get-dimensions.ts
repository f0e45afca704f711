import { Dimension } from "@costflow/contract/dimensions";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export const DIMENSIONS_KEY = ["data", "dimensions"] as const;

/** GET dimensions/?model */
export function getDimensions(model: number, params: PageParams) {
  return fetchPageOrEmpty(
    "dimensions/",
    { model, limit: params.limit, offset: params.offset, ordering: params.ordering },
    Dimension,
  );
}
