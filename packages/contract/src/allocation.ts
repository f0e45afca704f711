import { z } from "zod";
import { idSchema, queryIdSchema, textSchema } from "./common.ts";
import { listQuery, page } from "./pagination.ts";

// The six allocation rule sets of a scenario (docs/data-model.md, "Tables";
// shared/guide/allocation-semantics.md). Percentages travel as a ratio (percentage / 100, six
// decimals); lists also show the percentage.

const Id = idSchema;
const QueryId = queryIdSchema;

export const DEFAULT_PERCENTAGE = 100;

export const RULE_TYPES = ["PERCENTAGE", "DRIVER"] as const;
export type RuleType = (typeof RULE_TYPES)[number];
/** The `{type}` of `account-{type}-allocations/` and `indirect-cost-pool-{type}-allocations/`. */
export const RULE_TYPE_PATHS = { percentage: "PERCENTAGE", driver: "DRIVER" } as const satisfies Record<
  string,
  RuleType
>;

/** A source's state: the sum of its percentages against 100 (engine's status names). */
export const ALLOCATION_STATES = ["FULLY_ALLOCATED", "UNDER_ALLOCATED", "OVER_ALLOCATED"] as const;
export type AllocationState = (typeof ALLOCATION_STATES)[number];

export const STEP2_STRATEGIES = ["not_allocate", "rebalance"] as const;
export type Step2Strategy = (typeof STEP2_STRATEGIES)[number];

export const STEP4_SPLIT_TYPES = ["EVEN", "DRIVER", "FORMULA"] as const;
export type Step4SplitType = (typeof STEP4_SPLIT_TYPES)[number];
export const PUSH_SPLIT_TYPES = ["NOT_ALLOCATE", "EVEN", "DRIVER", "FORMULA"] as const;
export type PushSplitType = (typeof PUSH_SPLIT_TYPES)[number];
/** The equation of a new step-5/6 rule, and of a rule whose split is cleared. */
export const DEFAULT_PUSH_EQUATION = "NOT_ALLOCATE";
/** The equation FORMULA starts with (choosing FORMULA resets the equation to it). */
export const EMPTY_FORMULA = "=";

/**
 * A ratio 0..1: a JSON number, or the decimal text a form sends (`(p / 100).toFixed(6)`).
 * Bounds are checked by the server ('Percentage must be between 0 and 100'), which stores it
 * rounded to six decimals.
 */
export const Ratio = z.union([
  z.number(),
  textSchema
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** `?scenario` of every rule list and of the settings. */
export const ScenarioQuery = z.object({ scenario: QueryId });
export type ScenarioQuery = z.infer<typeof ScenarioQuery>;

/** Where every list row of steps 1 to 3 stands: its source's total percentage and state. */
const SourceStateFields = {
  /** Sum of the source's percentages (a DRIVER group counts once; see sources/). */
  source_total_percentage: z.number(),
  /** null for a time-driven pool in step 3: time, not percentages, drives it. */
  source_state: z.enum(ALLOCATION_STATES).nullable(),
};

// Steps 1 and 2 -------------------------------------------------------------------------------

const SourceRuleFields = {
  id: z.number().int(),
  scenario: z.number().int(),
  source: z.number().int(),
  /** Code of the source (the account's `ID`, the pool's identifier). */
  source_ext_id: z.string(),
  source_name: z.string(),
  destination: z.number().int(),
  /** The cost pool's identifier. */
  destination_ext_id: z.string(),
  destination_name: z.string(),
  allocation_type: z.enum(RULE_TYPES),
  /** The same as allocation_type, under the name clients expect for it (docs/api-contract.md). */
  type: z.enum(RULE_TYPES),
  /** 0..100 */
  percentage: z.number(),
  /** percentage / 100, six decimals */
  ratio: z.number(),
  /** Cost-pool driver of a DRIVER row, else null. */
  driver: z.number().int().nullable(),
  cost_pool_driver_name: z.string().nullable(),
  ...SourceStateFields,
};

/** Step 1 list row (and the answer of its POST/PATCH). */
export const AccountAllocation = z.object(SourceRuleFields).meta({ id: "AccountAllocation" });
export type AccountAllocation = z.infer<typeof AccountAllocation>;
/** Step 2 list row. */
export const CostPoolAllocation = z.object(SourceRuleFields).meta({ id: "CostPoolAllocation" });
export type CostPoolAllocation = z.infer<typeof CostPoolAllocation>;

const SOURCE_RULE_ORDERING = [
  "id",
  "source_ext_id",
  "source_name",
  "destination_ext_id",
  "destination_name",
  "allocation_type",
  "percentage",
  "cost_pool_driver_name",
] as const;
export const SourceRuleListQuery = listQuery(SOURCE_RULE_ORDERING).extend(ScenarioQuery.shape);
export type SourceRuleListQuery = z.input<typeof SourceRuleListQuery>;
export const AccountAllocationPage = page(AccountAllocation);
export type AccountAllocationPage = z.infer<typeof AccountAllocationPage>;
export const CostPoolAllocationPage = page(CostPoolAllocation);
export type CostPoolAllocationPage = z.infer<typeof CostPoolAllocationPage>;

/**
 * POST `account-percentage-allocations/` (step 1: source = account, destination = cost pool) and
 * `indirect-cost-pool-percentage-allocations/` (step 2: source = indirect pool). ratio default 1.
 */
export const CreatePercentageRule = z.strictObject({
  scenario: Id,
  source: Id,
  destination: Id,
  ratio: Ratio.optional(),
  driver: z.null().optional(),
});
export type CreatePercentageRule = z.input<typeof CreatePercentageRule>;
/** POST `...-driver-allocations/`: the driver is required ('Please create a driver first.'). */
export const CreateDriverRule = CreatePercentageRule.extend({ driver: Id.nullable().optional() });
export type CreateDriverRule = z.input<typeof CreateDriverRule>;
/** PATCH `...-{type}-allocations/{id}/`: the path's type becomes the row's type. */
export const UpdatePercentageRule = CreatePercentageRule.partial();
export type UpdatePercentageRule = z.input<typeof UpdatePercentageRule>;
export const UpdateDriverRule = CreateDriverRule.partial();
export type UpdateDriverRule = z.input<typeof UpdateDriverRule>;

/** GET `account-allocations/sources/?scenario` (and steps 2, 3): one row per source with rules. */
export const AllocationSource = z.object({
  source: z.number().int(),
  source_ext_id: z.string(),
  source_name: z.string(),
  total_percentage: z.number(),
  state: z.enum(ALLOCATION_STATES).nullable(),
  rules: z.number().int(),
  /** Step 3: the pool routes by time (TDABC), so percentages do not apply. */
  time_driven: z.boolean(),
  /** DRIVER groups left out of the total because the scenario's driver values sum to 0. */
  drivers_without_values: z.array(z.string()),
});
export type AllocationSource = z.infer<typeof AllocationSource>;
export const AllocationSourceList = z.array(AllocationSource);

/**
 * POST `cost-pool-allocations/generate/`: one DRIVER rule from every indirect pool to each chosen
 * pool (never to itself) by the chosen driver; replaces ALL step-2 rules of the scenario.
 */
export const GenerateSecondStep = z.strictObject({
  scenario: Id,
  destinations: z.array(Id).min(1).max(1000),
  driver: Id.nullable(),
});
export type GenerateSecondStep = z.infer<typeof GenerateSecondStep>;
export const GenerateSecondStepResult = z.object({
  created: z.number().int(),
  deleted: z.number().int(),
});
export type GenerateSecondStepResult = z.infer<typeof GenerateSecondStepResult>;

/** GET/PUT `allocation/settings/?scenario`. */
export const AllocationSettings = z.object({
  scenario: z.number().int(),
  strategy: z.enum(STEP2_STRATEGIES),
  /** The iteration stop condition, a percentage 0..100. */
  iteration_stop: z.number(),
  /** Code of the P&L line used as profit; null = the last root line by rank. */
  profit_line: z.string().nullable(),
});
export type AllocationSettings = z.infer<typeof AllocationSettings>;
export const UpdateAllocationSettings = z.strictObject({
  strategy: z.enum(STEP2_STRATEGIES).optional(),
  iteration_stop: Ratio.optional(),
  profit_line: textSchema.trim().min(1).nullable().optional(),
});
export type UpdateAllocationSettings = z.input<typeof UpdateAllocationSettings>;

// Step 3 --------------------------------------------------------------------------------------

export const DirectAllocation = z
  .object({
    id: z.number().int(),
    scenario: z.number().int(),
    source: z.number().int(),
    source_ext_id: z.string(),
    source_name: z.string(),
    destination: z.number().int(),
    destination_ext_id: z.string(),
    destination_name: z.string(),
    destination_is_tdabc: z.boolean(),
    percentage: z.number(),
    ratio: z.number(),
    /** Unit minutes per unit of the activity's driver (TDABC activities). */
    tdabc_ratio: z.number().nullable(),
    ...SourceStateFields,
  })
  .meta({ id: "DirectAllocation" });
export type DirectAllocation = z.infer<typeof DirectAllocation>;
export const DirectAllocationListQuery = listQuery([
  "id",
  "source_ext_id",
  "source_name",
  "destination_ext_id",
  "destination_name",
  "percentage",
  "tdabc_ratio",
]).extend(ScenarioQuery.shape);
export const DirectAllocationPage = page(DirectAllocation);
export type DirectAllocationPage = z.infer<typeof DirectAllocationPage>;

const UnitMinutes = z.number().min(0).nullable();
/** POST `direct-cost-pool-percentage-allocations/`: source = direct pool, destination = activity. */
export const CreateDirectAllocation = z.strictObject({
  scenario: Id,
  source: Id,
  destination: Id,
  ratio: Ratio.optional(),
  /** Required for a TDABC activity. */
  tdabc_ratio: UnitMinutes.optional(),
});
export type CreateDirectAllocation = z.input<typeof CreateDirectAllocation>;
export const UpdateDirectAllocation = CreateDirectAllocation.partial();
export type UpdateDirectAllocation = z.input<typeof UpdateDirectAllocation>;
/** The `{type}` of `DELETE direct-cost-pool-{type}-allocations/{id}/`. */
export const DIRECT_RULE_TYPE_PATHS = ["percentage"] as const;

// Step 4 --------------------------------------------------------------------------------------

export const ActivityAllocation = z
  .object({
    id: z.number().int(),
    scenario: z.number().int(),
    source: z.number().int(),
    source_name: z.string(),
    destination: z.number().int(),
    destination_name: z.string(),
    splitType: z.enum(STEP4_SPLIT_TYPES),
    /** The destination dimension's decimal driver of a DRIVER split. */
    allocationDriver: z.number().int().nullable(),
    allocation_driver_name: z.string().nullable(),
    /** The formula of a FORMULA split ("=" until written), else "". */
    equation: z.string(),
    description: z.string(),
  })
  .meta({ id: "ActivityAllocation" });
export type ActivityAllocation = z.infer<typeof ActivityAllocation>;
export const ActivityAllocationListQuery = listQuery([
  "id",
  "source_name",
  "destination_name",
  "splitType",
  "equation",
  "description",
]).extend(ScenarioQuery.shape);
export const ActivityAllocationPage = page(ActivityAllocation);
export type ActivityAllocationPage = z.infer<typeof ActivityAllocationPage>;

/** POST `activity-allocations/`: one rule per activity and scenario; splitType default EVEN. */
export const CreateActivityAllocation = z.strictObject({
  scenario: Id,
  source: Id,
  destination: Id,
  splitType: z.enum(STEP4_SPLIT_TYPES).optional(),
  allocationDriver: Id.nullable().optional(),
  equation: textSchema.max(10_000).nullable().optional(),
  description: textSchema.trim().max(2000).optional(),
});
export type CreateActivityAllocation = z.input<typeof CreateActivityAllocation>;
export const UpdateActivityAllocation = CreateActivityAllocation.partial();
export type UpdateActivityAllocation = z.input<typeof UpdateActivityAllocation>;

// Steps 5 and 6 -------------------------------------------------------------------------------

/**
 * The split of a push, as its equation: NOT_ALLOCATE (default), EVEN, `DRIVER:<driver name>`
 * or a formula starting with "=". splitType and allocationDriver are derived from it; a client may
 * send splitType (and allocationDriver) instead of an equation.
 */
const PushSplitFields = {
  equation: textSchema.trim().min(1).max(10_000).optional(),
  splitType: z.enum(PUSH_SPLIT_TYPES).optional(),
  allocationDriver: Id.nullable().optional(),
};

export const DimensionAllocation = z
  .object({
    id: z.number().int(),
    scenario: z.number().int(),
    source_activity: z.number().int(),
    source_activity_name: z.string(),
    source_parent: z.number().int(),
    source_parent_name: z.string(),
    destination_child: z.number().int(),
    destination_child_name: z.string(),
    equation: z.string(),
    splitType: z.enum(PUSH_SPLIT_TYPES),
    allocationDriver: z.number().int().nullable(),
  })
  .meta({ id: "DimensionAllocation" });
export type DimensionAllocation = z.infer<typeof DimensionAllocation>;
export const DimensionAllocationListQuery = listQuery([
  "id",
  "source_activity_name",
  "source_parent_name",
  "destination_child_name",
  "equation",
  "splitType",
]).extend(ScenarioQuery.shape);
export const DimensionAllocationPage = page(DimensionAllocation);
export type DimensionAllocationPage = z.infer<typeof DimensionAllocationPage>;
/** POST `dimension-allocations/`: the child must have the relationship driver `<PARENT_CODE>_ID`. */
export const CreateDimensionAllocation = z.strictObject({
  scenario: Id,
  source_activity: Id,
  source_parent: Id,
  destination_child: Id,
  ...PushSplitFields,
});
export type CreateDimensionAllocation = z.input<typeof CreateDimensionAllocation>;
export const UpdateDimensionAllocation = CreateDimensionAllocation.partial();
export type UpdateDimensionAllocation = z.input<typeof UpdateDimensionAllocation>;

export const CalculatedDriverAllocation = z
  .object({
    id: z.number().int(),
    scenario: z.number().int(),
    source_driver: z.number().int(),
    source_driver_name: z.string(),
    source_parent: z.number().int(),
    source_parent_name: z.string(),
    destination_child: z.number().int(),
    destination_child_name: z.string(),
    equation: z.string(),
    splitType: z.enum(PUSH_SPLIT_TYPES),
    allocationDriver: z.number().int().nullable(),
  })
  .meta({ id: "CalculatedDriverAllocation" });
export type CalculatedDriverAllocation = z.infer<typeof CalculatedDriverAllocation>;
export const CalculatedDriverAllocationListQuery = listQuery([
  "id",
  "source_driver_name",
  "source_parent_name",
  "destination_child_name",
  "equation",
  "splitType",
]).extend(ScenarioQuery.shape);
export const CalculatedDriverAllocationPage = page(CalculatedDriverAllocation);
export type CalculatedDriverAllocationPage = z.infer<typeof CalculatedDriverAllocationPage>;
/** POST `calculated-driver-allocations/`: source_parent defaults to the driver's dimension. */
export const CreateCalculatedDriverAllocation = z.strictObject({
  scenario: Id,
  source_driver: Id,
  source_parent: Id.optional(),
  destination_child: Id,
  ...PushSplitFields,
});
export type CreateCalculatedDriverAllocation = z.input<typeof CreateCalculatedDriverAllocation>;
export const UpdateCalculatedDriverAllocation = CreateCalculatedDriverAllocation.partial();
export type UpdateCalculatedDriverAllocation = z.input<typeof UpdateCalculatedDriverAllocation>;

/**
 * GET `calculated-driver-allocations/sources/?scenario&parent`: the calculated drivers whose values
 * reach dimension `parent` (defined there, or brought there by the scenario's earlier step-6
 * pushes), i.e. the drivers a step-6 rule from `parent` may push (docs/engine.md, choice 7).
 */
export const Step6SourceQuery = listQuery(["name"]).extend({ scenario: QueryId, parent: QueryId });
export type Step6SourceQuery = z.infer<typeof Step6SourceQuery>;
export const Step6Source = z
  .object({
    id: z.number().int(),
    name: z.string(),
    dimension: z.number().int(),
    dimension_name: z.string(),
    /** True when an earlier push brings it to `parent` (it is defined on another dimension). */
    pushed: z.boolean(),
  })
  .meta({ id: "Step6Source" });
export type Step6Source = z.infer<typeof Step6Source>;
export const Step6SourcePage = page(Step6Source);
export type Step6SourcePage = z.infer<typeof Step6SourcePage>;

// Formula feedback ----------------------------------------------------------------------------

/**
 * The editor's formula_feedback before saving. `position` is the 0-based index of the offending
 * character (to underline it), `column` the same counted from 1 (as the message says).
 */
export const FormulaFeedback = z.object({
  ok: z.boolean(),
  /** Names the formula reads, when it is valid. */
  names: z.array(z.string()),
  error: z
    .object({
      /** The engine's formula error code, e.g. unknown_name. */
      code: z.string(),
      position: z.number().int(),
      column: z.number().int(),
      name: z.string().nullable(),
      /** Translated text, in the request's language. */
      message: z.string(),
    })
    .nullable(),
});
export type FormulaFeedback = z.infer<typeof FormulaFeedback>;
/** POST `allocation/check-formula/`: a step 4/5/6 formula over a dimension's (calculated) drivers. */
export const CheckAllocationFormula = z.strictObject({
  dimension: Id,
  equation: textSchema.max(10_000),
});
export type CheckAllocationFormula = z.infer<typeof CheckAllocationFormula>;
