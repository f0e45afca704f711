import { queryOptions, useQuery } from "@tanstack/react-query";
import { DIMENSIONS_KEY, getDimensions } from "./get-dimensions";

/** The model's dimensions (first 100) for selects. */
export function useDimensionOptions(model: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...DIMENSIONS_KEY, "options", model],
      queryFn: () => getDimensions(model ?? 0, { limit: 100, offset: 0 }),
      enabled: model !== null,
    }),
  );
}
