import type { CalculationRequested as Requested } from "@costflow/contract/calculated-drivers";
import { CalculationRequested } from "@costflow/contract/calculated-drivers";
import type { GenerateResponse as Generated } from "@costflow/contract/calculation";
import { GenerateResponse } from "@costflow/contract/calculation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LATEST_CALCULATION_KEY } from "../../../lib/api/get-latest-calculation";
import type { Strategy } from "../../../lib/api/request-calculation";
import { GENERATE_PATH } from "../../../lib/api/step-endpoints";
import { api } from "../../../lib/api-client";
import { CALCULATIONS_KEY } from "./get-calculations";

// Calculation types of the calculation page and the call each one makes. The data types run the
// step that produces that data: financial accounts data is step 1 (accounts into pools), cost pools
// data step 2 (pool totals after the indirect pools are emptied).
export const START_TYPES = [
  { value: "all", label: "allocation:calc.types.all", path: "calculation/calculate-all/", category: "ALL" },
  {
    value: "costPools",
    label: "allocation:calc.types.costPools",
    path: GENERATE_PATH[2],
    category: "INDIRECT_COST_POOL_TO_COST_POOL",
  },
  {
    value: "accounts",
    label: "allocation:calc.types.accounts",
    path: GENERATE_PATH[1],
    category: "ACCOUNT_TO_COST_POOL",
  },
  {
    value: "calculatedDrivers",
    label: "allocation:calc.types.calculatedDrivers",
    path: "dimension/calculated-drivers/calculate/",
    category: "CALCULATED_DRIVERS",
  },
  { value: "step1", label: "common:nav.step1", path: GENERATE_PATH[1], category: "ACCOUNT_TO_COST_POOL" },
  {
    value: "step2",
    label: "common:nav.step2",
    path: GENERATE_PATH[2],
    category: "INDIRECT_COST_POOL_TO_COST_POOL",
  },
  {
    value: "step3",
    label: "common:nav.step3",
    path: GENERATE_PATH[3],
    category: "DIRECT_COST_POOL_TO_ACTIVITY",
  },
  {
    value: "step4",
    label: "common:nav.step4",
    path: GENERATE_PATH[4],
    category: "ACTIVITY_TO_DIMENSION_DIRECT",
  },
  {
    value: "step5",
    label: "common:nav.step5",
    path: GENERATE_PATH[5],
    category: "ACTIVITY_TO_DIMENSION_INDIRECT",
  },
  {
    value: "step6",
    label: "common:nav.step6",
    path: GENERATE_PATH[6],
    category: "CALCULATED_DRIVER_TO_DIMENSION",
  },
  {
    value: "reports",
    label: "allocation:calc.types.reports",
    path: "report/reports/generate/",
    category: "REPORTS",
  },
] as const;
export type StartType = (typeof START_TYPES)[number]["value"];

/** Types whose call takes the step-2 strategy. */
export const WITH_STRATEGY: ReadonlySet<StartType> = new Set(["costPools", "step2"]);

export function useStartCalculation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      type: StartType;
      scenario: number;
      strategy: Strategy;
    }): Promise<Generated | Requested> => {
      const spec = START_TYPES.find((x) => x.value === input.type)!;
      const body = WITH_STRATEGY.has(input.type)
        ? { scenario: input.scenario, strategy: input.strategy }
        : { scenario: input.scenario };
      // The calculated-drivers run answers without a message; every other type with one.
      return spec.category === "CALCULATED_DRIVERS"
        ? api.post(spec.path, body, { schema: CalculationRequested })
        : api.post(spec.path, body, { schema: GenerateResponse });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: LATEST_CALCULATION_KEY });
      void queryClient.invalidateQueries({ queryKey: CALCULATIONS_KEY });
    },
  });
}
