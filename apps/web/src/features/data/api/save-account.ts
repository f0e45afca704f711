import { FinancialAccount, type SaveFinancialAccount } from "@costflow/contract/cost";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useInvalidateAccounts } from "./invalidate-accounts";

/** POST cost/financial-accounts/ or PUT cost/financial-accounts/{account_id}/ (same payload). */
export function useSaveAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveFinancialAccount & { id?: number }) =>
      id
        ? api.put(`cost/financial-accounts/${id}/`, body, { schema: FinancialAccount })
        : api.post("cost/financial-accounts/", body, { schema: FinancialAccount }),
    onSuccess: invalidate,
  });
}
