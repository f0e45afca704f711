import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { type DimensionItem, SOFTWARE_DIMENSIONS_KEY } from "./get-dimensions";

export type DriverDataType = "DECIMAL" | "TEXT" | "DATE" | "DIMENSION";

export interface DimensionInput {
  model: number;
  title: string;
  pid: number | null;
  drivers: { name: string; data_type: DriverDataType; is_pnl_line: boolean }[];
}

export function saveDimension(input: DimensionInput): Promise<DimensionItem> {
  return api.post<DimensionItem>("dimensions/", input);
}

export function useSaveDimension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDimension,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SOFTWARE_DIMENSIONS_KEY }),
  });
}
