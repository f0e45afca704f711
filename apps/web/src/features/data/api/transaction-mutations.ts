import type { Dimension, DimensionDriver } from "@costflow/contract/dimensions";
import type { SaveTransaction } from "@costflow/contract/transactional-data";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { fetchPage } from "../../../lib/paged";
import { DIMENSION_RECORDS_KEY } from "./get-dimension-records";

export type { DimensionDriver };

/** Every driver of the dimension (GET transactional-data/drivers), for the columns and the form. */
export function useAllDimensionDrivers(dimension: string) {
  return useQuery({
    queryKey: [...DIMENSION_RECORDS_KEY, "all-drivers", dimension],
    queryFn: () =>
      fetchPage<DimensionDriver>("transactional-data/drivers", {
        dimension,
        limit: 100,
        offset: 0,
        ordering: "position",
      }),
  });
}

/** POST (new) or PATCH (existing transaction_id) transactional-data/transactions. */
export function useSaveTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isNew, ...body }: SaveTransaction & { isNew: boolean }) =>
      isNew
        ? api.post("transactional-data/transactions", body)
        : api.patch("transactional-data/transactions", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DIMENSION_RECORDS_KEY }),
  });
}

/** GET dimensions/{id}/: the title shown in the page's subtitle. */
export function useDimension(id: string) {
  return useQuery({
    queryKey: [...DIMENSION_RECORDS_KEY, "dimension", id],
    queryFn: () => api.get<Dimension>(`dimensions/${id}/`),
    enabled: id !== "",
  });
}

/** PATCH dimension/records/{id}/ {driverData}: the named drivers' values replace the record's. */
export function useUpdateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, driverData }: { id: number; driverData: Record<string, string | number | null> }) =>
      api.patch(`dimension/records/${id}/`, { driverData }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DIMENSION_RECORDS_KEY }),
  });
}
