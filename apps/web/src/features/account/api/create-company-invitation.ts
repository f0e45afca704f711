import { CompanyInvitation } from "@costflow/contract/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { INVITATIONS_KEY } from "./get-company-invitations";

interface InvitationInput {
  company: number;
  email: string;
  group_name: string;
}

function createCompanyInvitation(input: InvitationInput): Promise<CompanyInvitation> {
  return api.post("account/company-invitations/", input, { schema: CompanyInvitation });
}

export function useCreateCompanyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompanyInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}
