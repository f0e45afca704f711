// The four skins: light, dark, bordered (light with borders instead of shadows) and semi-dark (dark
// navbar, light content). Persisted locally here; the settings sync lives in the app layer (it
// needs the API and the session).
import { SKINS } from "@costflow/contract/users";
import type { Skin } from "./api-types";
import { createStore, useStore } from "./create-store";
import { readItem, STORAGE_KEYS, writeItem } from "./storage";

export { SKINS };

export function isSkin(value: unknown): value is Skin {
  return typeof value === "string" && (SKINS as readonly string[]).includes(value);
}

function initialSkin(): Skin {
  const stored = readItem(STORAGE_KEYS.skin);
  return isSkin(stored) ? stored : "light";
}

export const skinStore = createStore<Skin>(initialSkin(), (skin) => {
  writeItem(STORAGE_KEYS.skin, skin);
  if (typeof document !== "undefined") document.documentElement.setAttribute("data-skin", skin);
});

export function useSkin(): Skin {
  return useStore(skinStore);
}

export function colorSchemeOf(skin: Skin): "light" | "dark" {
  return skin === "dark" ? "dark" : "light";
}
