import type { Step2Strategy } from "@costflow/contract/allocation";
import { GenerateResponse } from "@costflow/contract/calculation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client";
import { LATEST_CALCULATION_KEY } from "./get-latest-calculation";
import { GENERATE_PATH, type StepNumber } from "./step-endpoints";

/** The step-2 strategy (contract: allocation.ts). */
export type Strategy = Step2Strategy;

function requestCalculation(input: { step: StepNumber; scenario: number; strategy?: Strategy }) {
  const body =
    input.step === 2
      ? { scenario: input.scenario, strategy: input.strategy ?? "not_allocate" }
      : { scenario: input.scenario };
  return api.post(GENERATE_PATH[input.step], body, { schema: GenerateResponse });
}

export function useRequestCalculation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCalculation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: LATEST_CALCULATION_KEY }),
  });
}
