import { DeleteDimensionDriversResult } from "@costflow/contract/dimensions";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useInvalidateDimensions } from "./invalidate-dimensions";

/** DELETE dimension/drivers/?dimension&confirm=true: every driver, its _ID drivers and its records. */
export function useDeleteAllDrivers() {
  const invalidate = useInvalidateDimensions();
  return useMutation({
    mutationFn: (dimension: number) =>
      api.delete(`dimension/drivers/?dimension=${dimension}&confirm=true`, {
        schema: DeleteDimensionDriversResult,
      }),
    onSuccess: invalidate,
  });
}
