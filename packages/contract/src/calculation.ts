import { z } from "zod";
import { idSchema, queryIdSchema, textSchema } from "./common.ts";
import ar from "./i18n/ar/calculation.json" with { type: "json" };
import en from "./i18n/en/calculation.json" with { type: "json" };
import es from "./i18n/es/calculation.json" with { type: "json" };
import pt from "./i18n/pt/calculation.json" with { type: "json" };
import { DEFAULT_LANGUAGE, type Language } from "./languages.ts";
import { listQuery, page } from "./pagination.ts";

// Calculations, their logs, the result views of the six steps, the results summary, the validation
// report and the Sankey (docs/calculation.md; shared/guide/allocation-semantics.md "Calculations",
// shared/guide/results-summary.md). Amounts are major units of the scenario currency as JSON
// numbers, rounded to its minor unit.

const Id = idSchema;
const QueryId = queryIdSchema;
const IsoDateTime = z.iso.datetime({ offset: true });

/** The six steps' categories, then the report run and the "calculate all" run. */
export const STEP_CATEGORIES = [
  "ACCOUNT_TO_COST_POOL",
  "INDIRECT_COST_POOL_TO_COST_POOL",
  "DIRECT_COST_POOL_TO_ACTIVITY",
  "ACTIVITY_TO_DIMENSION_DIRECT",
  "ACTIVITY_TO_DIMENSION_INDIRECT",
  "CALCULATED_DRIVER_TO_DIMENSION",
] as const;
export type StepCategory = (typeof STEP_CATEGORIES)[number];
/** Categories a list may filter on; CALCULATED_DRIVERS runs belong to the calculated-drivers API. */
const CALCULATION_CATEGORIES = [...STEP_CATEGORIES, "REPORTS", "ALL", "CALCULATED_DRIVERS"] as const;

export const CALCULATION_STATUSES = [
  "REQUESTED",
  "IN_PROGRESS",
  "FINISHED",
  "ERROR",
  "STOPPED",
  "ATTEMPTING_TO_STOP",
] as const;
export type CalculationStatus = (typeof CALCULATION_STATUSES)[number];
/** Only runs still queued or running can be stopped (docs/calculation.md, "A run"). */
export const STOPPABLE_STATUSES: readonly CalculationStatus[] = ["REQUESTED", "IN_PROGRESS"];
/** A run in one of these is still moving: the web polls it. */
export const ACTIVE_STATUSES: readonly CalculationStatus[] = [
  "REQUESTED",
  "IN_PROGRESS",
  "ATTEMPTING_TO_STOP",
];

const STEP2_STRATEGIES = ["not_allocate", "rebalance"] as const;

export const Calculation = z
  .object({
    id: z.number().int(),
    /** The same id under the spec's name. */
    calculation_id: z.number().int(),
    UUID: z.string(),
    scenario: z.number().int(),
    category: z.enum(CALCULATION_CATEGORIES),
    calculation_status: z.enum(CALCULATION_STATUSES),
    /** Same as calculation_status (the transactional-data calculation list calls it status). */
    status: z.enum(CALCULATION_STATUSES),
    /**
     * The run this row belongs to: a step request also refreshes the steps before it, and
     * "calculate all" refreshes every step, each under its own category row; null on the run's
     * own row.
     */
    parent: z.number().int().nullable(),
    requested_at: IsoDateTime,
    started_at: IsoDateTime.nullable(),
    finished_at: IsoDateTime.nullable(),
    requested_by: z.number().int().nullable(),
    /** Display name of the requester (their e-mail when they have no name). */
    requested_by_user: z.string().nullable(),
    task_id: z.string().nullable(),
    /** 0..1 */
    progress: z.number(),
    progress_message: z.string(),
    duration_ms: z.number().nullable(),
    /** Why the run ended in ERROR (engine error code and message). */
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    /** Options of the run (step 2 strategy). */
    strategy: z.enum(STEP2_STRATEGIES).nullable(),
  })
  .meta({ id: "Calculation" });
export type Calculation = z.infer<typeof Calculation>;

export const CalculationListQuery = listQuery(["requested_at", "started_at", "finished_at", "id"]).extend({
  scenario: QueryId,
  category: z.enum(CALCULATION_CATEGORIES).optional(),
  status: z.enum(CALCULATION_STATUSES).optional(),
});
export const CalculationPage = page(Calculation);
export type CalculationPage = z.infer<typeof CalculationPage>;

const CALCULATION_LOG_LEVELS = ["INFO", "WARNING", "ERROR"] as const;
export const CalculationLog = z.object({
  id: z.number().int(),
  calculation: z.number().int(),
  at: IsoDateTime,
  level: z.enum(CALCULATION_LOG_LEVELS),
  detail: z.string(),
  /** The run's request, start and finish dates, requester and status. */
  requested_at: IsoDateTime,
  started_at: IsoDateTime.nullable(),
  finished_at: IsoDateTime.nullable(),
  user: z.string().nullable(),
  status: z.enum(CALCULATION_STATUSES),
});
export type CalculationLog = z.infer<typeof CalculationLog>;
/** Newest first by default, so the first item's detail tells how the run ended. */
export const CalculationLogQuery = listQuery(["at", "id"]).extend({
  calculation: QueryId,
  level: z.enum(CALCULATION_LOG_LEVELS).optional(),
});
export const CalculationLogPage = page(CalculationLog);

/** Every generate call: `{scenario}`; the step-2 call may choose the strategy for this run. */
export const GenerateRequest = z.strictObject({ scenario: Id });
export const GenerateIndirectRequest = z.strictObject({
  scenario: Id,
  strategy: z.enum(STEP2_STRATEGIES).optional(),
});
export const GenerateResponse = z.object({
  calculation_id: z.number().int(),
  task_id: z.string().nullable(),
  status: z.enum(CALCULATION_STATUSES),
  /** 'Calculate requested successfully', in the request's language. */
  message: z.string(),
});
export type GenerateResponse = z.infer<typeof GenerateResponse>;

export const StopRequest = z.strictObject({ calculation_id: QueryId });
export const StopResponse = z.object({
  calculation_id: z.number().int(),
  status: z.enum(CALCULATION_STATUSES),
  /** 'Stopped successfully', in the request's language. */
  message: z.string(),
});
export type StopResponse = z.infer<typeof StopResponse>;

// Result rows ---------------------------------------------------------------------------------

const ALLOCATION_STATES = ["FULLY_ALLOCATED", "UNDER_ALLOCATED", "OVER_ALLOCATED"] as const;
const Status = z.enum(ALLOCATION_STATES);

/**
 * A result page with `totals`: the sums of the columns that add up, over every row the filters
 * select (not only this page), in major units. Columns that repeat per row (a source's original
 * amount on each of its rule rows, a pool's total cost) have none.
 */
function resultPage<T extends z.ZodType, const F extends readonly [string, ...string[]]>(item: T, fields: F) {
  return page(item).extend({
    totals: z.object(
      Object.fromEntries(fields.map((f) => [f, z.number()])) as Record<F[number], z.ZodNumber>,
    ),
  });
}

/** `?scenario`, paging and ordering of a result list. */
function resultQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  return listQuery(fields).extend({ scenario: QueryId });
}

/** Steps 1-3, one row per rule row (account-, indirect- and direct-results/). */
export const AllocationResultRow = z.object({
  id: z.number().int(),
  source: z.number().int().nullable(),
  source_ext_id: z.string(),
  source_name: z.string(),
  destination: z.number().int().nullable(),
  destination_ext_id: z.string(),
  destination_name: z.string(),
  /** What this row moved. */
  amount: z.number(),
  /** The source's amount entering the step. */
  original_amount: z.number(),
  /** What the source passed on in total. */
  allocated_amount: z.number(),
  status: Status,
  /** Step 2: a flow between two indirect pools (reported rounded, outside the reconciliation). */
  reciprocal: z.boolean(),
});
export type AllocationResultRow = z.infer<typeof AllocationResultRow>;
export const AllocationResultQuery = resultQuery([
  "source_name",
  "destination_name",
  "amount",
  "original_amount",
  "allocated_amount",
  "status",
  "id",
]).extend({ source: QueryId.optional(), destination: QueryId.optional() });
export const AllocationResultPage = resultPage(AllocationResultRow, ["amount"]);

/** By source (steps 1-4): one row per account, pool or activity. */
export const SourceResultRow = z.object({
  source: z.number().int().nullable(),
  source_ext_id: z.string(),
  source_name: z.string(),
  original_amount: z.number(),
  allocated_amount: z.number(),
  unallocated_amount: z.number(),
  status: Status,
  /** Routed percentage. */
  percentage: z.number(),
  /** Step 4: the activity's dimension, quantity (sum of weights) and cost per unit. */
  destination: z.number().int().nullable(),
  destination_name: z.string().nullable(),
  quantity: z.number().nullable(),
  cost_per_unit: z.number().nullable(),
});
export type SourceResultRow = z.infer<typeof SourceResultRow>;
export const SourceResultQuery = resultQuery([
  "source_name",
  "original_amount",
  "allocated_amount",
  "unallocated_amount",
  "status",
]);
export const SourceResultPage = resultPage(SourceResultRow, [
  "original_amount",
  "allocated_amount",
  "unallocated_amount",
]);

/** By destination (steps 1-4): what each pool, activity or dimension received. */
export const DestinationResultRow = z.object({
  destination: z.number().int().nullable(),
  destination_ext_id: z.string(),
  destination_name: z.string(),
  amount: z.number(),
  /** Number of sources that sent to it. */
  sources: z.number().int(),
});
export type DestinationResultRow = z.infer<typeof DestinationResultRow>;
export const DestinationResultQuery = resultQuery(["destination_name", "amount"]);
export const DestinationResultPage = resultPage(DestinationResultRow, ["amount"]);

/** Step 3, time-driven rows (allocation-semantics.md, step 3 and fixed choice 4). */
export const TimeDrivenResultRow = z.object({
  id: z.number().int(),
  source: z.number().int().nullable(),
  source_name: z.string(),
  destination: z.number().int().nullable(),
  destination_name: z.string(),
  /** Minutes per unit (tdabc_ratio). */
  unit_minutes: z.number(),
  quantity: z.number(),
  /** Minutes the activity uses. */
  capacity: z.number(),
  cost_per_minute: z.number(),
  cost_per_unit: z.number(),
  /** Pool's practical capacity minus all minutes used (negative: over capacity). */
  unallocated_capacity: z.number(),
  /** The pool's cost. */
  total_cost: z.number(),
  /** The pool's practical capacity in minutes. */
  source_capacity: z.number(),
  time_driven_amount: z.number(),
});
export type TimeDrivenResultRow = z.infer<typeof TimeDrivenResultRow>;
export const TimeDrivenResultQuery = resultQuery([
  "source_name",
  "destination_name",
  "time_driven_amount",
  "capacity",
  "id",
]);
export const TimeDrivenResultPage = resultPage(TimeDrivenResultRow, ["time_driven_amount"]);

/** Step 4 by line (`activity-results/?source=<activity>&dimension=<dimension>`) and aggregated. */
export const RecordResultRow = z.object({
  transaction_id: z.string(),
  dimension: z.number().int().nullable(),
  dimension_name: z.string(),
  source: z.number().int().nullable(),
  /** By line: the activity; aggregated: the activities that sent to the record, comma-separated. */
  source_name: z.string().nullable(),
  amount: z.number(),
});
export type RecordResultRow = z.infer<typeof RecordResultRow>;
export const ActivityResultQuery = resultQuery(["source_name", "transaction_id", "amount"]).extend({
  /** With `source` (an activity id): the by-line rows of that activity's allocation. */
  source: QueryId.optional(),
  dimension: QueryId.optional(),
});
/** `activity-results/` without `source` lists the activities (as by-source). */
export const ActivityResultPage = z.union([SourceResultPage, resultPage(RecordResultRow, ["amount"])]);
export const AggregatedResultQuery = resultQuery(["transaction_id", "amount"]).extend({
  dimension: QueryId.optional(),
});
export const RecordResultPage = resultPage(RecordResultRow, ["amount"]);

/** Step 5: cost per record of a dimension after steps 4 and 5. */
export const DimensionRecordRow = z.object({
  transaction_id: z.string(),
  dimension: z.number().int().nullable(),
  dimension_name: z.string(),
  /** Cost resting on the record. */
  amount: z.number(),
  /** Resting plus rolled up from records pointing to it. */
  cost: z.number(),
  unallocated: z.number(),
  not_allocated: z.number(),
  /** Profit line value (major units), null without a P&L structure. */
  profit: z.number().nullable(),
});
export type DimensionRecordRow = z.infer<typeof DimensionRecordRow>;
export const DimensionRecordQuery = resultQuery([
  "transaction_id",
  "amount",
  "cost",
  "unallocated",
  "profit",
]).extend({ dimension: QueryId.optional() });
export const DimensionRecordPage = page(DimensionRecordRow);

const PUSH_LINE_CATEGORIES = ["ALLOCATED", "NOT_ALLOCATED", "UNALLOCATED"] as const;
/** Steps 5 and 6: one row per (push, record); parent to child, child to parent and by line. */
export const PushResultRow = z.object({
  /** Step 5: activity; step 6: calculated driver. */
  source: z.number().int().nullable(),
  source_name: z.string(),
  source_driver: z.string().nullable(),
  source_parent: z.number().int().nullable(),
  source_parent_name: z.string(),
  destination_child: z.number().int().nullable(),
  destination_child_name: z.string(),
  /** The record the row is about (the child; the parent in child-to-parent rows). */
  transaction_id: z.string(),
  /** Its dimension. */
  dimension: z.number().int().nullable(),
  dimension_name: z.string(),
  /** Parent-to-child rows: the parent the amount came from. */
  parent_transaction_id: z.string().nullable(),
  category: z.enum(PUSH_LINE_CATEGORIES),
  amount: z.number(),
  /** Unallocated rows: where the amount stays (the by-line table's unallocated toggle). */
  original_dimension_name: z.string().nullable(),
  original_transaction_id: z.string().nullable(),
});
export type PushResultRow = z.infer<typeof PushResultRow>;
export const PushResultQuery = resultQuery(["transaction_id", "source_name", "amount"]).extend({
  source: QueryId.optional(),
  /**
   * Step 6: the calculated driver, by id or by the name the rows carry in `source_driver`
   * (docs/calculation.md, "Result views and their parameters"): an id of one of the run's
   * drivers wins, otherwise the name.
   */
  source_driver: textSchema.trim().min(1).max(100).optional(),
  /** The row's dimension (child, or parent for child-to-parent rows). */
  dimension: QueryId.optional(),
  /**
   * One category of rows. On the unallocated views: UNALLOCATED (default; what could not be
   * allocated) or NOT_ALLOCATED (what NOT_ALLOCATE kept, per parent record).
   */
  category: z.enum(PUSH_LINE_CATEGORIES).optional(),
});
/** `calculated-driver-results/?calculation=<id>` reads that run instead of the latest. */
export const CalculatedDriverResultQuery = PushResultQuery.extend({ scenario: QueryId.optional() }).extend({
  calculation: QueryId.optional(),
});
export const PushResultPage = resultPage(PushResultRow, ["amount"]);

// Summary, validation report, Sankey ------------------------------------------------------------

const SummaryCheck = z.object({
  step: z.number().int(),
  in: z.number(),
  allocated: z.number(),
  unallocated: z.number(),
  not_allocated: z.number().optional(),
  ok: z.boolean(),
});
/** shared/guide/results-summary.md: keys a model does not use are absent. */
export const ResultsSummary = z
  .object({
    currency: z.string(),
    checks: z.array(SummaryCheck),
    accounts: z
      .record(
        z.string(),
        z.object({ amount: z.number(), allocated: z.number(), unallocated: z.number(), status: Status }),
      )
      .optional(),
    pools: z
      .record(z.string(), z.object({ after_step1: z.number(), total: z.number(), unallocated: z.number() }))
      .optional(),
    flows: z
      .array(
        z.object({
          step: z.number().int(),
          source: z.string(),
          destination: z.string(),
          amount: z.number(),
          reciprocal: z.literal(true).optional(),
        }),
      )
      .optional(),
    tdabc: z
      .record(
        z.string(),
        z.object({
          capacity: z.number(),
          cost_per_minute: z.number(),
          minutes_used: z.number(),
          unallocated_capacity: z.number(),
          unused_capacity_cost: z.number(),
        }),
      )
      .optional(),
    activities: z
      .record(
        z.string(),
        z.object({
          cost: z.number(),
          quantity: z.number(),
          cost_per_unit: z.number().optional(),
          allocated: z.number(),
          unallocated: z.number(),
        }),
      )
      .optional(),
    records: z
      .record(z.string(), z.record(z.string(), z.object({ cost: z.number(), unallocated: z.number() })))
      .optional(),
    calculated_drivers: z
      .record(z.string(), z.record(z.string(), z.object({ sum_value: z.number() })))
      .optional(),
    pnl: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.number()))).optional(),
    profit: z.record(z.string(), z.record(z.string(), z.number())).optional(),
    whale: z
      .record(
        z.string(),
        z.object({
          profit_line: z.string(),
          total_profit: z.number(),
          peak_percent: z.number().optional(),
          peak_at_percent: z.number().optional(),
          points: z.array(z.tuple([z.number(), z.number()])).optional(),
          note: z.string().optional(),
        }),
      )
      .optional(),
  })
  .meta({ id: "ResultsSummary" });
export type ResultsSummary = z.infer<typeof ResultsSummary>;

export const ScenarioResultQuery = z.object({ scenario: QueryId });

export const DATA_ISSUE_KINDS = [
  "ACCOUNT_WITHOUT_RULES",
  "ACCOUNT_UNKNOWN",
  "ZERO_DRIVER_SUM",
  "DANGLING_RELATIONSHIP",
  "OVER_CAPACITY",
  "NOT_ALLOCATE",
  "ACTIVITY_WITHOUT_RULE",
  "PUSH_UNALLOCATED",
  "UNALLOCATED",
] as const;
export type DataIssueKind = (typeof DATA_ISSUE_KINDS)[number];

export const ValidationStep = z.object({
  step: z.number().int(),
  category: z.enum(STEP_CATEGORIES),
  in: z.number(),
  allocated: z.number(),
  unallocated: z.number(),
  not_allocated: z.number(),
  /** in = allocated + unallocated + not_allocated, to the minor unit. */
  ok: z.boolean(),
  /** Where the step's rules are edited. */
  link: z.string(),
});
export type ValidationStep = z.infer<typeof ValidationStep>;
export const ValidationIssue = z.object({
  kind: z.enum(DATA_ISSUE_KINDS),
  step: z.number().int(),
  /** `calculation:issues.<kind>`, with `values` for its placeholders. */
  message_key: z.string(),
  /** The engine's own English description (codes and identifiers named). */
  message: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Money involved, major units, when the issue is about an amount. */
  amount: z.number().nullable(),
  /** The web route where the cause is fixed. */
  link: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;
export const ValidationReport = z
  .object({
    calculation_id: z.number().int(),
    finished_at: IsoDateTime.nullable(),
    currency: z.string(),
    /** Sum of the scenario's account values (the general ledger). */
    gl_total: z.number(),
    steps: z.array(ValidationStep),
    /**
     * The GL total = cost resting on dimension records + every amount left unallocated or kept on
     * the way (steps 1-5); `difference` is 0 when the chain reconciles.
     */
    reconciliation: z.object({
      gl_total: z.number(),
      on_records: z.number(),
      unallocated: z.object({
        step1: z.number(),
        step2: z.number(),
        step3: z.number(),
        step4: z.number(),
        step5: z.number(),
      }),
      not_allocated: z.number(),
      unknown_accounts: z.number(),
      difference: z.number(),
      ok: z.boolean(),
    }),
    issues: z.array(ValidationIssue),
    warnings: z.array(z.string()),
  })
  .meta({ id: "ValidationReport" });
export type ValidationReport = z.infer<typeof ValidationReport>;

const SANKEY_LEVELS = ["account", "pool", "activity", "dimension"] as const;
export const SankeyNode = z.object({
  /** Unique: `<level>:<code>`, `<level>:other`, `unallocated:<level>`. */
  id: z.string(),
  level: z.enum(SANKEY_LEVELS),
  /** The entity's code and name; null for the aggregated and unallocated nodes. */
  code: z.string().nullable(),
  name: z.string().nullable(),
  /** `other`: small items of the level merged (how many in `members`); `unallocated`: money left there. */
  kind: z.enum(["item", "other", "unallocated"]),
  members: z.number().int(),
  value: z.number(),
});
export type SankeyNode = z.infer<typeof SankeyNode>;
export const Sankey = z
  .object({
    calculation_id: z.number().int(),
    currency: z.string(),
    nodes: z.array(SankeyNode),
    links: z.array(z.object({ source: z.string(), target: z.string(), value: z.number() })),
  })
  .meta({ id: "Sankey" });
export type Sankey = z.infer<typeof Sankey>;

// Texts the server writes for calculations (logs, progress, the generate/stop answers): the
// `calculation` namespace, rendered in the language of whoever asked for the run.
type Tree = { [key: string]: string | Tree };
const CALCULATION_MESSAGES: Record<Language, Tree> = { en, ar, es, pt };

/** `key` (dotted, e.g. `log.step`) in `language`, falling back to English, placeholders filled. */
export function calculationMessage(
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const lookup = (tree: Tree) => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };
  const text =
    lookup(CALCULATION_MESSAGES[language]) ?? lookup(CALCULATION_MESSAGES[DEFAULT_LANGUAGE]) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
