import { CompanyRequest } from "@costflow/contract/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { COMPANY_REQUESTS_KEY } from "./get-company-requests";

interface RespondInput {
  id: number;
  answer: "accept" | "decline";
  group_name?: string;
}

/** Admins of the requested company accept (optionally choosing the group) or decline. */
function respondCompanyRequest({ id, answer, group_name }: RespondInput) {
  return api.post(
    `account/company-requests/${id}/${answer}/`,
    answer === "accept" && group_name ? { group_name } : {},
    { schema: CompanyRequest },
  );
}

export function useRespondCompanyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondCompanyRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANY_REQUESTS_KEY }),
  });
}
