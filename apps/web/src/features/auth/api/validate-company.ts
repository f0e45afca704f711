import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { CompanyRef } from "../../../lib/api-types";

export interface ValidateCompanyResult {
  company: CompanyRef;
  validated: boolean;
}

export function validateCompany(input: { uid: string; token: string }): Promise<ValidateCompanyResult> {
  return api.post<ValidateCompanyResult>("company/validate/", input, { auth: false });
}

export function useValidateCompany() {
  return useMutation({ mutationFn: validateCompany });
}
