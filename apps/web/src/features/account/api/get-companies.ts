import { type Membership, MembershipList } from "@costflow/contract/users";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET account/companies/: the caller's memberships, a plain list. */
function getCompanies(): Promise<Membership[]> {
  return api.get("account/companies/", undefined, { schema: MembershipList });
}

const companiesQueryOptions = queryOptions({
  queryKey: ["account", "companies"],
  queryFn: getCompanies,
});

export function useCompanies() {
  return useQuery(companiesQueryOptions);
}
