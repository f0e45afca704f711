import { CompanyInvitation } from "@costflow/contract/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { fetchMe } from "../../../lib/user-settings";

/** The invitee accepts (becoming a member: user data is reloaded) or declines. */
async function respondCompanyInvitation({ id, answer }: { id: number; answer: "accept" | "decline" }) {
  await api.post(`account/company-invitations/${id}/${answer}/`, {}, { schema: CompanyInvitation });
  if (answer === "accept") await fetchMe();
}

export function useRespondCompanyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondCompanyInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["account"] }),
  });
}
