import type { FieldReason } from "@costflow/contract/errors";
import type { ModelView, ScenarioView } from "@costflow/db/repositories/models";
import type { AppContext } from "../context.ts";
import { AppError, fieldError, notFound } from "./app-error.ts";

// What the data modules (cost, activities, dimensions, transactional data, calculated drivers,
// export files) share: the model/scenario lookups every call starts with, paging, and the mapping
// of database constraint errors to field errors. Their repositories are the context's (ctx.repos).

/** The company's model `id`, or 404 naming `field` (another company's model looks the same). */
export async function requireModel(
  ctx: AppContext,
  companyId: number,
  id: number,
  field = "model",
): Promise<ModelView> {
  const model = await ctx.repos.models.findModel(companyId, id);
  if (!model) throw notFound(field);
  return model;
}

export async function requireScenario(
  ctx: AppContext,
  companyId: number,
  id: number,
  field = "scenario",
): Promise<ScenarioView> {
  const scenario = await ctx.repos.models.findScenario(companyId, id);
  if (!scenario) throw notFound(field);
  return scenario;
}

/** A row found in the company that belongs to another model than the one at hand: 400. */
export function otherModel(field: string): AppError {
  return fieldError("VALIDATION_ERROR", field, "not_in_model");
}

/** The PostgreSQL error behind a (possibly drizzle-wrapped) failure, if there is one. */
function pgErrorOf(error: unknown): { code?: string; constraint?: string; table?: string } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code))
      return e as { code: string; constraint?: string };
  }
  return undefined;
}

/**
 * Runs `write`; a unique violation becomes 409 naming the field its constraint guards (see
 * `fields`: constraint name → field and reason, default reason "taken"), a foreign-key violation on
 * delete becomes 409 "in_use". Other errors pass through.
 */
export async function mapConstraintErrors<T>(
  write: () => Promise<T>,
  fields: Record<
    string,
    string | { field: string; reason: FieldReason; code?: "CONFLICT" | "VALIDATION_ERROR" }
  >,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === "23505") {
      const target = fields[pg.constraint ?? ""] ?? Object.values(fields)[0];
      if (target === undefined) throw new AppError("CONFLICT", [], pg.constraint);
      if (typeof target === "string") throw fieldError("CONFLICT", target, "taken");
      throw fieldError(target.code ?? "CONFLICT", target.field, target.reason);
    }
    // foreign_key_violation or restrict_violation: rows of another table still point here.
    if (pg?.code === "23503" || pg?.code === "23001") {
      throw new AppError("CONFLICT", [{ field: "id", reason: "in_use", values: { items: pg.table ?? "" } }]);
    }
    throw error;
  }
}

/** The page part of a list query. */
export function pageOf(query: { limit: number; offset: number; ordering?: string | undefined }) {
  return { limit: query.limit, offset: query.offset, ordering: query.ordering };
}
