import { CompanyRequest } from "@costflow/contract/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchPage } from "../../../lib/paged";

export const COMPANY_REQUESTS_KEY = ["account", "company-requests"] as const;

function getCompanyRequests() {
  return fetchPage("account/company-requests/", { limit: 100, ordering: "-created_at" }, CompanyRequest);
}

const companyRequestsQueryOptions = queryOptions({
  queryKey: COMPANY_REQUESTS_KEY,
  queryFn: getCompanyRequests,
});

export function useCompanyRequests() {
  return useQuery(companyRequestsQueryOptions);
}
