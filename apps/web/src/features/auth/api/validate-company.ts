import { CompanyValidateResponse } from "@costflow/contract/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

function validateCompany(input: { uid: string; token: string }): Promise<CompanyValidateResponse> {
  return api.post("company/validate/", input, { auth: false, schema: CompanyValidateResponse });
}

export function useValidateCompany() {
  return useMutation({ mutationFn: validateCompany });
}
