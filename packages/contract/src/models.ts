import { z } from "zod";
import { idSchema, queryIdSchema, textSchema } from "./common.ts";
import { ErrorBody } from "./errors.ts";
import arTemplates from "./i18n/ar/templates.json" with { type: "json" };
import enTemplates from "./i18n/en/templates.json" with { type: "json" };
import esTemplates from "./i18n/es/templates.json" with { type: "json" };
import ptTemplates from "./i18n/pt/templates.json" with { type: "json" };
import type { Language } from "./languages.ts";
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
  search: textSchema.trim().max(100).optional(),
});
export const ModelPage = page(Model);
export type ModelPage = z.infer<typeof ModelPage>;

/** The model templates a model can be created from (bundles in packages/db/templates/<id>/). */
export const MODEL_TEMPLATES = ["distribution", "manufacturing", "professional-services"] as const;
export type ModelTemplateId = (typeof MODEL_TEMPLATES)[number];
/** Name and description of each template per language (the `templates` translation namespace). */
export const TEMPLATE_TEXTS: Record<
  Language,
  Record<ModelTemplateId, { name: string; description: string }>
> = {
  en: enTemplates,
  ar: arTemplates,
  es: esTemplates,
  pt: ptTemplates,
};

/**
 * POST models/: a blank model (`name` required), or a copy of a template with its data, rules and
 * one scenario (`template`; `name` and `short_description` default to the template's).
 */
export const CreateModel = z.strictObject({
  template: z.enum(MODEL_TEMPLATES).optional(),
  name: textSchema.trim().min(1).max(200).optional(),
  short_description: textSchema.trim().max(2000).optional(),
});
export type CreateModel = z.input<typeof CreateModel>;

/** POST models/ answers the model and, when made from a template, the id of its scenario. */
export const CreatedModel = Model.extend({ scenario: z.number().int().optional() });
export type CreatedModel = z.infer<typeof CreatedModel>;

/** GET models/templates/: texts in the request's language, with their keys in the `templates` namespace. */
export const ModelTemplate = z.object({
  id: z.enum(MODEL_TEMPLATES),
  name: z.string(),
  short_description: z.string(),
  /** e.g. `templates:distribution.name` */
  name_key: z.string(),
  description_key: z.string(),
  /** What the template holds, for the cards of the create screen. */
  counts: z.object({
    accounts: z.number().int(),
    cost_pools: z.number().int(),
    activities: z.number().int(),
    dimensions: z.number().int(),
    records: z.number().int(),
  }),
});
export type ModelTemplate = z.infer<typeof ModelTemplate>;
export const ModelTemplatePage = page(ModelTemplate);
export type ModelTemplatePage = z.infer<typeof ModelTemplatePage>;

/** POST models/import/ (multipart, field `file`: a model bundle .zip) and POST models/ from a template. */
export const ModelCreated = z.object({
  model: z.number().int(),
  scenario: z.number().int(),
});
export type ModelCreated = z.infer<typeof ModelCreated>;

/** Problems of a model bundle, one per issue found; `message` is translated, `detail` is technical. */
export const BUNDLE_ISSUE_CODES = [
  "io",
  "zip",
  "unsafe_path",
  "csv_syntax",
  "field_count",
  "unknown_file",
  "missing_file",
  "unknown_column",
  "missing_column",
  "duplicate_column",
  "required",
  "not_a_number",
  "not_a_boolean",
  "not_a_date",
  "invalid_value",
  "duplicate",
  "unknown_reference",
  "cyclic_reference",
  "formula",
  "json",
] as const;
export type BundleIssueCode = (typeof BUNDLE_ISSUE_CODES)[number];
export const BundleIssue = z.object({
  code: z.enum(BUNDLE_ISSUE_CODES),
  /** Path inside the bundle, e.g. `records/ORDERS.csv`. */
  file: z.string(),
  /** 1-based; the header is line 1; 0 when the issue is about the whole file. */
  line: z.number().int(),
  /** 1-based field number (character column in a JSON file); 0 for a whole line or file. */
  column: z.number().int(),
  column_name: z.string().nullable(),
  /** `errors:bundle.<code>` in the request's language, with file, line and column. */
  message: z.string(),
  /** The reader's own description (English), e.g. `"abc" is not a number`. */
  detail: z.string(),
});
export type BundleIssue = z.infer<typeof BundleIssue>;
/**
 * The 400 of an import: the usual error body; when the bundle does not read, also every issue
 * (up to 100; `truncated` when reading stopped there).
 */
export const ModelImportErrorBody = ErrorBody.extend({
  issues: z.array(BundleIssue).optional(),
  truncated: z.boolean().optional(),
});
export type ModelImportErrorBody = z.infer<typeof ModelImportErrorBody>;

/** GET models/{id}/export/?scenario=<id>: the scenario must belong to the model. */
export const ModelExportQuery = z.strictObject({
  scenario: queryIdSchema,
});
export const UpdateModel = z.strictObject({
  name: textSchema.trim().min(1).max(200).optional(),
  short_description: textSchema.trim().max(2000).optional(),
});
export type UpdateModel = z.infer<typeof UpdateModel>;

export const SCENARIO_STATUSES = ["NEW", "IN_PROGRESS", "FINISHED"] as const;
export type ScenarioStatus = (typeof SCENARIO_STATUSES)[number];
export const DEFAULT_CURRENCY = "EUR";
/** ISO 4217 code, upper case. */
const Currency = textSchema
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
  model: queryIdSchema.optional(),
});
export const ScenarioPage = page(Scenario);
export type ScenarioPage = z.infer<typeof ScenarioPage>;

/**
 * POST model/scenarios/. Defaults: currency EUR, period from one month before today to today.
 * period_from must not be after period_to.
 */
export const CreateScenario = z.strictObject({
  model: idSchema,
  name: textSchema.trim().min(1).max(200),
  description: textSchema.trim().max(2000).default(""),
  period_from: IsoDate.optional(),
  period_to: IsoDate.optional(),
  currency: Currency.default(DEFAULT_CURRENCY),
});
export type CreateScenario = z.input<typeof CreateScenario>;

export const UpdateScenario = z.strictObject({
  name: textSchema.trim().min(1).max(200).optional(),
  description: textSchema.trim().max(2000).optional(),
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

/** The rule sets a scenario duplicate can copy: steps 1 to 6. */
const ALLOCATION_STEPS = [1, 2, 3, 4, 5, 6] as const;
/** Copy names: the original's name + "_copy", cut to this many characters. */
const SCENARIO_COPY_NAME_MAX = 15;

/**
 * POST model/scenarios/duplicate/: copies the scenarios' data (account values, pool-driver values,
 * records, settings) and the rule sets of `stepsToDuplicate` into new scenarios of the same model.
 * One scenario: the form's name, description, period and currency are used (each defaulting to the
 * original's; the name to the copy name). Several: each copy is named original + "_copy" cut to 15
 * characters and keeps the original's description, period and currency.
 */
export const DuplicateScenario = z.strictObject({
  model: idSchema,
  name: textSchema.trim().min(1).max(200).optional(),
  description: textSchema.trim().max(2000).optional(),
  period_from: IsoDate.optional(),
  period_to: IsoDate.optional(),
  currency: Currency.optional(),
  scenario_id: z.union([idSchema, z.array(idSchema).min(1).max(100)]),
  stepsToDuplicate: z.array(z.number().int().min(1).max(ALLOCATION_STEPS.length)).max(6).default([]),
});
export type DuplicateScenario = z.input<typeof DuplicateScenario>;
export const DuplicatedScenarios = z.object({ results: z.array(Scenario) });
export type DuplicatedScenarios = z.infer<typeof DuplicatedScenarios>;

/** The name of a copy of a scenario named `name` when several are duplicated at once. */
export function scenarioCopyName(name: string): string {
  return `${name}_copy`.slice(0, SCENARIO_COPY_NAME_MAX);
}
