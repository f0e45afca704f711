import { AmountSum } from "@costflow/contract/cost";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { FINANCIAL_ACCOUNTS_KEY } from "./get-financial-accounts";

const AMOUNT_SUM_KEY = [...FINANCIAL_ACCOUNTS_KEY, "sum"] as const;

/** GET cost/financial-accounts/get-amount-sum/?scenario */
export function useAmountSum(scenario: number) {
  return useQuery({
    queryKey: [...AMOUNT_SUM_KEY, scenario],
    queryFn: () => api.get("cost/financial-accounts/get-amount-sum/", { scenario }, { schema: AmountSum }),
  });
}
