import { Dimension } from "@costflow/contract/dimensions";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { DIMENSION_RECORDS_KEY } from "./get-dimension-records";

/** GET dimensions/{id}/: the title shown in the page's subtitle. */
export function useDimension(id: string) {
  return useQuery({
    queryKey: [...DIMENSION_RECORDS_KEY, "dimension", id],
    queryFn: () => api.get(`dimensions/${id}/`, undefined, { schema: Dimension }),
    enabled: id !== "",
  });
}
