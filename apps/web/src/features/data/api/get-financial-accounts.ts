import { FinancialAccountRow } from "@costflow/contract/cost";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export const FINANCIAL_ACCOUNTS_KEY = ["data", "financial-accounts"] as const;

/** GET cost/financial-accounts/get-table/?limit&scenario&ordering&offset (sort ID, name, expense_group). */
export function getFinancialAccounts(scenario: number, params: PageParams) {
  return fetchPageOrEmpty(
    "cost/financial-accounts/get-table/",
    {
      scenario,
      limit: params.limit,
      offset: params.offset,
      ordering: params.ordering,
      search: params.search,
    },
    FinancialAccountRow,
  );
}
