import { AccountValue } from "@costflow/contract/cost";
import { useMutation } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";
import { useInvalidateAccounts } from "./invalidate-accounts";

/**
 * The account value of a scenario: PATCH the value when one exists; when none exists, or the lookup
 * answers 400, create it with POST (the server upserts on (scenario, account)).
 */
async function saveAccountValue(input: {
  scenario: number;
  account: number;
  valueId: number | null;
  amount: string;
}): Promise<void> {
  if (input.valueId) {
    try {
      await api.patch(
        `cost/account-values/${input.valueId}/`,
        { amount: input.amount },
        { schema: AccountValue },
      );
      return;
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
    }
  }
  await api.post(
    "cost/account-values/",
    { scenario: input.scenario, account: input.account, amount: input.amount },
    { schema: AccountValue },
  );
}

export function useSaveAccountValue() {
  const invalidate = useInvalidateAccounts();
  return useMutation({ mutationFn: saveAccountValue, onSuccess: invalidate });
}
