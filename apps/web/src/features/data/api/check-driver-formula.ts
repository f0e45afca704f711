import { CheckFormulaResult } from "@costflow/contract/transactional-data";
import { api } from "../../../lib/api-client";

/** POST transactional-data/calculated-drivers/check-formula: the editor's live check, nothing is saved. */
export function checkFormula(dimension: number, formula: string, driverId: number | null) {
  return api.post(
    "transactional-data/calculated-drivers/check-formula",
    { dimension, formula, driver_id: driverId },
    { schema: CheckFormulaResult },
  );
}
