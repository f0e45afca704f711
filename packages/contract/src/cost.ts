import { z } from "zod";
import { idSchema, queryIdSchema, textSchema } from "./common.ts";
import { listQuery, PageLimit, PageOffset, page } from "./pagination.ts";

// Cost data of a model and its scenarios (docs/data-api.md, "Cost"): financial accounts and their
// values, cost pools, cost-pool drivers and their values per pool.

/** A database id in a body (the shared idSchema: at most a 32-bit id). */
export const Id = idSchema;
/** A database id in a query string or path (the shared queryIdSchema). */
export const QueryId = queryIdSchema;
/**
 * A query-string boolean: the older client sends `True`/`False` (Django style), newer ones
 * `true`/`false`, `1`/`0`.
 */
export const QueryBool = z
  .enum(["true", "false", "True", "False", "1", "0"])
  .transform((v) => v === "true" || v === "True" || v === "1");

/**
 * An exact decimal amount: a JSON number or a decimal string ("1234.5", "-0.25"). Kept as a string
 * on the way in so that no digit is lost before the database's `numeric` stores it.
 */
export const Decimal = z
  .union([z.number().refine(Number.isFinite), textSchema.trim().regex(/^-?\d+(\.\d+)?$/)])
  .transform((v) => (typeof v === "number" ? String(v) : v));

/** A code or name typed by a user: trimmed, not blank. */
const Code = textSchema.trim().min(1).max(100);
const Name = textSchema.trim().min(1).max(200);

// Financial accounts -------------------------------------------------------------------------

export const FinancialAccount = z.object({
  /** Database id. */
  account_id: z.number().int(),
  /** The account code (unique in the model). */
  ID: z.string(),
  name: z.string(),
  expense_group: z.string(),
  model: z.number().int(),
});
export type FinancialAccount = z.infer<typeof FinancialAccount>;

/** A row of the accounts table: the account with its amount in the scenario (null when none). */
export const FinancialAccountRow = FinancialAccount.extend({
  amount: z.number().nullable(),
  /** Id of the account value holding `amount`, for PATCH cost/account-values/{id}/. */
  value_id: z.number().int().nullable(),
});
export type FinancialAccountRow = z.infer<typeof FinancialAccountRow>;

const ACCOUNT_ORDERING = ["ID", "name", "expense_group", "amount", "account_id"] as const;

/** GET cost/financial-accounts/get-table/?scenario&limit&offset&ordering&search */
export const AccountTableQuery = listQuery(ACCOUNT_ORDERING).extend({
  scenario: QueryId,
  search: textSchema.trim().max(100).optional(),
});
export const AccountTablePage = page(FinancialAccountRow);
export type AccountTablePage = z.infer<typeof AccountTablePage>;

/** GET cost/financial-accounts/?model&limit&offset&ordering&search */
export const AccountListQuery = listQuery(["ID", "name", "expense_group", "account_id"]).extend({
  model: QueryId,
  search: textSchema.trim().max(100).optional(),
});
export const AccountPage = page(FinancialAccount);

export const ScenarioQuery = z.object({ scenario: QueryId });
export const ModelQuery = z.object({ model: QueryId });
export const ModelScenarioQuery = z.object({ model: QueryId, scenario: QueryId });

/** GET cost/financial-accounts/get-amount-sum/?scenario */
export const AmountSum = z.object({ total: z.number() });

/** POST cost/financial-accounts/ and PUT cost/financial-accounts/{account_id}/ (same payload). */
export const SaveFinancialAccount = z.strictObject({
  model: Id,
  ID: Code,
  name: Name,
  expense_group: textSchema.trim().max(200).default(""),
});
export type SaveFinancialAccount = z.input<typeof SaveFinancialAccount>;

// Account values -----------------------------------------------------------------------------

export const AccountValue = z.object({
  id: z.number().int(),
  scenario: z.number().int(),
  account: z.number().int(),
  amount: z.number(),
  /** The account's code and name, for display. */
  account_ID: z.string(),
  account_name: z.string(),
});
export type AccountValue = z.infer<typeof AccountValue>;

/**
 * GET cost/account-values/?scenario[&account][&search]: `search` (account code or name) must not
 * be blank when given ('Please search for an account.').
 */
export const AccountValueListQuery = listQuery(["ID", "name", "amount", "id"]).extend({
  scenario: QueryId,
  account: QueryId.optional(),
  search: textSchema.trim().max(100).optional(),
});
export const AccountValuePage = page(AccountValue);

/**
 * POST cost/account-values/: the upsert (docs/data-api.md, "Cost") — a value for (scenario,
 * account) is created when none exists (201) and updated when one does (200).
 */
export const SaveAccountValue = z.strictObject({ scenario: Id, account: Id, amount: Decimal });
export type SaveAccountValue = z.input<typeof SaveAccountValue>;
/** PATCH cost/account-values/{id}/ */
export const UpdateAccountValue = z.strictObject({ amount: Decimal });

// Cost pools and their drivers ---------------------------------------------------------------

export const POOL_DRIVER_TYPES = ["DECI", "TEXT", "DATE"] as const;

export const PoolDriver = z.object({
  id: z.number().int(),
  model: z.number().int(),
  name: z.string(),
  display_type: z.enum(POOL_DRIVER_TYPES),
  /** The model's one time-driven driver: its values are the pools' practical capacities (minutes). */
  is_tdabc: z.boolean(),
});
export type PoolDriver = z.infer<typeof PoolDriver>;

/** A driver as seen from one pool: its value for that pool in the scenario (null when none). */
export const PoolDriverValueOfPool = PoolDriver.extend({
  value: z.number().nullable(),
  value_id: z.number().int().nullable(),
  /** True for the TDABC driver: `value` is then the pool's capacity in minutes. */
  capacity: z.boolean(),
});

export const CostPool = z.object({
  id: z.number().int(),
  model: z.number().int(),
  identifier: z.string(),
  name: z.string(),
  is_direct: z.boolean(),
  /** Every driver of the model, with its value for this pool when a scenario was given. */
  drivers: z.array(PoolDriverValueOfPool),
});
export type CostPool = z.infer<typeof CostPool>;

/** GET cost/pools/?scenario or ?model (one of them) [&is_direct&search&limit&offset&ordering] */
export const CostPoolListQuery = listQuery(["identifier", "name", "is_direct", "id"]).extend({
  scenario: QueryId.optional(),
  model: QueryId.optional(),
  is_direct: QueryBool.optional(),
  search: textSchema.trim().max(100).optional(),
});
export const CostPoolPage = page(CostPool);
export const OptionalScenarioQuery = z.object({ scenario: QueryId.optional() });

export const CreateCostPool = z.strictObject({
  model: Id,
  identifier: Code,
  name: Name,
  is_direct: z.boolean().default(true),
});
export type CreateCostPool = z.input<typeof CreateCostPool>;
export const UpdateCostPool = z.strictObject({
  identifier: Code.optional(),
  name: Name.optional(),
  is_direct: z.boolean().optional(),
});

/** GET cost/pool-drivers/?model */
export const PoolDriverListQuery = listQuery(["name", "display_type", "is_tdabc", "id"]).extend({
  model: QueryId,
});
export const PoolDriverPage = page(PoolDriver);

/** One TDABC driver per model, and it must be decimal (DECI). */
export const CreatePoolDriver = z.strictObject({
  model: Id,
  name: Name,
  display_type: z.enum(POOL_DRIVER_TYPES).default("DECI"),
  is_tdabc: z.boolean().default(false),
});
export type CreatePoolDriver = z.input<typeof CreatePoolDriver>;
export const UpdatePoolDriver = z.strictObject({
  name: Name.optional(),
  display_type: z.enum(POOL_DRIVER_TYPES).optional(),
  is_tdabc: z.boolean().optional(),
});

// Pool-driver values (per scenario, per pool) ------------------------------------------------

export const PoolDriverValue = z.object({
  id: z.number().int(),
  scenario: z.number().int(),
  driver: z.number().int(),
  pool: z.number().int(),
  value: z.number(),
});
export type PoolDriverValue = z.infer<typeof PoolDriverValue>;

/** GET cost/pool-driver-values/?scenario[&driver][&pool] */
export const PoolDriverValueListQuery = z.object({
  scenario: QueryId,
  driver: QueryId.optional(),
  pool: QueryId.optional(),
  limit: PageLimit,
  offset: PageOffset,
});
export const PoolDriverValuePage = page(PoolDriverValue);

/** POST cost/pool-driver-values/: created (201) or, when (scenario, driver, pool) has one, updated (200). */
export const SavePoolDriverValue = z.strictObject({ scenario: Id, driver: Id, pool: Id, value: Decimal });
export const UpdatePoolDriverValue = z.strictObject({ value: Decimal });
/** POST cost/pool-driver-values/bulk/: upserts every value in one transaction (null deletes one). */
export const BulkPoolDriverValues = z.strictObject({
  scenario: Id,
  values: z
    .array(z.strictObject({ driver: Id, pool: Id, value: Decimal.nullable() }))
    .min(1)
    .max(10_000),
});
export const BulkPoolDriverValuesResult = z.object({
  saved: z.number().int(),
  deleted: z.number().int(),
  results: z.array(PoolDriverValue),
});
