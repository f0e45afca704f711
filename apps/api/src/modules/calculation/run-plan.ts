import type { ReportDataPayload } from "@costflow/db/repositories/report-data";
import type { RunMeta, RunReports, TablePayload } from "@costflow/db/repositories/results";
import type { Step2Strategy } from "@costflow/engine/model/types";
import type { ChunkMessage } from "../../lib/chunk-streams.ts";

// What the main thread tells a calculation thread, and what the thread reports back
// (messages over the worker port, and the phases it computes). Shared by both sides (the thread's
// code in src/worker/ imports it from here: worker/ depends on modules, never the reverse);
// plain data only.

export interface RunPlan {
  companyId: number;
  /** The run's root calculation row: every result row is keyed by it. */
  calculationId: number;
  scenarioId: number;
  /** Result tables of steps 1..maxStep are written; reports adds summary, validation, Sankey. */
  maxStep: number;
  reports: boolean;
  /** Category rows finished with the step results, then with the reports. */
  stepCategories: string[];
  reportCategories: string[];
  /** Step-2 strategy chosen for this run (the indirect-results call), else the scenario's. */
  strategy: Step2Strategy | null;
  /** Dimensions with more records keep no per-record detail rows. */
  detailLimit: number;
  /** Per-record numbers the engine may keep for the detail views (its detailBudget). */
  detailBudget: number;
  /** Dimensions with at least this many records get stored orderings by each total. */
  orderMinRecords: number;
  /** Positions per stored block of an ordering. */
  orderBlock: number;
  /** Tree map splits: parts kept per first-level record and measure (the call's largest limit). */
  splitParts: number;
  /** The run's lease (seconds), renewed at the end of each publish transaction. */
  leaseSeconds: number;
  /** COPY bytes (MiB) the thread may have built and the main thread not yet written. */
  inFlightMb: number;
}

/** Ids and names of the model's master data by code, to label and link result rows. */
export interface CodeIds {
  accounts: Record<string, number>;
  pools: Record<string, number>;
  activities: Record<string, number>;
  dimensions: Record<string, number>;
  /** By `<dimension code>\u0000<name>`. */
  calculatedDrivers: Record<string, number>;
}

/** A log line to write: a key of the `calculation` translation namespace and its values. */
export interface LogEvent {
  level: "INFO" | "WARNING" | "ERROR";
  key: string;
  values: Record<string, string | number>;
}

export type ThreadMessage =
  | { type: "progress"; fraction: number; key: string; values: Record<string, string | number> }
  | { type: "log"; log: LogEvent }
  | { type: "computed"; output: unknown }
  /** The step results' row counts, known once the thread has built every row (after the streams). */
  | { type: "stats"; stats: RowStats }
  | ChunkMessage
  | { type: "done" }
  | { type: "stopped"; step: number | null }
  | { type: "failed"; code: string; message: string; details: unknown };

/** Rows written per result table, and what the detail limit left out. */
export interface RowStats {
  rows: Record<string, number>;
  /** Dimensions whose per-record detail was left out (over the limit, or dropped by the engine). */
  detailSkipped: string[];
}

/**
 * What a run writes, in two phases: the step results (tables and the run's meta row), then the
 * report data. Each phase turns its categories' rows FINISHED, so step results are readable while
 * the report data of a large scenario is still being written.
 */
export type RunOutput =
  | { phase: "steps"; categories: string[]; meta: RunMeta; tables: TablePayload[]; stats: RowStats }
  | { phase: "reports"; categories: string[]; reports: RunReports; data: ReportDataPayload };

/** Rows a phase writes (for the run's log). */
export function rowCount(output: RunOutput): number {
  return output.phase === "steps"
    ? Object.values(output.stats.rows).reduce((a, b) => a + b, 0)
    : output.data.dimensions.reduce((a, d) => a + d.records, 0);
}
