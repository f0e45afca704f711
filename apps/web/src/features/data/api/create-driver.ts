import { type CreateDimensionDriver, DimensionDriver } from "@costflow/contract/dimensions";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useInvalidateDimensions } from "./invalidate-dimensions";

/** POST dimension/drivers/ (a DIMENSION driver is named <TARGET_CODE>_ID by the server). */
export function useCreateDriver() {
  const invalidate = useInvalidateDimensions();
  return useMutation({
    mutationFn: (body: CreateDimensionDriver) =>
      api.post("dimension/drivers/", body, { schema: DimensionDriver }),
    onSuccess: invalidate,
  });
}
