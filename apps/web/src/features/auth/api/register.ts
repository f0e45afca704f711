import { RegisterResponse } from "@costflow/contract/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  company_name: string;
}

function register(input: RegisterInput): Promise<RegisterResponse> {
  return api.post("auth/users/", input, { auth: false, schema: RegisterResponse });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
