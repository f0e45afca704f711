import { DimensionDriver } from "@costflow/contract/dimensions";
import { useQuery } from "@tanstack/react-query";
import { fetchPage } from "../../../lib/paged";
import { DIMENSION_RECORDS_KEY } from "./get-dimension-records";

/** Every driver of the dimension (GET transactional-data/drivers), for the columns and the form. */
export function useAllDimensionDrivers(dimension: string) {
  return useQuery({
    queryKey: [...DIMENSION_RECORDS_KEY, "all-drivers", dimension],
    queryFn: () =>
      fetchPage(
        "transactional-data/drivers",
        { dimension, limit: 100, offset: 0, ordering: "position" },
        DimensionDriver,
        "items",
      ),
  });
}
