import type { CostModel } from "../../../lib/api-types";
import { fetchPage, type PageParams } from "../../../lib/paged";

export const MODELS_KEY = ["models"] as const;

export function getModels(params: PageParams) {
  return fetchPage<CostModel>("models/", {
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering ?? "-created_at",
    search: params.search,
  });
}
