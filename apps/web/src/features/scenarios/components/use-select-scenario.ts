import { useTranslation } from "react-i18next";
import { appContextStore, selectScenario } from "../../../lib/app-context";
import { notifySuccess } from "../../../lib/notify";
import { saveSettings } from "../../../lib/user-settings";

export function useSelectScenario() {
  const { t } = useTranslation();
  return (scenario: { id: number; name: string }, quiet = false) => {
    selectScenario({ id: scenario.id, name: scenario.name });
    const model = appContextStore.get().model?.id ?? null;
    saveSettings({ selected_model: model, selected_scenario: scenario.id }).catch(() => undefined);
    if (!quiet) notifySuccess(t("model:scenarios.selected", { name: scenario.name }));
  };
}
