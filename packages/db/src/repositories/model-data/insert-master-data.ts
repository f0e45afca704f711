import type { Executor } from "../../client.ts";
import { insertMany } from "./insert-many.ts";
import type { ModelInput } from "./model-input.ts";
import { rawQuery } from "./raw-client.ts";

// The master data steps of insertModelRows: the model's rows keyed by codes, each step answering
// the code -> id lookups of what it inserted for the steps after it.

/** Thrown when a code names nothing (the bundle reader checks references; this is the backstop). */
class UnknownCodeError extends Error {
  constructor(what: string, code: string) {
    super(`Unknown ${what}: ${code}`);
    this.name = "UnknownCodeError";
  }
}

export function lookup(map: Map<string, number>, what: string) {
  return (code: string | null): number | null => {
    if (code === null) return null;
    const id = map.get(code);
    if (id === undefined) throw new UnknownCodeError(what, code);
    return id;
  };
}

export type IdCode = { id: number; code: string };

export type Resolve = (code: string | null) => number | null;
export const byCode = (rows: IdCode[]) => new Map(rows.map((r) => [r.code, r.id]));

/** Code -> id of what the master data steps inserted; each throws UnknownCodeError for an unknown code. */
export interface ModelIds {
  accountId: Resolve;
  poolId: Resolve;
  poolDriverId: Resolve;
  activityId: Resolve;
  dimensionIds: Map<string, number>;
  dimensionId: Resolve;
  /** A driver of the dimension, or null when it has none of that name (e.g. a calculated driver). */
  dimensionDriverId: (dimension: string, name: string | null) => number | null;
  /** The calculated driver of that name on `dimension`, else the first of that name (the engine's rule). */
  calculatedDriverId: (name: string | null, dimension: string | null) => number | null;
}

/** Where the rows go: the transaction, the company, and the model and scenario just created. */
export interface Target {
  tx: Executor;
  companyId: number;
  modelId: number;
  scenarioId: number;
}

/** Accounts, cost pools, pool drivers and activities. */
export async function insertCostMasterData({ tx, companyId: c, modelId }: Target, input: ModelInput) {
  const accountId = lookup(
    byCode(
      await insertMany<IdCode>(
        "financial_accounts",
        ["company_id", "model_id", "code", "name", "expense_group"],
        input.accounts.map((a) => [c, modelId, a.code, a.name, a.expenseGroup]),
        "id, code",
        tx,
      ),
    ),
    "account",
  );
  const poolId = lookup(
    byCode(
      await insertMany<IdCode>(
        "cost_pools",
        ["company_id", "model_id", "code", "name", "is_direct"],
        input.pools.map((p) => [c, modelId, p.code, p.name, p.isDirect]),
        "id, code",
        tx,
      ),
    ),
    "cost pool",
  );
  const poolDriverId = lookup(
    byCode(
      await insertMany<IdCode>(
        "cost_pool_drivers",
        ["company_id", "model_id", "name", "is_tdabc"],
        input.poolDrivers.map((d) => [c, modelId, d.name, d.isTdabc]),
        "id, name as code",
        tx,
      ),
    ),
    "pool driver",
  );
  const activityId = lookup(
    byCode(
      await insertMany<IdCode>(
        "activities",
        ["company_id", "model_id", "code", "name", "is_tdabc", "cost_pool_id"],
        input.activities.map((a) => [c, modelId, a.code, a.name, a.isTdabc, poolId(a.pool)]),
        "id, code",
        tx,
      ),
    ),
    "activity",
  );
  return { accountId, poolId, poolDriverId, activityId };
}

/** Dimensions (first without parents, then the parents: they reference each other) and their drivers. */
export async function insertDimensions({ tx, companyId: c, modelId }: Target, input: ModelInput) {
  const dimensionIds = byCode(
    await insertMany<IdCode>(
      "dimensions",
      ["company_id", "model_id", "code", "name"],
      input.dimensions.map((d) => [c, modelId, d.code, d.name]),
      "id, code",
      tx,
    ),
  );
  const dimensionId = lookup(dimensionIds, "dimension");
  await setParents(
    "dimensions",
    c,
    input.dimensions.flatMap((d) => (d.parent ? [[dimensionId(d.code)!, dimensionId(d.parent)!]] : [])),
    tx,
  );

  const driverRows = await insertMany<{ id: number; dimensionId: number; name: string }>(
    "dimension_drivers",
    ["company_id", "dimension_id", "name", "data_type", "target_dimension_id", "position"],
    input.dimensionDrivers.map((d, position) => [
      c,
      dimensionId(d.dimension),
      d.name,
      d.dataType,
      d.dataType === "DIMENSION" ? dimensionId(d.target) : null,
      position,
    ]),
    `id, dimension_id as "dimensionId", name`,
    tx,
  );
  const driverIds = new Map(driverRows.map((r) => [`${r.dimensionId}\u0000${r.name}`, r.id]));
  const dimensionDriverId = (dimension: string, name: string | null) =>
    name === null ? null : (driverIds.get(`${dimensionId(dimension)}\u0000${name}`) ?? null);
  return { dimensionIds, dimensionId, dimensionDriverId };
}

export async function insertCalculatedDrivers(
  { tx, companyId: c, modelId }: Target,
  input: ModelInput,
  dimensionIds: Map<string, number>,
) {
  const dimensionId = lookup(dimensionIds, "dimension");
  const calculatedRows = await insertMany<{ id: number; dimensionId: number; name: string }>(
    "calculated_drivers",
    ["company_id", "model_id", "dimension_id", "name", "formula", "is_pnl_line", "position"],
    input.calculatedDrivers.map((k, position) => [
      c,
      modelId,
      dimensionId(k.dimension),
      k.name,
      k.formula,
      k.isPnlLine,
      position,
    ]),
    `id, dimension_id as "dimensionId", name`,
    tx,
  );
  return (name: string | null, dimension: string | null): number | null => {
    if (name === null) return null;
    const dimId = dimension === null ? null : dimensionIds.get(dimension);
    const match =
      calculatedRows.find((k) => k.name === name && k.dimensionId === dimId) ??
      calculatedRows.find((k) => k.name === name);
    if (!match) throw new UnknownCodeError("calculated driver", name);
    return match.id;
  };
}

export async function insertPnlLines(
  { tx, companyId: c, modelId }: Target,
  input: ModelInput,
  ids: ModelIds,
) {
  const { activityId, calculatedDriverId, dimensionId } = ids;
  const lineRows = await insertMany<IdCode>(
    "report_lines",
    [
      "company_id",
      "model_id",
      "code",
      "description",
      "category",
      "activity_id",
      "calculated_driver_id",
      "dimension_id",
      "formula",
      "factor",
      "rank",
    ],
    input.pnlLines.map((l) => [
      c,
      modelId,
      l.code,
      l.description,
      l.category,
      activityId(l.activity),
      calculatedDriverId(l.calculatedDriver, l.dimension),
      dimensionId(l.dimension),
      l.formula,
      l.factor,
      l.rank,
    ]),
    "id, code",
    tx,
  );
  const lineId = lookup(byCode(lineRows), "P&L line");
  await setParents(
    "report_lines",
    c,
    input.pnlLines.flatMap((l) => (l.parent ? [[lineId(l.code)!, lineId(l.parent)!]] : [])),
    tx,
  );
}

/** Sets parent_id of rows of `table` from [id, parentId] pairs, in one statement per batch. */
async function setParents(
  table: "dimensions" | "report_lines",
  companyId: number,
  pairs: number[][],
  tx: Executor,
) {
  const batch = 5_000;
  for (let start = 0; start < pairs.length; start += batch) {
    const chunk = pairs.slice(start, start + batch);
    const params: unknown[] = [companyId];
    const values = chunk.map(([id, parent]) => {
      params.push(id, parent);
      return `($${params.length - 1}::int, $${params.length}::int)`;
    });
    await rawQuery(
      `update ${table} t set parent_id = v.parent from (values ${values.join(", ")}) as v(id, parent)
        where t.company_id = $1 and t.id = v.id`,
      params,
      tx,
    );
  }
}
