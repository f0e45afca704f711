import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { Membership } from "../../../lib/api-types";
import { normalizePage } from "../../../lib/paged";

function getCompanies(): Promise<Membership[]> {
  return api.get<unknown>("account/companies/").then((raw) => normalizePage<Membership>(raw).results);
}

const companiesQueryOptions = queryOptions({
  queryKey: ["account", "companies"],
  queryFn: getCompanies,
});

export function useCompanies() {
  return useQuery(companiesQueryOptions);
}
