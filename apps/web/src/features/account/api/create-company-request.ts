import { CompanyRequest } from "@costflow/contract/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { COMPANY_REQUESTS_KEY } from "./get-company-requests";

function createCompanyRequest(input: { company_name: string }): Promise<CompanyRequest> {
  return api.post("account/company-requests/", input, { schema: CompanyRequest });
}

export function useCreateCompanyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompanyRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANY_REQUESTS_KEY }),
  });
}
