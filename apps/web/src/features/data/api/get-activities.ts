import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export interface ActivityRow {
  id: number;
  name: string;
  description: string;
  is_tdabc: boolean;
  costpool: number | null;
  costpool_name: string | null;
  code?: string;
}

export const ACTIVITIES_KEY = ["data", "activities"] as const;

/** Spec 7: GET activities/?model */
export function getActivities(model: number, params: PageParams) {
  return fetchPageOrEmpty<ActivityRow>("activities/", {
    model,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering,
    search: params.search,
  });
}
