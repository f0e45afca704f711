// The engine's input: one model with one scenario, in memory, columnar where it is large.
// Produced by the bundle reader (bundle/read-bundle.ts), the benchmark generator and, in the app,
// by the worker loading a scenario from the database. Consumed by calc/.
//
// Conventions every producer guarantees:
// - Codes and identifiers are the bundle's natural keys (strings), compared by plain code-unit order.
// - records.<dim>.identifiers are unique and sorted ascending (code-unit order); every column of that
//   dimension is aligned with them (row i describes identifiers[i]).
// - A decimal cell that is empty is NaN ("missing"); the calc reads a missing value as 0.
//   Non-numeric text in a decimal column never reaches the engine: the producer rejects it with
//   file, line and column.
// - Relationship drivers (data_type DIMENSION, named <PARENT_CODE>_ID) are resolved to row indexes
//   into the target dimension's identifiers: -1 = empty cell, -2 = dangling (the value names no
//   record of the target; the raw value is kept in `dangling` for the validation report).

export type DataType = "DECIMAL" | "TEXT" | "DATE" | "DIMENSION";
export type Step2Strategy = "not_allocate" | "rebalance";
export type RuleType = "PERCENTAGE" | "DRIVER";
export type Step4SplitType = "EVEN" | "DRIVER" | "FORMULA";
export type PnlCategory = "ACT" | "DRI" | "FOR" | "AGG";

/** Split of a step-5 or step-6 push. In a bundle: NOT_ALLOCATE, EVEN, DRIVER:<driver>, or "=formula". */
export type PushSplit =
  | { kind: "NOT_ALLOCATE" }
  | { kind: "EVEN" }
  | { kind: "DRIVER"; driver: string }
  | { kind: "FORMULA"; formula: string };

export interface ModelInfo {
  name: string;
  shortDescription: string;
  scenario: {
    name: string;
    description: string;
    /** ISO 4217, default EUR. */
    currency: string;
    /** YYYY-MM-DD */
    periodFrom: string;
    periodTo: string;
  };
}

export interface Account {
  code: string;
  name: string;
  expenseGroup: string;
}

export interface AccountValue {
  account: string;
  /** Decimal in major units as read (rounding to minor units happens in the calc, with a warning). */
  amount: number;
}

export interface CostPool {
  code: string;
  name: string;
  isDirect: boolean;
}

export interface PoolDriver {
  name: string;
  /** At most one per model; its values are practical capacities in minutes. */
  isTdabc: boolean;
}

export interface PoolDriverValue {
  driver: string;
  pool: string;
  value: number;
}

export interface Activity {
  code: string;
  name: string;
  pool: string;
  isTdabc: boolean;
}

export interface Dimension {
  code: string;
  name: string;
  /** Parent dimension code, null for a root dimension. */
  parent: string | null;
}

export interface DimensionDriver {
  dimension: string;
  name: string;
  dataType: DataType;
}

export interface RelationColumn {
  /** Dimension whose records this column points to (the <PARENT_CODE> of <PARENT_CODE>_ID). */
  target: string;
  /** Row index into records[target].identifiers; -1 empty, -2 dangling. */
  index: Int32Array;
  /** Rows whose value names no record of the target, with the raw value. */
  dangling: { row: number; value: string }[];
}

export interface DimensionRecords {
  dimension: string;
  /** Unique, sorted ascending by code-unit order. */
  identifiers: string[];
  /** DECIMAL drivers by driver name; NaN = missing. */
  decimals: Map<string, Float64Array>;
  /** TEXT and DATE drivers by driver name; null = missing. Dates as YYYY-MM-DD. */
  texts: Map<string, (string | null)[]>;
  /** DIMENSION drivers by driver name (e.g. "CUSTOMERS_ID"). */
  relations: Map<string, RelationColumn>;
}

export interface CalculatedDriver {
  dimension: string;
  name: string;
  /** Starts with "=". May use the dimension's drivers and calculated drivers defined before it. */
  formula: string;
  isPnlLine: boolean;
}

export interface Step1Rule {
  account: string;
  pool: string;
  type: RuleType;
  /** 0..100 */
  percentage: number;
  /** Cost-pool driver name for DRIVER rows, else null. */
  driver: string | null;
}

export interface Step2Rule {
  source: string;
  destination: string;
  type: RuleType;
  percentage: number;
  driver: string | null;
}

export interface Step3Rule {
  pool: string;
  activity: string;
  percentage: number;
  /** tdabc_ratio: minutes per unit of the activity's driver; TDABC pools only, else null. */
  unitMinutes: number | null;
}

export interface Step4Rule {
  activity: string;
  dimension: string;
  splitType: Step4SplitType;
  driver: string | null;
  equation: string | null;
}

export interface Step5Rule {
  activity: string;
  parentDimension: string;
  childDimension: string;
  split: PushSplit;
}

export interface Step6Rule {
  calculatedDriver: string;
  parentDimension: string;
  childDimension: string;
  split: PushSplit;
}

export interface PnlLine {
  code: string;
  description: string;
  category: PnlCategory;
  activity: string | null;
  calculatedDriver: string | null;
  dimension: string | null;
  /** FOR lines only, e.g. "=REV-COGS-SERVE". */
  formula: string | null;
  /** +1 or -1, default 1. */
  factor: number;
  parent: string | null;
  rank: number;
}

export interface Settings {
  step2Strategy: Step2Strategy;
  /** P&L line used as profit; null = the last root line by rank. */
  profitLine: string | null;
}

export interface ModelData {
  info: ModelInfo;
  accounts: Account[];
  accountValues: AccountValue[];
  pools: CostPool[];
  poolDrivers: PoolDriver[];
  poolDriverValues: PoolDriverValue[];
  activities: Activity[];
  dimensions: Dimension[];
  dimensionDrivers: DimensionDriver[];
  /** By dimension code; a dimension without records may be absent. */
  records: Map<string, DimensionRecords>;
  calculatedDrivers: CalculatedDriver[];
  rules: {
    step1: Step1Rule[];
    step2: Step2Rule[];
    step3: Step3Rule[];
    step4: Step4Rule[];
    step5: Step5Rule[];
    step6: Step6Rule[];
  };
  pnlLines: PnlLine[];
  settings: Settings;
}
