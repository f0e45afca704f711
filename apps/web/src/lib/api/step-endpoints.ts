// Endpoints of the six steps (docs/calculation.md, "Result views and their parameters"). A result
// view names the row its GET answers in the contract (calculation.ts), so development builds check it.
import {
  DestinationResultRow,
  PushResultRow,
  RecordResultRow,
  SourceResultRow,
  TimeDrivenResultRow,
} from "@costflow/contract/calculation";
import type { ZodType } from "zod";

export type StepNumber = 1 | 2 | 3 | 4 | 5 | 6;

export const CALCULATION_CATEGORY: Record<StepNumber, string> = {
  1: "ACCOUNT_TO_COST_POOL",
  2: "INDIRECT_COST_POOL_TO_COST_POOL",
  3: "DIRECT_COST_POOL_TO_ACTIVITY",
  4: "ACTIVITY_TO_DIMENSION_DIRECT",
  5: "ACTIVITY_TO_DIMENSION_INDIRECT",
  6: "CALCULATED_DRIVER_TO_DIMENSION",
};

export const RULES_PATH: Record<StepNumber, string> = {
  1: "allocation/account-allocations/",
  2: "allocation/cost-pool-allocations/",
  3: "allocation/direct-cost-pool-percentage-allocations/",
  4: "allocation/activity-allocations/",
  5: "allocation/dimension-allocations/",
  6: "allocation/calculated-driver-allocations/",
};

export const GENERATE_PATH: Record<StepNumber, string> = {
  1: "calculation/account-results/generate/",
  2: "calculation/indirect-results/generate/",
  3: "calculation/direct-results/generate/",
  4: "calculation/activity-results/generate/",
  5: "calculation/dimension-results/generate/",
  6: "calculation/calculated-driver-results/generate/",
};

/** The result rows of the six steps (contract: calculation.ts). */
export type ResultRow =
  | SourceResultRow
  | DestinationResultRow
  | TimeDrivenResultRow
  | RecordResultRow
  | PushResultRow;

/** A GET of result rows under calculation/ and the contract's schema of one row. */
export interface ResultEndpoint<R extends ResultRow = ResultRow> {
  path: string;
  row: ZodType<R>;
}

/** Result views per step; each maps to its GET path under calculation/ and its row. */
export const RESULT_VIEWS: Record<StepNumber, (ResultEndpoint & { id: string; label: string })[]> = {
  1: [
    {
      id: "source",
      label: "model:allocation.views.bySource",
      path: "calculation/account-results/by-source/",
      row: SourceResultRow,
    },
    {
      id: "destination",
      label: "model:allocation.views.byDestination",
      path: "calculation/account-results/by-destination/",
      row: DestinationResultRow,
    },
  ],
  2: [
    {
      id: "source",
      label: "model:allocation.views.bySource",
      path: "calculation/indirect-results/by-source/",
      row: SourceResultRow,
    },
    {
      id: "destination",
      label: "model:allocation.views.byDestination",
      path: "calculation/indirect-results/by-destination/",
      row: DestinationResultRow,
    },
  ],
  3: [
    {
      id: "source",
      label: "model:allocation.views.bySource",
      path: "calculation/direct-results/by-source/",
      row: SourceResultRow,
    },
    {
      id: "destination",
      label: "model:allocation.views.byDestination",
      path: "calculation/direct-results/by-destination/",
      row: DestinationResultRow,
    },
    {
      id: "tdabc",
      label: "model:allocation.views.timeDriven",
      path: "calculation/direct-results/time-driven/",
      row: TimeDrivenResultRow,
    },
  ],
  4: [
    {
      id: "source",
      label: "model:allocation.views.bySource",
      path: "calculation/activity-results/by-source/",
      row: SourceResultRow,
    },
    {
      id: "destination",
      label: "model:allocation.views.byDestination",
      path: "calculation/activity-results/by-destination/",
      row: DestinationResultRow,
    },
    {
      id: "aggregated",
      label: "model:allocation.views.aggregated",
      path: "calculation/activity-results/get-aggregated/",
      row: RecordResultRow,
    },
    // Needs a chosen allocation: `?source=<activity>&dimension=<dimension>`.
    {
      id: "byLine",
      label: "model:allocation.views.byLine",
      path: "calculation/activity-results/",
      row: RecordResultRow,
    },
  ],
  5: [
    {
      id: "parentToChild",
      label: "model:allocation.views.parentToChild",
      path: "calculation/dimension-results/get-parent-to-child-rows/",
      row: PushResultRow,
    },
    {
      id: "childToParent",
      label: "model:allocation.views.childToParent",
      path: "calculation/dimension-results/get-child-to-parent-rows/",
      row: PushResultRow,
    },
    {
      id: "byLine",
      label: "model:allocation.views.byLine",
      path: "calculation/dimension-results/by-line/",
      row: PushResultRow,
    },
  ],
  6: [
    {
      id: "parentToChild",
      label: "model:allocation.views.parentToChild",
      path: "calculation/calculated-driver-results/get-parent-to-child-rows/",
      row: PushResultRow,
    },
    {
      id: "childToParent",
      label: "model:allocation.views.childToParent",
      path: "calculation/calculated-driver-results/get-child-to-parent-rows/",
      row: PushResultRow,
    },
    {
      id: "byLine",
      label: "model:allocation.views.byLine",
      path: "calculation/calculated-driver-results/",
      row: PushResultRow,
    },
  ],
};

/** Steps 5 and 6: what stayed on parent records (the unallocated and NOT_ALLOCATE rows). */
export const UNALLOCATED_RESULTS: Partial<Record<StepNumber, ResultEndpoint<PushResultRow>>> = {
  5: { path: "calculation/dimension-results/dimension-results-unallocated/", row: PushResultRow },
  6: { path: "calculation/calculated-driver-results-unallocated/", row: PushResultRow },
};
