import { BulkPoolDriverValuesResult } from "@costflow/contract/cost";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useInvalidatePools } from "./invalidate-pools";

/** POST cost/pool-driver-values/bulk/: every value of one pool at once; null deletes a value. */
export function useSavePoolValues() {
  const invalidate = useInvalidatePools();
  return useMutation({
    mutationFn: (input: {
      scenario: number;
      values: { driver: number; pool: number; value: string | null }[];
    }) => api.post("cost/pool-driver-values/bulk/", input, { schema: BulkPoolDriverValuesResult }),
    onSuccess: invalidate,
  });
}
