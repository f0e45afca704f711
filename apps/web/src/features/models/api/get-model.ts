import { Model } from "@costflow/contract/models";
import { api } from "../../../lib/api-client";

export function getModel(id: number): Promise<Model> {
  return api.get(`models/${id}/`, undefined, { schema: Model });
}
