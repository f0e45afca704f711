import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

function confirmPasswordReset(input: { uid: string; token: string; new_password: string }): Promise<void> {
  return api.post<void>("auth/users/reset_password_confirm/", input, { auth: false });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
