import { api } from "../../../lib/api-client";
import type { CostModel } from "../../../lib/api-types";

export function getModel(id: number): Promise<CostModel> {
  return api.get<CostModel>(`models/${id}/`);
}
