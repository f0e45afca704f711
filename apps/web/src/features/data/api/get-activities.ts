import { Activity } from "@costflow/contract/activities";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export const ACTIVITIES_KEY = ["data", "activities"] as const;

/** GET activities/?model */
export function getActivities(model: number, params: PageParams) {
  return fetchPageOrEmpty(
    "activities/",
    {
      model,
      limit: params.limit,
      offset: params.offset,
      ordering: params.ordering,
      search: params.search,
    },
    Activity,
  );
}
