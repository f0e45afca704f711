// The dimension manager's hierarchy (docs/data-api.md, "Dimensions and drivers").
import { DimensionsPageData } from "@costflow/contract/dimensions";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { DIMENSIONS_KEY } from "./get-dimensions";

/** GET dimensions/get-dimensions-page-data/?model&scenario: roots with their descendants. */
export function useDimensionTree(model: number, scenario: number) {
  return useQuery({
    queryKey: [...DIMENSIONS_KEY, "tree", model, scenario],
    queryFn: () =>
      api.get("dimensions/get-dimensions-page-data/", { model, scenario }, { schema: DimensionsPageData }),
  });
}
