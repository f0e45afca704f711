import { DimensionRecord } from "@costflow/contract/dimensions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { DIMENSION_RECORDS_KEY } from "./get-dimension-records";

/** PATCH dimension/records/{id}/ {driverData}: the named drivers' values replace the record's. */
export function useUpdateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, driverData }: { id: number; driverData: Record<string, string | number | null> }) =>
      api.patch(`dimension/records/${id}/`, { driverData }, { schema: DimensionRecord }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DIMENSION_RECORDS_KEY }),
  });
}
