import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { Me, TokenPair } from "../../../lib/api-types";
import { clearSession, setTokens } from "../../../lib/session";
import { applyServerSettings, fetchMe } from "../../../lib/user-settings";

export interface LoginInput {
  email: string;
  password: string;
}

/** Login: token pair, then the user data (role, abilities, companies, settings) stored locally. */
export async function login(input: LoginInput): Promise<Me> {
  const tokens = await api.post<TokenPair>("auth/jwt/create/", input, { auth: false });
  setTokens(tokens);
  try {
    const me = await fetchMe();
    await applyServerSettings(me);
    return me;
  } catch (error) {
    clearSession();
    throw error;
  }
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
