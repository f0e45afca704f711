import { useSelectScenario } from "../../../lib/use-select-scenario";
import { getModel } from "../api/get-model";
import { getScenario } from "../api/get-scenario";
import { useSelectModel } from "./use-select-model";

/** After an import or a template copy: the new model and its scenario become the selected ones. */
export function useSelectCreated() {
  const selectModel = useSelectModel();
  const selectScenario = useSelectScenario();
  return async (created: { model: number; scenario?: number | null }) => {
    const model = await getModel(created.model);
    selectModel(model, true);
    if (created.scenario) selectScenario(await getScenario(created.scenario), true);
  };
}
