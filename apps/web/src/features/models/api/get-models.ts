import { Model } from "@costflow/contract/models";
import { fetchPage, type PageParams } from "../../../lib/paged";

export const MODELS_KEY = ["models"] as const;

export function getModels(params: PageParams) {
  return fetchPage(
    "models/",
    {
      limit: params.limit,
      offset: params.offset,
      ordering: params.ordering ?? "-created_at",
      search: params.search,
    },
    Model,
  );
}
