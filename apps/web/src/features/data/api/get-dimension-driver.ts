import { DimensionDriver } from "@costflow/contract/dimensions";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const DIMENSION_DRIVER_KEY = ["dimension-driver"] as const;

/** GET dimension/drivers/{id}/: one driver with its label and target (for its edit form). */
export function useDimensionDriver(id: number | null) {
  return useQuery({
    queryKey: [...DIMENSION_DRIVER_KEY, id],
    queryFn: () => api.get(`dimension/drivers/${id}/`, undefined, { schema: DimensionDriver }),
    enabled: id !== null,
  });
}
