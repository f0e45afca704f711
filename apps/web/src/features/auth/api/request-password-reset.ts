import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Always 204: the server never tells whether the address has an account. */
function requestPasswordReset(input: { email: string }): Promise<void> {
  return api.post<void>("auth/users/reset_password/", input, { auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
