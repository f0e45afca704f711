import { PoolDriver } from "@costflow/contract/cost";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useInvalidatePools } from "./invalidate-pools";

/** POST cost/pool-drivers/ or PATCH cost/pool-drivers/{id}/ */
export function useSavePoolDriver() {
  const invalidate = useInvalidatePools();
  return useMutation({
    mutationFn: ({
      id,
      model,
      ...body
    }: {
      id?: number;
      model: number;
      name: string;
      display_type: PoolDriver["display_type"];
      is_tdabc: boolean;
    }) =>
      id
        ? api.patch(`cost/pool-drivers/${id}/`, body, { schema: PoolDriver })
        : api.post("cost/pool-drivers/", { model, ...body }, { schema: PoolDriver }),
    onSuccess: invalidate,
  });
}
