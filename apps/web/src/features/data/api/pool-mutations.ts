import type { CostPool, PoolDriver } from "@costflow/contract/cost";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { fetchPage } from "../../../lib/paged";
import { COST_POOLS_KEY } from "./get-cost-pools";

export type { CostPool, PoolDriver };
export const POOL_DRIVERS_KEY = ["data", "cost-pools", "drivers"] as const;

/** GET cost/pool-drivers/?model (a model holds a handful of drivers: one page of 100). */
export function usePoolDrivers(model: number) {
  return useQuery({
    queryKey: [...POOL_DRIVERS_KEY, model],
    queryFn: () =>
      fetchPage<PoolDriver>("cost/pool-drivers/", { model, limit: 100, offset: 0, ordering: "name" }),
  });
}

function useInvalidatePools() {
  const queryClient = useQueryClient();
  // Drivers sit under the pools' prefix: one call refreshes both tables.
  return () => queryClient.invalidateQueries({ queryKey: COST_POOLS_KEY });
}

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
        ? api.patch<CostPool>(`cost/pools/${id}/`, body)
        : api.post<CostPool>("cost/pools/", { model, ...body }),
    onSuccess: invalidate,
  });
}

export function useDeletePool() {
  const invalidate = useInvalidatePools();
  return useMutation({ mutationFn: (id: number) => api.delete(`cost/pools/${id}/`), onSuccess: invalidate });
}

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
        ? api.patch<PoolDriver>(`cost/pool-drivers/${id}/`, body)
        : api.post<PoolDriver>("cost/pool-drivers/", { model, ...body }),
    onSuccess: invalidate,
  });
}

export function useDeletePoolDriver() {
  const invalidate = useInvalidatePools();
  return useMutation({
    mutationFn: (id: number) => api.delete(`cost/pool-drivers/${id}/`),
    onSuccess: invalidate,
  });
}

/** POST cost/pool-driver-values/bulk/: every value of one pool at once; null deletes a value. */
export function useSavePoolValues() {
  const invalidate = useInvalidatePools();
  return useMutation({
    mutationFn: (input: {
      scenario: number;
      values: { driver: number; pool: number; value: string | null }[];
    }) => api.post("cost/pool-driver-values/bulk/", input),
    onSuccess: invalidate,
  });
}
