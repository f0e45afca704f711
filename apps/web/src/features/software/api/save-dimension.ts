import { Dimension, DimensionDriver, type DriverType } from "@costflow/contract/dimensions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { SOFTWARE_DIMENSIONS_KEY } from "./get-dimensions";

/** Driver types a user creates by hand; relationship (DIMENSION) drivers come from the parent. */
export type DriverDataType = Exclude<DriverType, "DIMENSION">;

interface DimensionInput {
  model: number;
  title: string;
  pid: number | null;
  drivers: { name: string; data_type: DriverDataType; is_pnl_line: boolean }[];
}

/**
 * POST dimensions/ (the child of a parent gets its `<PARENT_CODE>_ID` driver from the server), then
 * POST dimension/drivers/ for each driver, in order.
 */
async function saveDimension(input: DimensionInput): Promise<Dimension> {
  const dimension = await api.post(
    "dimensions/",
    { model: input.model, title: input.title, pid: input.pid },
    { schema: Dimension },
  );
  for (const [position, d] of input.drivers.entries()) {
    await api.post(
      "dimension/drivers/",
      { dimension: dimension.id, name: d.name, data_type: d.data_type, is_pnl_line: d.is_pnl_line, position },
      { schema: DimensionDriver },
    );
  }
  return dimension;
}

export function useSaveDimension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDimension,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SOFTWARE_DIMENSIONS_KEY }),
  });
}
