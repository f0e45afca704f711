import { useQueryClient } from "@tanstack/react-query";
import { DIMENSION_RECORDS_KEY } from "./get-dimension-records";
import { DIMENSIONS_KEY } from "./get-dimensions";

/** After a change to dimensions or their drivers: the dimension lists and the records refresh. */
export function useInvalidateDimensions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: DIMENSIONS_KEY }),
      queryClient.invalidateQueries({ queryKey: DIMENSION_RECORDS_KEY }),
    ]);
}
