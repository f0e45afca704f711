import { CostPool } from "@costflow/contract/cost";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useInvalidatePools } from "./invalidate-pools";

/** POST cost/pools/ or PATCH cost/pools/{id}/ */
export function useSavePool() {
  const invalidate = useInvalidatePools();
  return useMutation({
    mutationFn: ({
      id,
      model,
      ...body
    }: {
      id?: number;
      model: number;
      identifier: string;
      name: string;
      is_direct: boolean;
    }) =>
      id
        ? api.patch(`cost/pools/${id}/`, body, { schema: CostPool })
        : api.post("cost/pools/", { model, ...body }, { schema: CostPool }),
    onSuccess: invalidate,
  });
}
