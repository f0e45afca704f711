import { z } from "zod";
import { listQuery, page } from "./pagination.ts";

// Models and scenarios: the first part, enough for selection and the dashboard.
const IsoDateTime = z.iso.datetime({ offset: true });
/** A calendar date, YYYY-MM-DD. */
const IsoDate = z.iso.date();

export const Model = z.object({
  id: z.number().int(),
  name: z.string(),
  short_description: z.string(),
  /** Display name of the user who created it (their e-mail when they have no name). */
  author: z.string(),
  created_at: IsoDateTime,
  /** Id of the owner company. */
  company: z.number().int(),
});
export type Model = z.infer<typeof Model>;

export const ModelListQuery = listQuery(["name", "created_at", "id"]).extend({
  search: z.string().trim().max(100).optional(),
});
export const ModelPage = page(Model);
export type ModelPage = z.infer<typeof ModelPage>;

export const CreateModel = z.strictObject({
  name: z.string().trim().min(1).max(200),
  short_description: z.string().trim().max(2000).default(""),
});
export type CreateModel = z.input<typeof CreateModel>;
export const UpdateModel = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  short_description: z.string().trim().max(2000).optional(),
});
export type UpdateModel = z.infer<typeof UpdateModel>;

export const SCENARIO_STATUSES = ["NEW", "IN_PROGRESS", "FINISHED"] as const;
export type ScenarioStatus = (typeof SCENARIO_STATUSES)[number];
export const DEFAULT_CURRENCY = "EUR";
/** ISO 4217 code, upper case. */
const Currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/);

export const Scenario = z.object({
  id: z.number().int(),
  model: z.number().int(),
  name: z.string(),
  description: z.string(),
  period_from: IsoDate,
  period_to: IsoDate,
  currency: z.string(),
  status: z.enum(SCENARIO_STATUSES),
  created_at: IsoDateTime,
  finished_at: IsoDateTime.nullable(),
});
export type Scenario = z.infer<typeof Scenario>;

/** GET model/scenarios/?model=<id>: a model of another company answers 404. */
export const ScenarioListQuery = listQuery(["name", "created_at", "period_from", "period_to", "id"]).extend({
  model: z.coerce.number().int().positive().optional(),
});
export const ScenarioPage = page(Scenario);
export type ScenarioPage = z.infer<typeof ScenarioPage>;

/**
 * POST model/scenarios/. Defaults: currency EUR, period from one month before today to today.
 * period_from must not be after period_to.
 */
export const CreateScenario = z.strictObject({
  model: z.number().int().positive(),
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(""),
  period_from: IsoDate.optional(),
  period_to: IsoDate.optional(),
  currency: Currency.default(DEFAULT_CURRENCY),
});
export type CreateScenario = z.input<typeof CreateScenario>;

export const UpdateScenario = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().max(2000).optional(),
  period_from: IsoDate.optional(),
  period_to: IsoDate.optional(),
  currency: Currency.optional(),
});
export type UpdateScenario = z.infer<typeof UpdateScenario>;

/** The default scenario period: one month before `today` to `today` (both YYYY-MM-DD, UTC). */
export function defaultScenarioPeriod(today: Date = new Date()): { period_from: string; period_to: string } {
  const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const from = new Date(to);
  from.setUTCMonth(from.getUTCMonth() - 1);
  // 31 March minus one month is 3 March in JavaScript; clamp to the last day of February.
  if (from.getUTCDate() !== to.getUTCDate()) from.setUTCDate(0);
  return { period_from: from.toISOString().slice(0, 10), period_to: to.toISOString().slice(0, 10) };
}
