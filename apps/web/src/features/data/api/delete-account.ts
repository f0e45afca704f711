import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useInvalidateAccounts } from "./invalidate-accounts";

/** DELETE cost/financial-accounts/{account_id}/ */
export function useDeleteAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (id: number) => api.delete(`cost/financial-accounts/${id}/`),
    onSuccess: invalidate,
  });
}
