import { useQueryClient } from "@tanstack/react-query";
import { FINANCIAL_ACCOUNTS_KEY } from "./get-financial-accounts";

/** After a change to accounts or their values: the table and the total refresh. */
export function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  // The sum sits under the same prefix: one call refreshes the table and the total.
  return () => queryClient.invalidateQueries({ queryKey: FINANCIAL_ACCOUNTS_KEY });
}
