import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CompanyRequest } from "../../../lib/api-types";
import { fetchPage } from "../../../lib/paged";

export const COMPANY_REQUESTS_KEY = ["account", "company-requests"] as const;

function getCompanyRequests() {
  return fetchPage<CompanyRequest>("account/company-requests/", { limit: 100, ordering: "-created_at" });
}

const companyRequestsQueryOptions = queryOptions({
  queryKey: COMPANY_REQUESTS_KEY,
  queryFn: getCompanyRequests,
});

export function useCompanyRequests() {
  return useQuery(companyRequestsQueryOptions);
}
