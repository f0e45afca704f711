// The application context: selected company, model and scenario, persisted locally and, by the app
// layer, through `PUT auth/users/me/settings`. Selecting a model clears the scenario.
import { createStore, useStore } from "./create-store";
import { readJson, STORAGE_KEYS, writeJson } from "./storage";

export interface NamedRef {
  id: number;
  name: string;
}

interface AppContextState {
  company: number | null;
  model: NamedRef | null;
  scenario: NamedRef | null;
}

const EMPTY: AppContextState = { company: null, model: null, scenario: null };

function initial(): AppContextState {
  const stored = readJson<Partial<AppContextState>>(STORAGE_KEYS.context);
  return { ...EMPTY, ...(stored ?? {}) };
}

export const appContextStore = createStore<AppContextState>(initial(), (value) =>
  writeJson(STORAGE_KEYS.context, value),
);

export function useAppContext(): AppContextState {
  return useStore(appContextStore);
}

export function selectCompany(company: number | null): void {
  appContextStore.set((prev) => (prev.company === company ? prev : { company, model: null, scenario: null }));
}

export function selectModel(model: NamedRef | null): void {
  appContextStore.set((prev) => ({ ...prev, model, scenario: null }));
}

export function selectScenario(scenario: NamedRef | null): void {
  appContextStore.set((prev) => ({ ...prev, scenario }));
}

/** Forget the model (and its scenario) or only the scenario when the deleted one was current. */
export function forgetDeleted(kind: "model" | "scenario", id: number): void {
  appContextStore.set((prev) => {
    if (kind === "model" && prev.model?.id === id) return { ...prev, model: null, scenario: null };
    if (kind === "scenario" && prev.scenario?.id === id) return { ...prev, scenario: null };
    return prev;
  });
}
