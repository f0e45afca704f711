// The browser session: tokens and user data in localStorage. Logged in means a refresh token
// exists, is not expired, and user data is stored. Components subscribe through
// `useSyncExternalStore` (see use-session.ts) so a refresh or logout re-renders every consumer.
import type { Me, TokenPair } from "./api-types";
import { isTokenExpired } from "./jwt";
import { readItem, readJson, STORAGE_KEYS, writeItem, writeJson } from "./storage";

type Listener = () => void;
const listeners = new Set<Listener>();
let version = 0;

function emit(): void {
  version += 1;
  for (const l of listeners) l();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever the session changes; used as the snapshot for useSyncExternalStore. */
export function sessionVersion(): number {
  return version;
}

export function getAccessToken(): string | null {
  return readItem(STORAGE_KEYS.access);
}

export function getRefreshToken(): string | null {
  return readItem(STORAGE_KEYS.refresh);
}

export function setTokens(tokens: TokenPair): void {
  writeItem(STORAGE_KEYS.access, tokens.access);
  writeItem(STORAGE_KEYS.refresh, tokens.refresh);
  emit();
}

export function getUserData(): Me | null {
  return readJson<Me>(STORAGE_KEYS.userData);
}

export function setUserData(me: Me): void {
  writeJson(STORAGE_KEYS.userData, me);
  emit();
}

/** Removes tokens and user data (the company/model context and the skin stay for the next login). */
export function clearSession(): void {
  writeItem(STORAGE_KEYS.access, null);
  writeItem(STORAGE_KEYS.refresh, null);
  writeItem(STORAGE_KEYS.userData, null);
  emit();
}

export function isLoggedIn(now: number = Date.now()): boolean {
  return !isTokenExpired(getRefreshToken(), now) && getUserData() !== null;
}

/** Where a user lands after login or when opening a guest-only page while logged in. */
export function homePathFor(role: string | undefined | null): string {
  if (role === "admin") return "/dashboard";
  if (role === "client") return "/access-control";
  return "/login";
}
