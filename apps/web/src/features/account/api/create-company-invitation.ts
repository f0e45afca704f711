import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { CompanyInvitation } from "../../../lib/api-types";
import { INVITATIONS_KEY } from "./get-company-invitations";

interface InvitationInput {
  company: number;
  email: string;
  group_name: string;
}

function createCompanyInvitation(input: InvitationInput): Promise<CompanyInvitation> {
  return api.post<CompanyInvitation>("account/company-invitations/", input);
}

export function useCreateCompanyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompanyInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}
