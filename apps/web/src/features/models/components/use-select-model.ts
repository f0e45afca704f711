import { useTranslation } from "react-i18next";
import { selectModel } from "../../../lib/app-context";
import { notifySuccess } from "../../../lib/notify";
import { saveSettings } from "../../../lib/user-settings";

/** Selecting a model stores it locally and in the settings, and clears the scenario. */
export function useSelectModel() {
  const { t } = useTranslation();
  return (model: { id: number; name: string }, quiet = false) => {
    selectModel({ id: model.id, name: model.name });
    saveSettings({ selected_model: model.id, selected_scenario: null }).catch(() => undefined);
    if (!quiet) notifySuccess(t("model:models.selected", { name: model.name }));
  };
}
