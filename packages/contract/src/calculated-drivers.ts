import { z } from "zod";
import { textSchema } from "./common.ts";
import { Id, QueryBool, QueryId } from "./cost.ts";
import { listQuery, page } from "./pagination.ts";

// Calculated drivers, older API (docs/data-api.md, "Calculated drivers"). The beta API of
// transactional-data.ts works on the same store; both return the formula's feedback on every save.

/**
 * The engine's checkFormula verdict on a formula, for the editor: which names it reads, or where
 * and why it is wrong (`position` is a 0-based index into the formula).
 */
export const FormulaFeedback = z.object({
  valid: z.boolean(),
  /** Names the formula reads (drivers and earlier calculated drivers), when valid. */
  names: z.array(z.string()),
  /** The formula error code (unknown_name, unexpected_token, empty_formula, ...), or null. */
  code: z.string().nullable(),
  position: z.number().int().nullable(),
  /** The offending name or function, when there is one. */
  name: z.string().nullable(),
  /** Translated explanation. */
  message: z.string(),
  message_key: z.string(),
});
export type FormulaFeedback = z.infer<typeof FormulaFeedback>;

/** The formula's tokens in order (names, numbers, operators, parentheses); [] when it cannot be read. */
export const FormulaSplit = z.array(z.string());

const CALCULATED_DRIVER_TYPES = ["DECI"] as const;

export const CalculatedDriver = z.object({
  id: z.number().int(),
  model: z.number().int(),
  dimension: z.number().int(),
  dimension_name: z.string(),
  name: z.string(),
  formula: z.string(),
  type: z.enum(CALCULATED_DRIVER_TYPES),
  is_pnl_line: z.boolean(),
  /** Definition order within the dimension: a formula may use calculated drivers defined before it. */
  position: z.number().int(),
});
export type CalculatedDriver = z.infer<typeof CalculatedDriver>;

/** What every save answers: the driver with its formula's feedback and tokens. */
export const SavedCalculatedDriver = CalculatedDriver.extend({
  formula_feedback: FormulaFeedback,
  formula_splited: FormulaSplit,
});
export type SavedCalculatedDriver = z.infer<typeof SavedCalculatedDriver>;

/** A row of get-calculated: the driver and its total in the scenario's latest finished calculation. */
export const CalculatedDriverWithTotal = CalculatedDriver.extend({ total_value: z.number().nullable() });
export type CalculatedDriverWithTotal = z.infer<typeof CalculatedDriverWithTotal>;

/** GET dimension/calculated-drivers/get-calculated/?scenario&limit&ordering&offset[&dimension] */
export const GetCalculatedQuery = listQuery([
  "name",
  "dimension_name",
  "total_value",
  "position",
  "id",
]).extend({
  scenario: QueryId,
  dimension: QueryId.optional(),
});
export const CalculatedDriverTotalsPage = page(CalculatedDriverWithTotal);

/** GET dimension/calculated-drivers/?model[&is_pnl_line=True][&dimension] */
export const CalculatedDriverListQuery = listQuery(["name", "dimension_name", "position", "id"]).extend({
  model: QueryId,
  is_pnl_line: QueryBool.optional(),
  dimension: QueryId.optional(),
});
export const CalculatedDriverPage = page(CalculatedDriver);

const DriverName = textSchema
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^[\]]+$/);
/** A formula: starts with "=" once saved ("=" alone is the empty default). */
const Formula = textSchema.trim().max(10_000);

/** POST dimension/calculated-drivers/ */
export const CreateCalculatedDriver = z.strictObject({
  dimension: Id,
  name: DriverName,
  formula: Formula.default("="),
  type: z.enum(CALCULATED_DRIVER_TYPES).default("DECI"),
  is_pnl_line: z.boolean().default(false),
});
export type CreateCalculatedDriver = z.input<typeof CreateCalculatedDriver>;
/** PATCH dimension/calculated-drivers/{id}/ */
export const UpdateCalculatedDriver = z.strictObject({
  dimension: Id.optional(),
  name: DriverName.optional(),
  formula: Formula.optional(),
  type: z.enum(CALCULATED_DRIVER_TYPES).optional(),
  is_pnl_line: z.boolean().optional(),
});
export type UpdateCalculatedDriver = z.infer<typeof UpdateCalculatedDriver>;

/** POST dimension/calculated-drivers/calculate/ {scenario} */
export const CalculateRequest = z.strictObject({ scenario: Id });

export const CALCULATION_STATUSES = [
  "REQUESTED",
  "IN_PROGRESS",
  "FINISHED",
  "ERROR",
  "STOPPED",
  "ATTEMPTING_TO_STOP",
] as const;

/** A calculated-drivers calculation (category CALCULATED_DRIVERS), in both APIs' field names. */
export const DriversCalculation = z.object({
  calculation_id: z.number().int(),
  UUID: z.string(),
  status: z.enum(CALCULATION_STATUSES),
  calculation_status: z.enum(CALCULATION_STATUSES),
  requested_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Display name of the user who asked for it. */
  requested_by: z.string().nullable(),
  requested_by_user: z.string().nullable(),
  task_id: z.string().nullable(),
  /** 0..1 */
  progress: z.number(),
  error: z.string().nullable(),
});
export type DriversCalculation = z.infer<typeof DriversCalculation>;

/** What calculate answers (202): the queued calculation (the client says 'Calculate requested successfully'). */
export const CalculationRequested = z.object({
  calculation_id: z.number().int(),
  task_id: z.string().nullable(),
  status: z.enum(CALCULATION_STATUSES),
  UUID: z.string(),
});
export type CalculationRequested = z.infer<typeof CalculationRequested>;

/** GET dimension/drivers-calculation/?scenario: the scenario's calculated-driver runs, latest first. */
export const DriversCalculationQuery = listQuery(["requested_at", "started_at", "finished_at"]).extend({
  scenario: QueryId,
});
export const DriversCalculationPage = page(DriversCalculation);

/** GET dimension/drivers-issues/?calculation: the warnings and errors logged by that run. */
export const DriversIssuesQuery = listQuery(["at", "id"]).extend({ calculation: QueryId });
export const DriversIssue = z.object({
  id: z.number().int(),
  at: z.string(),
  level: z.string(),
  detail: z.string(),
});
export const DriversIssuePage = page(DriversIssue);
