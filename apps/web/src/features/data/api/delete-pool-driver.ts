import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useInvalidatePools } from "./invalidate-pools";

/** DELETE cost/pool-drivers/{id}/ */
export function useDeletePoolDriver() {
  const invalidate = useInvalidatePools();
  return useMutation({
    mutationFn: (id: number) => api.delete(`cost/pool-drivers/${id}/`),
    onSuccess: invalidate,
  });
}
