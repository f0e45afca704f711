import { TokenPair } from "@costflow/contract/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { setTokens } from "../../../lib/session";

/** The server revokes every older refresh token and returns a fresh pair for this browser. */
async function setPassword(input: { current_password: string; new_password: string }): Promise<void> {
  const pair = await api.post("auth/users/set_password/", input, { schema: TokenPair });
  if (pair?.access && pair.refresh) setTokens(pair);
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
