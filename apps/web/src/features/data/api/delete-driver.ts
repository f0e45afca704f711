import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useInvalidateDimensions } from "./invalidate-dimensions";

/** DELETE dimension/drivers/{id}/: the driver and its values in every record. */
export function useDeleteDriver() {
  const invalidate = useInvalidateDimensions();
  return useMutation({
    mutationFn: (id: number) => api.delete(`dimension/drivers/${id}/`),
    onSuccess: invalidate,
  });
}
