// What a calculation produces. Amounts are integer minor units held in doubles (exact below 2^53)
// unless a field says otherwise. Large per-record results are typed arrays aligned with the
// dimension's identifiers (row i = identifiers[i]); there is never an object per record. Several
// of them may be views into one ArrayBuffer (calc/float64-block.ts): use byteOffset and byteLength
// with `.buffer`, and copy a view rather than transfer its buffer.

import type { PushSplit, Step2Strategy } from "../model/types.ts";

export type AllocationStatus = "FULLY_ALLOCATED" | "UNDER_ALLOCATED" | "OVER_ALLOCATED";

export interface StepCheck {
  step: number;
  in: number;
  allocated: number;
  unallocated: number;
  /** Steps 5 and 6 only: amount kept by NOT_ALLOCATE pushes. */
  notAllocated?: number;
  ok: boolean;
}

/** One allocation row of steps 1 to 3 (one per rule row; several rows of a pair are kept apart). */
export interface AllocationRow {
  source: string;
  destination: string;
  amount: number;
  status: AllocationStatus;
  /** The source's amount entering the step. */
  originalAmount: number;
  /** What the source passed on in total. */
  allocatedAmount: number;
}

/** Sum of the rows of one (source, destination) pair with a non-zero amount. */
export interface Flow {
  step: 1 | 2 | 3;
  source: string;
  destination: string;
  amount: number;
  /** Step 2: flow between two indirect pools (reported rounded, outside the reconciliation). */
  reciprocal?: boolean;
}

export interface AccountResult {
  code: string;
  amount: number;
  allocated: number;
  unallocated: number;
  status: AllocationStatus;
  /** Routed percentage T (exact decimal as a double). */
  totalPercentage: number;
  hasRules: boolean;
}

export interface PoolResult {
  code: string;
  isDirect: boolean;
  afterStep1: number;
  /** Indirect: reciprocal total x_i (rounded); direct: D_k. */
  total: number;
  /** Indirect: unrouted part of x_i in step 2; direct: unallocated in step 3. */
  unallocated: number;
  /** Indirect pools: x_i as solved, in minor units, unrounded. */
  reciprocalTotal?: number;
  /** Status of the pool's own routing (step 2 for indirect, step 3 for direct). */
  status: AllocationStatus;
  totalPercentage: number;
  timeDriven: boolean;
}

interface Step2Result {
  strategy: Step2Strategy;
  /** Stop condition as recorded (the exact solve meets any). */
  rows: AllocationRow[];
  flows: Flow[];
}

export interface TdabcRow {
  pool: string;
  activity: string;
  unitMinutes: number;
  quantity: number;
  /** Minutes the activity uses: unitMinutes * quantity. */
  capacity: number;
  /** Major units per minute. */
  costPerMinute: number;
  /** Major units per unit of the activity's driver. */
  costPerUnit: number;
  /** Pool level: practical capacity minus all minutes used (negative = over capacity). */
  unallocatedCapacity: number;
  /** Pool's cost D_k (minor units). */
  totalCost: number;
  /** Pool's practical capacity (minutes). */
  sourceCapacity: number;
  /** round(quantity * unitMinutes * cost per minute), minor units. */
  timeDrivenAmount: number;
}

export interface TdabcPoolResult {
  pool: string;
  capacity: number;
  costPerMinute: number;
  minutesUsed: number;
  unallocatedCapacity: number;
  /** D_k minus the time-driven amounts (negative when capacity is exceeded). */
  unusedCapacityCost: number;
  status: AllocationStatus;
}

interface Step3Result {
  rows: AllocationRow[];
  flows: Flow[];
  tdabcRows: TdabcRow[];
  tdabcPools: TdabcPoolResult[];
}

export interface ActivityResult {
  code: string;
  isTdabc: boolean;
  /** Cost received in step 3 (for TDABC: the time-driven amounts). */
  cost: number;
  /** Step-4 dimension, null without a step-4 rule. */
  dimension: string | null;
  /** Sum of the step-4 weights (exact decimal as a double). */
  quantity: number;
  /** Major units per unit of quantity; null when the quantity is 0. */
  costPerUnit: number | null;
  allocated: number;
  unallocated: number;
  /** Step-4 amount per record of `dimension`, kept while within the detail budget. */
  amounts: Float64Array | null;
}

export interface DimensionResult {
  code: string;
  identifiers: readonly string[];
  /** Cost resting on each record after steps 4 and 5. */
  restingCost: Float64Array;
  /** Resting plus rolled-up cost (each record reached once). */
  cost: Float64Array;
  /** Cost left on each record because a push could not go further (no children, W = 0). */
  unallocated: Float64Array;
  /** Cost kept on each record by NOT_ALLOCATE pushes. */
  notAllocated: Float64Array;
}

/**
 * Roll-up detail of a dimension within the detail record limit whose records are reached by
 * records past it (calc/roll-detail.ts): what the trace of such a record needs, since the
 * per-record detail of the descendants past the limit is not kept.
 */
export interface RolledDetail {
  /** The kept dimension (its records index every array). */
  dimension: string;
  /**
   * Per activity code: per kept record, the sum over the rolled descendants that reach it (each
   * once) of what the activity leaves on them after steps 4 and 5. Activities with nothing there
   * are left out. For each record the activities add up to the sum of `from[].resting`.
   */
  byActivity: Map<string, Float64Array>;
  /** Per rolled descendant dimension: its resting cost and its records reaching each kept record. */
  from: { dimension: string; resting: Float64Array; count: Float64Array }[];
}

export interface PushResult {
  step: 5 | 6;
  /** Activity code (step 5) or calculated-driver name (step 6). */
  source: string;
  /** Step 6: the calculated driver's own dimension. */
  sourceDimension: string;
  parentDimension: string;
  childDimension: string;
  split: PushSplit;
  in: number;
  allocated: number;
  unallocated: number;
  notAllocated: number;
  /** c(p) entering the push per parent record (detail budget permitting). */
  inByParent: Float64Array | null;
  /** What each parent passed to its children (child-to-parent aggregate). */
  sentByParent: Float64Array | null;
  /** What each child received from its parent (parent-to-child and by-line rows). */
  receivedByChild: Float64Array | null;
  /** Parents whose cost stayed because they have no children or W = 0. */
  unallocatedParents: Int32Array;
  unallocatedAmounts: Float64Array;
}

export interface CalculatedDriverResult {
  dimension: string;
  name: string;
  isPnlLine: boolean;
  /** Value per record as computed (noise dropped), major units / driver units. */
  values: Float64Array;
  /** Value per record rounded to minor units (step 6 and DRI lines use these). */
  rounded: Float64Array;
  /** Exact total, not the sum of rounded values. */
  sumValue: number;
  /** Values resting on each dimension after step-6 pushes, minor units (by dimension code). */
  resting: Map<string, Float64Array>;
}

export interface PnlDimensionResult {
  dimension: string;
  /** Value per record per line code, in major units (FOR lines may be ratios). */
  values: Map<string, Float64Array>;
  /** Line totals over the dimension's records (FOR lines: formula over the totals). */
  totals: Map<string, number>;
  /** Profit per record (the profit line's values), major units. */
  profit: Float64Array;
}

export interface WhaleResult {
  dimension: string;
  profitLine: string;
  /** Sum of the records' profits, major units. */
  totalProfit: number;
  records: number;
  /** Null when total profit is 0 or negative. */
  points: Float64Array | null;
  peakPercent: number | null;
  peakAtPercent: number | null;
  /** Records with a negative profit and their summed profit (the loss tail). */
  lossRecords: number;
  lossAmount: number;
  note: string | null;
}

export interface DataIssue {
  kind:
    | "ACCOUNT_WITHOUT_RULES"
    | "ACCOUNT_UNKNOWN"
    | "ZERO_DRIVER_SUM"
    | "DANGLING_RELATIONSHIP"
    | "OVER_CAPACITY"
    | "NOT_ALLOCATE"
    | "ACTIVITY_WITHOUT_RULE"
    | "PUSH_UNALLOCATED"
    | "UNALLOCATED";
  step: number;
  message: string;
  details: Record<string, unknown>;
}

export interface CalcResult {
  currency: string;
  minorDigits: number;
  warnings: string[];
  issues: DataIssue[];
  checks: StepCheck[];
  accounts: AccountResult[];
  pools: PoolResult[];
  step1: { rows: AllocationRow[]; flows: Flow[] };
  step2: Step2Result;
  step3: Step3Result;
  activities: ActivityResult[];
  dimensions: Map<string, DimensionResult>;
  step5: PushResult[];
  step6: PushResult[];
  calculatedDrivers: CalculatedDriverResult[];
  pnl: {
    profitLine: string | null;
    lineOrder: string[];
    byDimension: Map<string, PnlDimensionResult>;
  };
  whale: Map<string, WhaleResult>;
  /** Roll-up detail by kept dimension code (empty without a detail record limit). */
  rolled: Map<string, RolledDetail>;
}
