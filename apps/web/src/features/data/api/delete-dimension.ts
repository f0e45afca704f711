import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useInvalidateDimensions } from "./invalidate-dimensions";

/**
 * DELETE dimensions/{id}/: its drivers, records and calculated drivers go; children become roots
 * (docs/data-api.md, "Dimensions and drivers").
 */
export function useDeleteDimension() {
  const invalidate = useInvalidateDimensions();
  return useMutation({ mutationFn: (id: number) => api.delete(`dimensions/${id}/`), onSuccess: invalidate });
}
