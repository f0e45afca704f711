import { z } from "zod";
import { textSchema } from "./common.ts";
import { Id, QueryBool, QueryId } from "./cost.ts";
import { listQuery, page } from "./pagination.ts";

// Activities of a model (docs/data-api.md, "Activities").

export const Activity = z.object({
  id: z.number().int(),
  model: z.number().int(),
  /** Unique in the model; generated from the name when not given. */
  code: z.string(),
  name: z.string(),
  description: z.string(),
  is_tdabc: z.boolean(),
  /** The cost pool the activity belongs to, or null. */
  costpool: z.number().int().nullable(),
  costpool_name: z.string().nullable(),
});
export type Activity = z.infer<typeof Activity>;

/** GET activities/?model[&search&is_tdabc&costpool&limit&offset&ordering] */
export const ActivityListQuery = listQuery(["code", "name", "is_tdabc", "costpool", "id"]).extend({
  model: QueryId,
  search: textSchema.trim().max(100).optional(),
  is_tdabc: QueryBool.optional(),
  costpool: QueryId.optional(),
});
export const ActivityPage = page(Activity);

/** POST activities/?model: the query's model, when given, must be the body's. */
export const CreateActivityQuery = z.object({ model: QueryId.optional() });
export const CreateActivity = z.strictObject({
  model: Id,
  name: textSchema.trim().min(1).max(200),
  code: textSchema.trim().min(1).max(100).optional(),
  description: textSchema.trim().max(2000).default(""),
  is_tdabc: z.boolean().default(false),
  costpool: Id.nullable().default(null),
});
export type CreateActivity = z.input<typeof CreateActivity>;

/** PATCH activities/{id}/: `model` may be sent (the client sends the whole form) but not changed. */
export const UpdateActivity = z.strictObject({
  model: Id.optional(),
  name: textSchema.trim().min(1).max(200).optional(),
  code: textSchema.trim().min(1).max(100).optional(),
  description: textSchema.trim().max(2000).optional(),
  is_tdabc: z.boolean().optional(),
  costpool: Id.nullable().optional(),
});
export type UpdateActivity = z.infer<typeof UpdateActivity>;

/**
 * DELETE activities/{id}/ (no parameter; docs/data-api.md, "Activities"). Deleting an activity
 * removes its allocation rules of every step (3, 4, 5) and its P&L lines in every scenario of the
 * model; the web app's dialog is where the user confirms (GET activities/{id}/delete-impact/ tells
 * it what would go). `confirm` is optional: `true` (what older clients send) deletes too, `false`
 * refuses with 400 naming `confirm` and deletes nothing.
 */
export const DeleteActivityQuery = z.object({ confirm: QueryBool.optional() });

export const ActivityDeleteImpact = z.object({
  activity: z.number().int(),
  /** Rules that would be deleted, summed over the model's scenarios. */
  step3_rules: z.number().int(),
  step4_rules: z.number().int(),
  step5_rules: z.number().int(),
  pnl_lines: z.number().int(),
  scenarios: z.number().int(),
});
export type ActivityDeleteImpact = z.infer<typeof ActivityDeleteImpact>;
