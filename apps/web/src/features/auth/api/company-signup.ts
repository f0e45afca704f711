import { RegisterResponse } from "@costflow/contract/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

interface CompanySignupInput {
  company_name: string;
  country: string;
  industry: string;
  employees: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

function companySignup(input: CompanySignupInput) {
  return api.post("company-signup/", input, { auth: false, schema: RegisterResponse });
}

export function useCompanySignup() {
  return useMutation({ mutationFn: companySignup });
}
