import { ActivityDeleteImpact } from "@costflow/contract/activities";
import { api } from "../../../lib/api-client";

/** What deleting an activity would take with it, summed over the model's scenarios. */
export function getDeleteImpact(id: number): Promise<ActivityDeleteImpact> {
  return api.get(`activities/${id}/delete-impact/`, undefined, { schema: ActivityDeleteImpact });
}
