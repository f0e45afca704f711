import type { FinancialAccount, SaveFinancialAccount } from "@costflow/contract/cost";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";
import { FINANCIAL_ACCOUNTS_KEY } from "./get-financial-accounts";

export const AMOUNT_SUM_KEY = ["data", "financial-accounts", "sum"] as const;

/** GET cost/financial-accounts/get-amount-sum/?scenario */
export function useAmountSum(scenario: number) {
  return useQuery({
    queryKey: [...AMOUNT_SUM_KEY, scenario],
    queryFn: () => api.get<{ total: number }>("cost/financial-accounts/get-amount-sum/", { scenario }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  // The sum sits under the same prefix: one call refreshes the table and the total.
  return () => queryClient.invalidateQueries({ queryKey: FINANCIAL_ACCOUNTS_KEY });
}

/** POST cost/financial-accounts/ or PUT cost/financial-accounts/{account_id}/ (same payload). */
export function useSaveAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveFinancialAccount & { id?: number }) =>
      id
        ? api.put<FinancialAccount>(`cost/financial-accounts/${id}/`, body)
        : api.post<FinancialAccount>("cost/financial-accounts/", body),
    onSuccess: invalidate,
  });
}

export function useDeleteAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete(`cost/financial-accounts/${id}/`),
    onSuccess: invalidate,
  });
}

/**
 * The account value of a scenario (spec 8): PATCH the value when one exists; when none exists, or
 * the lookup answers 400, create it with POST (the server upserts on (scenario, account)).
 */
export async function saveAccountValue(input: {
  scenario: number;
  account: number;
  valueId: number | null;
  amount: string;
}): Promise<void> {
  if (input.valueId) {
    try {
      await api.patch(`cost/account-values/${input.valueId}/`, { amount: input.amount });
      return;
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
    }
  }
  await api.post("cost/account-values/", {
    scenario: input.scenario,
    account: input.account,
    amount: input.amount,
  });
}

export function useSaveAccountValue() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: saveAccountValue, onSuccess: invalidate });
}
