import { useTranslation } from "react-i18next";
import { appContextStore, selectScenario } from "./app-context";
import { notifySuccess } from "./notify";
import { saveSettings } from "./user-settings";

export function useSelectScenario() {
  const { t } = useTranslation();
  return (scenario: { id: number; name: string }, quiet = false) => {
    selectScenario({ id: scenario.id, name: scenario.name });
    const model = appContextStore.get().model?.id ?? null;
    saveSettings({ selected_model: model, selected_scenario: scenario.id }).catch(() => undefined);
    if (!quiet) notifySuccess(t("model:scenarios.selected", { name: scenario.name }));
  };
}
