import { TokenPair } from "@costflow/contract/auth";
import { Me } from "@costflow/contract/users";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { clearSession, setTokens, setUserData } from "../../../lib/session";
import { applyServerSettings } from "../../../lib/user-settings";

interface LoginInput {
  email: string;
  password: string;
}

/** Login: token pair, then the user data (role, abilities, companies, settings) stored locally. */
async function login(input: LoginInput): Promise<Me> {
  const tokens = await api.post("auth/jwt/create/", input, { auth: false, schema: TokenPair });
  setTokens(tokens);
  try {
    // Settings (language, skin, company/model/scenario) are applied before the user data is
    // stored: storing it makes the session "logged in" and the guard leaves the login page.
    const me = await api.get("auth/users/me/", undefined, { schema: Me });
    await applyServerSettings(me);
    setUserData(me);
    return me;
  } catch (error) {
    clearSession();
    throw error;
  }
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
