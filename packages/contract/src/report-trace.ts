import { z } from "zod";

// GET report/records/{record}/trace/?scenario: where a record's cost came from (docs/reports.md,
// "Trace"), without exploded rows. Amounts are major units of the run's currency; at every level
// the parts add up exactly to their whole (largest remainder, allocation-semantics.md "Money and
// rounding").

const Money = z.number();

/** `{record}`: a dimension record's id (bigint in the database; larger than a safe integer names nothing). */
export const RecordTraceParams = z.object({
  record: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
/** Accounts listed per pool by default (largest first); the rest are summed in `other_accounts`. */
export const TRACE_ACCOUNTS = 25;
export const RecordTraceQuery = z.object({
  scenario: z.coerce.number().int().positive().max(2_147_483_647),
  /**
   * How many accounts each pool lists, largest first (default 25, at most 100,000: every one).
   * At size L a pool fed through indirect pools has thousands of accounts, and a customer's trace
   * goes through hundreds of pools: listed whole, one trace was 44,000 account rows (3 MB).
   */
  accounts: z.coerce.number().int().min(1).max(100_000).default(TRACE_ACCOUNTS),
});
export type RecordTraceQuery = z.infer<typeof RecordTraceQuery>;

export const TraceAccount = z.object({
  /** The financial account (null: deleted since the run). */
  account: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  amount: Money,
});

export const TracePool = z.object({
  /** The direct cost pool the activity's cost came from (step 3). */
  pool: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  amount: Money,
  /**
   * The pool's amount by general-ledger account: what the accounts gave it in step 1, directly
   * and through the indirect pools of step 2 (their reciprocal services solved exactly).
   */
  accounts: z.array(TraceAccount),
  /**
   * The accounts past the `accounts` listed (null when every account is listed): how many, and
   * their amount, so that the listed accounts and this add up exactly to the pool's amount.
   */
  other_accounts: z.object({ count: z.number().int(), amount: Money }).nullable(),
});

export const TraceActivity = z.object({
  activity: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  /** This activity's cost on the record: resting on it or rolled up to it. */
  amount: Money,
  pools: z.array(TracePool),
});

/** What reached the record through one step-5 push from its parent record. */
export const TracePush = z.object({
  activity: z.number().int().nullable(),
  activity_code: z.string(),
  activity_name: z.string(),
  from: z.object({
    id: z.number().int().nullable(),
    identifier: z.string(),
    name: z.string(),
    dimension: z.number().int().nullable(),
    dimension_name: z.string(),
  }),
  amount: Money,
});

/** Cost resting on records of a descendant dimension that point to this record (roll-up). */
export const TraceRollUp = z.object({
  dimension: z.number().int().nullable(),
  dimension_name: z.string(),
  /** Descendant records of that dimension reaching this record. */
  records: z.number().int(),
  amount: Money,
});

export const RecordTrace = z
  .object({
    record: z.object({
      id: z.number().int(),
      identifier: z.string(),
      name: z.string(),
      dimension: z.number().int(),
      dimension_name: z.string(),
    }),
    scenario: z.number().int(),
    currency: z.string(),
    /** The record's cost, as calculation/dimension-results/ gives it: resting + rolled up. */
    cost: Money,
    /** Cost resting on the record itself (step 4, plus step-5 pushes in, minus pushes passed down). */
    resting: Money,
    /** By activity, largest first; each with its pools and their accounts. */
    activities: z.array(TraceActivity),
    /** What reached the record through step-5 pushes from parent records. */
    pushed: z.array(TracePush),
    /** What it rolled up from descendant records, per dimension. */
    rolled_up: z.array(TraceRollUp),
  })
  .meta({ id: "RecordTrace" });
export type RecordTrace = z.infer<typeof RecordTrace>;
