// Calculated drivers, older and beta calls (docs/data-api.md, "Calculated drivers").
import { SavedCalculatedDriver } from "@costflow/contract/calculated-drivers";
import { BetaCalculatedDriver } from "@costflow/contract/transactional-data";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CALCULATED_DRIVERS_KEY } from "./get-calculated-drivers";

interface CalculatedDriverInput {
  id?: number;
  dimension: number;
  name: string;
  formula: string;
  is_pnl_line: boolean;
}

/**
 * Saves through the API of the page: the older one (POST/PATCH dimension/calculated-drivers/) or
 * the beta form (POST transactional-data/calculated-drivers, `driver_id` for an existing driver).
 * Both answer the saved driver with its formula_feedback.
 */
export function useSaveCalculatedDriver(classic: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      dimension,
      name,
      formula,
      is_pnl_line,
    }: CalculatedDriverInput): Promise<SavedCalculatedDriver | BetaCalculatedDriver> => {
      if (classic) {
        const body = { dimension, name, formula, is_pnl_line };
        return id
          ? api.patch(`dimension/calculated-drivers/${id}/`, body, { schema: SavedCalculatedDriver })
          : api.post("dimension/calculated-drivers/", body, { schema: SavedCalculatedDriver });
      }
      return api.post(
        "transactional-data/calculated-drivers",
        { dimension, driver_id: id ?? null, driver_name: name, driver_formula: formula, is_pl: is_pnl_line },
        { schema: BetaCalculatedDriver },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALCULATED_DRIVERS_KEY }),
  });
}
