// localStorage access that never throws (private mode, disabled storage, or Node in unit tests).
export const STORAGE_KEYS = {
  access: "accessToken",
  refresh: "refreshToken",
  userData: "userData",
  context: "costflow.context",
  skin: "costflow.skin",
  language: "costflow.language",
} as const;

function store(): Storage | null {
  try {
    return typeof globalThis.localStorage === "undefined" ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    const s = store();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Storage full or blocked: the session then lives only in memory for this tab.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeItem(key, value === null || value === undefined ? null : JSON.stringify(value));
}
