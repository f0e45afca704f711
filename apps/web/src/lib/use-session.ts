import { useMemo, useSyncExternalStore } from "react";
import type { Me } from "./api-types";
import { type AppAbility, buildAbility } from "./authorization";
import { getUserData, isLoggedIn, sessionVersion, subscribeSession } from "./session";

interface SessionState {
  loggedIn: boolean;
  user: Me | null;
  ability: AppAbility;
}

export function useSession(): SessionState {
  const version = useSyncExternalStore(subscribeSession, sessionVersion, sessionVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the change signal of the external session store.
  return useMemo(() => {
    const user = getUserData();
    return { loggedIn: isLoggedIn(), user, ability: buildAbility(user?.ability) };
  }, [version]);
}
