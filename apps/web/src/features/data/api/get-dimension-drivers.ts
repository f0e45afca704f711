import { DimensionDriver } from "@costflow/contract/dimensions";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

/** GET transactional-data/drivers?dimension[&ordering&limit&offset] */
export function getDimensionDrivers(dimension: string, params: PageParams) {
  return fetchPageOrEmpty(
    "transactional-data/drivers",
    { dimension, limit: params.limit, offset: params.offset, ordering: params.ordering },
    DimensionDriver,
    "items",
  );
}
