import type { FieldMap } from "@costflow/contract/dimensions";
import type { DimensionRecord, RecordOrder } from "@costflow/db/repositories/dimension-records";
import type { Dimension } from "@costflow/db/repositories/dimensions";
import type { ScenarioView } from "@costflow/db/repositories/models";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import { mapConstraintErrors, otherModel, requireScenario } from "../../lib/data-scope.ts";
import { checkRecordFields } from "./record-fields.ts";

// Records and transactions are one store; these services serve both APIs. `names` says how the
// caller's API names the identifier and the values ("identifier"/"driverData" for records,
// "transaction_id"/"fields" for transactions), so errors name the caller's fields.

export interface FieldNames {
  identifier: "identifier" | "transaction_id";
  values: "driverData" | "fields";
}

/** The scenario and dimension of a record call, checked to be the company's and of one model. */
export async function requireRecordScope(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
  dimensionId: number,
): Promise<{ scenario: ScenarioView; dimension: Dimension }> {
  const scenario = await requireScenario(ctx, companyId, scenarioId);
  const dimension = await ctx.repos.dimensions.find(companyId, dimensionId);
  if (!dimension) throw notFound("dimension");
  if (dimension.modelId !== scenario.modelId) throw otherModel("dimension");
  return { scenario, dimension };
}

/**
 * `ordering` of a record list: the identifier (also as `transaction_id`), or a driver of the
 * dimension, with an optional leading "-". Anything else is a 400 naming `ordering`.
 */
export async function recordOrderOf(
  ctx: AppContext,
  companyId: number,
  dimensionId: number,
  ordering: string | undefined,
): Promise<{ order: RecordOrder; descending: boolean }> {
  if (!ordering) return { order: { by: "identifier" }, descending: false };
  const descending = ordering.startsWith("-");
  const key = descending ? ordering.slice(1) : ordering;
  if (key === "identifier" || key === "transaction_id") return { order: { by: "identifier" }, descending };
  const driver = await ctx.repos.drivers.findByName(companyId, dimensionId, key);
  if (!driver) throw fieldError("VALIDATION_ERROR", "ordering", "invalid_value");
  return { order: { by: "driver", name: driver.name }, descending };
}

const identifierTaken = (names: FieldNames) => ({ dimension_records_identifier_key: names.identifier });

export async function createRecord(
  ctx: AppContext,
  companyId: number,
  input: { scenario: number; dimension: number; identifier: string; values: FieldMap },
  names: FieldNames,
): Promise<DimensionRecord> {
  const { scenario, dimension } = await requireRecordScope(ctx, companyId, input.scenario, input.dimension);
  const drivers = await ctx.repos.drivers.ofDimensions(companyId, [dimension.id]);
  const { set } = await checkRecordFields(ctx, companyId, scenario.id, drivers, input.values, names.values);
  return mapConstraintErrors(
    () =>
      ctx.repos.records.create(companyId, {
        scenarioId: scenario.id,
        dimensionId: dimension.id,
        identifier: input.identifier,
        fields: set,
      }),
    identifierTaken(names),
  );
}

type RecordChanges = { identifier?: string | undefined; values?: FieldMap | undefined };

/** Updates the record `id` (see changeRecord). */
export async function updateRecord(
  ctx: AppContext,
  companyId: number,
  id: number,
  input: RecordChanges,
  names: FieldNames,
): Promise<DimensionRecord> {
  const record = await ctx.repos.records.find(companyId, id);
  if (!record) throw notFound();
  return changeRecord(ctx, companyId, record, input, names);
}

/**
 * Updates the record of the scenario and dimension with this identifier (404 naming the
 * identifier field when there is none): only its values change (see changeRecord).
 */
export async function updateRecordByIdentifier(
  ctx: AppContext,
  companyId: number,
  key: { scenario: number; dimension: number; identifier: string },
  input: { values?: FieldMap | undefined },
  names: FieldNames,
): Promise<DimensionRecord> {
  const scope = await requireRecordScope(ctx, companyId, key.scenario, key.dimension);
  const record = await ctx.repos.records.findByIdentifier(
    companyId,
    scope.scenario.id,
    scope.dimension.id,
    key.identifier,
  );
  if (!record) throw notFound(names.identifier);
  return changeRecord(ctx, companyId, record, input, names);
}

/**
 * Updates a record: the given values replace the record's (null clears one), others stay. A new
 * identifier is carried into the child records that point at this one.
 */
async function changeRecord(
  ctx: AppContext,
  companyId: number,
  record: DimensionRecord,
  input: RecordChanges,
  names: FieldNames,
): Promise<DimensionRecord> {
  const drivers = await ctx.repos.drivers.ofDimensions(companyId, [record.dimensionId]);
  const checked = await checkRecordFields(
    ctx,
    companyId,
    record.scenarioId,
    drivers,
    input.values ?? {},
    names.values,
  );
  const renamed = input.identifier !== undefined && input.identifier !== record.identifier;
  const children = renamed ? await ctx.repos.drivers.targeting(companyId, record.dimensionId) : [];
  const row = await mapConstraintErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        const updated = await ctx.repos.records.update(
          companyId,
          record.id,
          { identifier: renamed ? input.identifier : undefined, ...checked },
          tx,
        );
        for (const child of children) {
          await ctx.repos.records.renameReferences(
            companyId,
            record.scenarioId,
            { dimensionId: child.dimensionId, driverName: child.name },
            record.identifier,
            input.identifier!,
            tx,
          );
        }
        return updated;
      }),
    identifierTaken(names),
  );
  if (!row) throw notFound();
  return row;
}
