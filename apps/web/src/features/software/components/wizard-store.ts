// The data import wizard's choices, kept in the browser so the four steps survive navigation.
import { createStore, useStore } from "../../../lib/create-store";
import { readJson, writeJson } from "../../../lib/storage";

interface WizardState {
  source: string | null;
  separator: "," | ";";
  accountsReady: boolean;
  dimensions: string[];
  mode: "MERGE" | "APPEND" | "REPLACE";
}

const KEY = "costflow.wizard";
const INITIAL: WizardState = {
  source: null,
  separator: ",",
  accountsReady: false,
  dimensions: [],
  mode: "MERGE",
};

const wizardStore = createStore<WizardState>(
  { ...INITIAL, ...(readJson<Partial<WizardState>>(KEY) ?? {}) },
  (v) => writeJson(KEY, v),
);

export function useWizard(): [WizardState, (patch: Partial<WizardState>) => void] {
  const state = useStore(wizardStore);
  return [state, (patch) => wizardStore.set((prev) => ({ ...prev, ...patch }))];
}

export const SOURCES = ["sap", "dynamics", "sage", "odoo", "primavera", "phc", "quickbooks", "csv"] as const;
export const DIMENSION_PRESETS = [
  "customers",
  "products",
  "orders",
  "orderLines",
  "channels",
  "regions",
] as const;
