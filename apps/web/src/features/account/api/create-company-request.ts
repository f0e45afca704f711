import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { CompanyRequest } from "../../../lib/api-types";
import { COMPANY_REQUESTS_KEY } from "./get-company-requests";

function createCompanyRequest(input: { company_name: string }): Promise<CompanyRequest> {
  return api.post<CompanyRequest>("account/company-requests/", input);
}

export function useCreateCompanyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompanyRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANY_REQUESTS_KEY }),
  });
}
