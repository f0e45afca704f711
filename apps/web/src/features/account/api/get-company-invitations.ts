import { CompanyInvitation } from "@costflow/contract/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchPage } from "../../../lib/paged";

export const INVITATIONS_KEY = ["account", "company-invitations"] as const;

/** Without a company: invitations addressed to me. With one: that company's invitations (admins). */
function getCompanyInvitations(company?: number) {
  return fetchPage(
    "account/company-invitations/",
    { company, limit: 100, ordering: "-created_at" },
    CompanyInvitation,
  );
}

function companyInvitationsQueryOptions(company?: number) {
  return queryOptions({
    queryKey: [...INVITATIONS_KEY, company ?? "mine"],
    queryFn: () => getCompanyInvitations(company),
  });
}

export function useCompanyInvitations(company?: number, enabled = true) {
  return useQuery({ ...companyInvitationsQueryOptions(company), enabled });
}
