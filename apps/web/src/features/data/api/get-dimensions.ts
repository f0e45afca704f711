import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export interface DimensionRow {
  id: number;
  pid: number | null;
  title: string;
  code: string;
}

export const DIMENSIONS_KEY = ["data", "dimensions"] as const;

/** Spec 7: GET dimensions/?model */
export function getDimensions(model: number, params: PageParams) {
  return fetchPageOrEmpty<DimensionRow>("dimensions/", {
    model,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering,
  });
}

export function useDimensionOptions(model: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...DIMENSIONS_KEY, "options", model],
      queryFn: () => getDimensions(model ?? 0, { limit: 100, offset: 0 }),
      enabled: model !== null,
    }),
  );
}
