import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export interface DimensionItem {
  id: number;
  pid: number | null;
  title: string;
  code: string;
}

export const SOFTWARE_DIMENSIONS_KEY = ["software", "dimensions"] as const;

/** Spec 7: GET dimensions/?model */
export function getDimensions(model: number, params: PageParams) {
  return fetchPageOrEmpty<DimensionItem>("dimensions/", {
    model,
    limit: params.limit,
    offset: params.offset,
  });
}
