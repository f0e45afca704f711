// Calculated drivers: saves (older and beta calls), the editor's live formula check, the run
// (calculate, poll, cancel) and its results (spec 7 "Calculated drivers (older)" and "... beta").
import type { DriversCalculation, FormulaFeedback } from "@costflow/contract/calculated-drivers";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { fetchPage, type PageParams } from "../../../lib/paged";
import { CALCULATED_DRIVERS_KEY } from "./get-calculated-drivers";

export type { DriversCalculation, FormulaFeedback };

export interface FormulaCheck {
  formula_feedback: FormulaFeedback;
  formula_splited: string[];
}

interface CalculationRequested {
  calculation_id: number;
  task_id: string | null;
  status: string;
  UUID: string;
}

export interface CalculatedDriverInput {
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
    mutationFn: ({ id, dimension, name, formula, is_pnl_line }: CalculatedDriverInput) => {
      if (classic) {
        const body = { dimension, name, formula, is_pnl_line };
        return id
          ? api.patch<FormulaCheck>(`dimension/calculated-drivers/${id}/`, body)
          : api.post<FormulaCheck>("dimension/calculated-drivers/", body);
      }
      return api.post<FormulaCheck>("transactional-data/calculated-drivers", {
        dimension,
        driver_id: id ?? null,
        driver_name: name,
        driver_formula: formula,
        is_pl: is_pnl_line,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALCULATED_DRIVERS_KEY }),
  });
}

/** DELETE dimension/calculated-drivers/{id}/ */
export function useDeleteCalculatedDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`dimension/calculated-drivers/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALCULATED_DRIVERS_KEY }),
  });
}

/** POST transactional-data/calculated-drivers/check-formula: nothing is saved. */
export function checkFormula(dimension: number, formula: string, driverId: number | null) {
  return api.post<FormulaCheck>("transactional-data/calculated-drivers/check-formula", {
    dimension,
    formula,
    driver_id: driverId,
  });
}

export const DRIVER_RUNS_KEY = [...CALCULATED_DRIVERS_KEY, "runs"] as const;

/** The latest run of the scenario, polled every 2 s while it is not over. */
export function useLatestDriversRun(scenario: number) {
  return useQuery({
    queryKey: [...DRIVER_RUNS_KEY, scenario],
    queryFn: async () => {
      const page = await fetchPage<DriversCalculation>(`transactional-data/calculations/${scenario}`, {
        ordering: "-requested_at",
        limit: 1,
        offset: 0,
      });
      return page.results[0] ?? null;
    },
    refetchInterval: (query) => (isRunning(query.state.data?.status) ? 2000 : false),
  });
}

export function isRunning(status: string | undefined): boolean {
  return status === "REQUESTED" || status === "IN_PROGRESS" || status === "ATTEMPTING_TO_STOP";
}

/** POST transactional-data/calculated-drivers/scenario/{id}/calculate (older page: .../calculate/ {scenario}). */
export function useCalculateDrivers(classic: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scenario: number) =>
      classic
        ? api.post<CalculationRequested>("dimension/calculated-drivers/calculate/", { scenario })
        : api.post<CalculationRequested>(
            `transactional-data/calculated-drivers/scenario/${scenario}/calculate`,
            {},
          ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALCULATED_DRIVERS_KEY }),
  });
}

/** POST .../scenario/{id}/cancel-calculate {task_id, calculation_id} */
export function useCancelDriversRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { scenario: number; calculation_id: number; task_id: string | null }) =>
      api.post(`transactional-data/calculated-drivers/scenario/${input.scenario}/cancel-calculate`, {
        calculation_id: input.calculation_id,
        task_id: input.task_id,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALCULATED_DRIVERS_KEY }),
  });
}

export interface DriverResultRow {
  calculated_driver_id: number;
  calculated_driver_name: string;
  dimension: number;
  dimension_name: string;
  sum_value: number;
  records: number;
}

/** GET transactional-data/calculated-drivers/results?scenario&dimension&limit&offset */
export function getDriverResults(scenario: number, dimension: string | null, params: PageParams) {
  return fetchPage<DriverResultRow>("transactional-data/calculated-drivers/results", {
    scenario,
    dimension: dimension ?? undefined,
    limit: params.limit,
    offset: params.offset,
  });
}

/** GET .../results-sum/{scenario}[?dimension] */
export function useResultsSum(scenario: number, dimension: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...CALCULATED_DRIVERS_KEY, "results-sum", scenario, dimension],
    queryFn: () =>
      api.get<{ sum_value: number; drivers: number; calculation_id: number }>(
        `transactional-data/calculated-drivers/results-sum/${scenario}`,
        dimension ? { dimension } : undefined,
      ),
    enabled,
    retry: false,
  });
}
