import { DimensionDriver } from "@costflow/contract/dimensions";
import { useQuery } from "@tanstack/react-query";
import { fetchPage } from "../../../lib/paged";

/**
 * The dimension's decimal drivers (GET transactional-data/drivers, an `{items, count}` list): the
 * names a calculated driver's formula reads besides earlier calculated drivers.
 */
export function useDecimalDrivers(dimension: number | null) {
  return useQuery({
    queryKey: ["data", "calculated-drivers", "decimal-drivers", dimension],
    queryFn: () =>
      fetchPage(
        "transactional-data/drivers",
        { dimension: dimension ?? 0, driver_type: "decimal", limit: 100, offset: 0, ordering: "position" },
        DimensionDriver,
        "items",
      ),
    enabled: dimension !== null,
  });
}
