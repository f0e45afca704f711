import { DimensionDriver, type UpdateDimensionDriver } from "@costflow/contract/dimensions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { DIMENSION_DRIVER_KEY } from "./get-dimension-driver";
import { useInvalidateDimensions } from "./invalidate-dimensions";

/** PATCH dimension/drivers/{id}/: label, P&L flag and (unless a formula reads it) the name. */
export function useUpdateDriver() {
  const invalidate = useInvalidateDimensions();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateDimensionDriver & { id: number }) =>
      api.patch(`dimension/drivers/${id}/`, body, { schema: DimensionDriver }),
    onSuccess: (driver) => {
      queryClient.removeQueries({ queryKey: [...DIMENSION_DRIVER_KEY, driver.id] });
      return invalidate();
    },
  });
}
