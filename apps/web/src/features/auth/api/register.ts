import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  company_name: string;
}

export function register(input: RegisterInput): Promise<{ id: number; email: string }> {
  return api.post("auth/users/", input, { auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
