import { type SaveTransaction, Transaction } from "@costflow/contract/transactional-data";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { DIMENSION_RECORDS_KEY } from "./get-dimension-records";

/** POST (new) or PATCH (existing transaction_id) transactional-data/transactions. */
export function useSaveTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isNew, ...body }: SaveTransaction & { isNew: boolean }) =>
      isNew
        ? api.post("transactional-data/transactions", body, { schema: Transaction })
        : api.patch("transactional-data/transactions", body, { schema: Transaction }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DIMENSION_RECORDS_KEY }),
  });
}
