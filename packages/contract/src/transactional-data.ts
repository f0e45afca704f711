import { z } from "zod";
import {
  CALCULATION_STATUSES,
  CalculatedDriver,
  DriversCalculation,
  FormulaFeedback,
  FormulaSplit,
} from "./calculated-drivers.ts";
import { textSchema } from "./common.ts";
import { Id, QueryId } from "./cost.ts";
import {
  DimensionDriver,
  DriverTypeFilter,
  FieldMap,
  RecordIdentifier,
  RecordOrdering,
} from "./dimensions.ts";
import { PageLimit, PageOffset } from "./pagination.ts";

// The transactional-data calls (docs/data-api.md, "Records and transactions" and "Calculated
// drivers"). Their lists answer `{items, count}` instead of the page envelope (docs/data-api.md,
// "Conventions").

export function items<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), count: z.number().int().min(0) });
}

/** Lists of these calls: default 10 a page (the UI's driver strip asks for 5). */
const Paging = { limit: PageLimit, offset: PageOffset };

/** GET transactional-data/drivers?dimension[&driver_type=decimal][&ordering&limit&offset] */
export const TransactionDriversQuery = z.object({
  dimension: QueryId,
  driver_type: DriverTypeFilter.optional(),
  ordering: z
    .enum(["name", "-name", "position", "-position", "id", "-id", "data_type", "-data_type"])
    .optional(),
  ...Paging,
});
export const TransactionDriverItems = items(DimensionDriver);

// Transactions: the records of a dimension in a scenario ----------------------------------------

export const Transaction = z.object({
  id: z.number().int(),
  transaction_id: z.string(),
  fields: FieldMap,
  dimension: z.number().int(),
  scenario: z.number().int(),
});
export type Transaction = z.infer<typeof Transaction>;

/** GET transactional-data/transactions?scenario&dimension&ordering&limit&offset&searchTerm */
export const TransactionListQuery = z.object({
  scenario: QueryId,
  dimension: QueryId,
  /** `transaction_id`, `id` or a driver name, optionally with a leading `-`. */
  ordering: RecordOrdering.optional(),
  /** Transaction ids starting with this text (case-insensitive). */
  searchTerm: textSchema.trim().max(100).optional(),
  ...Paging,
});
export const TransactionItems = items(Transaction);

/**
 * POST (create) and PATCH (update the one with this transaction_id) transactional-data/transactions.
 * `fields` is checked against the dimension's drivers: an unknown driver, a bad number or date, or
 * a relationship to a missing parent record is a 400 naming `fields.<driver>`. On PATCH, drivers not
 * named keep their value and null clears one.
 */
export const SaveTransaction = z.strictObject({
  transaction_id: RecordIdentifier,
  fields: FieldMap.default({}),
  dimension: Id,
  scenario: Id,
});
export type SaveTransaction = z.input<typeof SaveTransaction>;

// Beta calculated drivers ---------------------------------------------------------------------

/** An item of the beta list: the driver with its formula's tokens and feedback. */
export const BetaCalculatedDriver = CalculatedDriver.extend({
  formula_splited: FormulaSplit,
  formula_feedback: FormulaFeedback,
});
export type BetaCalculatedDriver = z.infer<typeof BetaCalculatedDriver>;

/** GET transactional-data/calculated-drivers?model&ordering&limit&offset&dimension_id */
export const BetaCalculatedDriverQuery = z.object({
  model: QueryId,
  dimension_id: QueryId.optional(),
  ordering: z
    .enum(["name", "-name", "position", "-position", "id", "-id", "dimension_name", "-dimension_name"])
    .optional(),
  ...Paging,
});
export const BetaCalculatedDriverItems = items(BetaCalculatedDriver);

const DriverName = textSchema
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^[\]]+$/);

/**
 * The beta form: POST transactional-data/calculated-drivers creates a driver (or, with `driver_id`,
 * saves that one); PATCH .../{oldDriverId}/dimension/{dimension} saves driver oldDriverId under
 * that dimension.
 */
export const BetaCalculatedDriverForm = z.strictObject({
  dimension: Id,
  driver_id: Id.nullable().optional(),
  driver_name: DriverName,
  driver_formula: textSchema.trim().max(10_000).default("="),
  is_pl: z.boolean().default(false),
  old_driver_id: Id.nullable().optional(),
});
export type BetaCalculatedDriverForm = z.input<typeof BetaCalculatedDriverForm>;
export const BetaDriverPathParams = z.object({ oldDriverId: QueryId, dimension: QueryId });

/** POST transactional-data/calculated-drivers/check-formula: the live check of the editor. */
export const CheckFormulaRequest = z.strictObject({
  dimension: Id,
  formula: textSchema.max(10_000),
  /** The driver being edited: only calculated drivers defined before it are known names. */
  driver_id: Id.nullable().optional(),
});
export const CheckFormulaResult = z.object({
  formula_feedback: FormulaFeedback,
  formula_splited: FormulaSplit,
});
export type CheckFormulaResult = z.infer<typeof CheckFormulaResult>;

/** GET transactional-data/calculated-drivers/results?scenario&dimension&limit&offset */
export const BetaResultsQuery = z.object({
  scenario: QueryId,
  dimension: QueryId.optional(),
  ...Paging,
});
export const BetaResult = z.object({
  calculated_driver_id: z.number().int(),
  calculated_driver_name: z.string(),
  dimension: z.number().int(),
  dimension_name: z.string(),
  /** Total of the driver's values over the dimension's records. */
  sum_value: z.number(),
  records: z.number().int(),
});
export type BetaResult = z.infer<typeof BetaResult>;
export const BetaResultItems = items(BetaResult).extend({ calculation_id: z.number().int() });

/** GET .../results/records?scenario&driver&limit&offset: one driver's value per record. */
export const BetaRecordResultsQuery = z.object({ scenario: QueryId, driver: QueryId, ...Paging });
export const BetaRecordResultItems = items(
  z.object({ record: z.number().int(), identifier: z.string(), value: z.number() }),
).extend({ calculation_id: z.number().int() });

export const ScenarioParams = z.object({ scenario: QueryId });
export const IdScenarioParams = z.object({ id: QueryId });
/** GET .../results-sum/{scenario}[?dimension&driver] */
export const ResultsSumQuery = z.object({ dimension: QueryId.optional(), driver: QueryId.optional() });
export const ResultsSum = z.object({
  scenario: z.number().int(),
  calculation_id: z.number().int(),
  sum_value: z.number(),
  drivers: z.number().int(),
});
export type ResultsSum = z.infer<typeof ResultsSum>;

/** POST .../scenario/{id}/cancel-calculate {task_id, calculation_id} */
export const CancelCalculateRequest = z.strictObject({
  calculation_id: Id,
  task_id: textSchema.max(100).nullable().optional(),
});
export const CancelCalculateResult = z.object({
  calculation_id: z.number().int(),
  status: z.enum(CALCULATION_STATUSES),
});
export type CancelCalculateResult = z.infer<typeof CancelCalculateResult>;

/** GET transactional-data/calculations/{scenario}?ordering=-started_at[&limit&offset] */
export const BetaCalculationsQuery = z.object({
  ordering: z
    .enum(["started_at", "-started_at", "requested_at", "-requested_at", "finished_at", "-finished_at"])
    .optional(),
  ...Paging,
});
export const BetaCalculationItems = items(DriversCalculation);
