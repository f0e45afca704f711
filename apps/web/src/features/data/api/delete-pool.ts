import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useInvalidatePools } from "./invalidate-pools";

/** DELETE cost/pools/{id}/ */
export function useDeletePool() {
  const invalidate = useInvalidatePools();
  return useMutation({ mutationFn: (id: number) => api.delete(`cost/pools/${id}/`), onSuccess: invalidate });
}
