import type { Executor } from "../../client.ts";
import { copyField, copyIn } from "./copy-text.ts";
import { insertMany } from "./insert-many.ts";
import { rawQuery } from "./raw-client.ts";

// Writes a whole model with one scenario from rows keyed by codes (the bundle's natural keys),
// resolving codes to the ids just created. Run it inside a transaction: all or nothing.
// Numbers of numeric columns are passed as exact decimal text.

export interface ModelInput {
  model: { name: string; shortDescription: string; authorId: number | null };
  scenario: { name: string; description: string; currency: string; periodFrom: string; periodTo: string };
  accounts: { code: string; name: string; expenseGroup: string }[];
  accountValues: { account: string; amount: string }[];
  pools: { code: string; name: string; isDirect: boolean }[];
  poolDrivers: { name: string; isTdabc: boolean }[];
  poolDriverValues: { driver: string; pool: string; value: string }[];
  activities: { code: string; name: string; pool: string | null; isTdabc: boolean }[];
  dimensions: { code: string; name: string; parent: string | null }[];
  /** dataType as stored: DECI, TEXT, DATE, DIMENSION (then `target` names the target dimension). */
  dimensionDrivers: { dimension: string; name: string; dataType: string; target: string | null }[];
  calculatedDrivers: { dimension: string; name: string; formula: string; isPnlLine: boolean }[];
  step1: { account: string; pool: string; type: string; ratio: string; driver: string | null }[];
  step2: { source: string; destination: string; type: string; ratio: string; driver: string | null }[];
  step3: { pool: string; activity: string; ratio: string; tdabcRatio: string | null }[];
  /** driver: a driver of the destination dimension; when it is not one (a calculated driver), put DRIVER:<name> in equation. */
  step4: {
    activity: string;
    dimension: string;
    splitType: string;
    driver: string | null;
    equation: string;
  }[];
  step5: PushInput[];
  /** sourceDimension: the dimension of the pushed driver (the parent unless a chain brings it). */
  step6: (Omit<PushInput, "activity"> & { calculatedDriver: string; sourceDimension?: string })[];
  pnlLines: {
    code: string;
    description: string;
    category: string;
    activity: string | null;
    calculatedDriver: string | null;
    dimension: string | null;
    formula: string;
    factor: number;
    parent: string | null;
    rank: number;
  }[];
  settings: { step2Strategy: string; profitLine: string | null };
}

/** A push of step 5 or 6: split_type, the child's driver for DRIVER splits, the equation text. */
export interface PushInput {
  activity: string;
  parentDimension: string;
  childDimension: string;
  splitType: string;
  driver: string | null;
  equation: string;
}

interface InsertedModel {
  modelId: number;
  scenarioId: number;
  /** Dimension code -> id, for loading the records. */
  dimensionIds: Map<string, number>;
}

/** Thrown when a code names nothing (the bundle reader checks references; this is the backstop). */
class UnknownCodeError extends Error {
  constructor(what: string, code: string) {
    super(`Unknown ${what}: ${code}`);
    this.name = "UnknownCodeError";
  }
}

function lookup(map: Map<string, number>, what: string) {
  return (code: string | null): number | null => {
    if (code === null) return null;
    const id = map.get(code);
    if (id === undefined) throw new UnknownCodeError(what, code);
    return id;
  };
}

type IdCode = { id: number; code: string };

export async function insertModelRows(
  tx: Executor,
  companyId: number,
  input: ModelInput,
): Promise<InsertedModel> {
  const c = companyId;
  const [model] = await insertMany<{ id: number }>(
    tx,
    "models",
    ["company_id", "name", "short_description", "author_id"],
    [[c, input.model.name, input.model.shortDescription, input.model.authorId]],
    "id",
  );
  const modelId = model!.id;
  const sc = input.scenario;
  const [scenario] = await insertMany<{ id: number }>(
    tx,
    "scenarios",
    ["company_id", "model_id", "name", "description", "period_from", "period_to", "currency"],
    [[c, modelId, sc.name, sc.description, sc.periodFrom, sc.periodTo, sc.currency]],
    "id",
  );
  const scenarioId = scenario!.id;
  const byCode = (rows: IdCode[]) => new Map(rows.map((r) => [r.code, r.id]));

  const accountId = lookup(
    byCode(
      await insertMany<IdCode>(
        tx,
        "financial_accounts",
        ["company_id", "model_id", "code", "name", "expense_group"],
        input.accounts.map((a) => [c, modelId, a.code, a.name, a.expenseGroup]),
        "id, code",
      ),
    ),
    "account",
  );
  const poolId = lookup(
    byCode(
      await insertMany<IdCode>(
        tx,
        "cost_pools",
        ["company_id", "model_id", "code", "name", "is_direct"],
        input.pools.map((p) => [c, modelId, p.code, p.name, p.isDirect]),
        "id, code",
      ),
    ),
    "cost pool",
  );
  const poolDriverId = lookup(
    byCode(
      await insertMany<IdCode>(
        tx,
        "cost_pool_drivers",
        ["company_id", "model_id", "name", "is_tdabc"],
        input.poolDrivers.map((d) => [c, modelId, d.name, d.isTdabc]),
        "id, name as code",
      ),
    ),
    "pool driver",
  );
  const activityId = lookup(
    byCode(
      await insertMany<IdCode>(
        tx,
        "activities",
        ["company_id", "model_id", "code", "name", "is_tdabc", "cost_pool_id"],
        input.activities.map((a) => [c, modelId, a.code, a.name, a.isTdabc, poolId(a.pool)]),
        "id, code",
      ),
    ),
    "activity",
  );

  // Dimensions first without parents, then the parents (they reference each other).
  const dimensionIds = byCode(
    await insertMany<IdCode>(
      tx,
      "dimensions",
      ["company_id", "model_id", "code", "name"],
      input.dimensions.map((d) => [c, modelId, d.code, d.name]),
      "id, code",
    ),
  );
  const dimensionId = lookup(dimensionIds, "dimension");
  await setParents(
    tx,
    "dimensions",
    c,
    input.dimensions.flatMap((d) => (d.parent ? [[dimensionId(d.code)!, dimensionId(d.parent)!]] : [])),
  );

  const driverRows = await insertMany<{ id: number; dimensionId: number; name: string }>(
    tx,
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
  );
  const driverIds = new Map(driverRows.map((r) => [`${r.dimensionId}\u0000${r.name}`, r.id]));
  /** A driver of the dimension, or null when it has none of that name (e.g. a calculated driver). */
  const dimensionDriverId = (dimension: string, name: string | null) =>
    name === null ? null : (driverIds.get(`${dimensionId(dimension)}\u0000${name}`) ?? null);

  const calculatedRows = await insertMany<{ id: number; dimensionId: number; name: string }>(
    tx,
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
  );
  /** The calculated driver of that name on `dimension`, else the first of that name (the engine's rule). */
  const calculatedDriverId = (name: string | null, dimension: string | null): number | null => {
    if (name === null) return null;
    const dimId = dimension === null ? null : dimensionIds.get(dimension);
    const match =
      calculatedRows.find((k) => k.name === name && k.dimensionId === dimId) ??
      calculatedRows.find((k) => k.name === name);
    if (!match) throw new UnknownCodeError("calculated driver", name);
    return match.id;
  };

  const lineRows = await insertMany<IdCode>(
    tx,
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
  );
  const lineId = lookup(byCode(lineRows), "P&L line");
  await setParents(
    tx,
    "report_lines",
    c,
    input.pnlLines.flatMap((l) => (l.parent ? [[lineId(l.code)!, lineId(l.parent)!]] : [])),
  );

  // Scenario data -------------------------------------------------------------------------------
  const s = scenarioId;
  await insertMany(
    tx,
    "account_values",
    ["company_id", "scenario_id", "account_id", "amount"],
    input.accountValues.map((v) => [c, s, accountId(v.account), v.amount]),
  );
  await insertMany(
    tx,
    "cost_pool_driver_values",
    ["company_id", "scenario_id", "driver_id", "pool_id", "value"],
    input.poolDriverValues.map((v) => [c, s, poolDriverId(v.driver), poolId(v.pool), v.value]),
  );
  await insertMany(
    tx,
    "scenario_settings",
    ["company_id", "scenario_id", "step2_strategy", "profit_line_code"],
    [[c, s, input.settings.step2Strategy, input.settings.profitLine]],
  );
  await insertMany(
    tx,
    "account_allocations",
    ["company_id", "scenario_id", "source_id", "destination_id", "type", "ratio", "driver_id"],
    input.step1.map((r) => [
      c,
      s,
      accountId(r.account),
      poolId(r.pool),
      r.type,
      r.ratio,
      poolDriverId(r.driver),
    ]),
  );
  await insertMany(
    tx,
    "cost_pool_allocations",
    ["company_id", "scenario_id", "source_id", "destination_id", "type", "ratio", "driver_id"],
    input.step2.map((r) => [
      c,
      s,
      poolId(r.source),
      poolId(r.destination),
      r.type,
      r.ratio,
      poolDriverId(r.driver),
    ]),
  );
  await insertMany(
    tx,
    "direct_allocations",
    ["company_id", "scenario_id", "source_id", "destination_id", "ratio", "tdabc_ratio"],
    input.step3.map((r) => [c, s, poolId(r.pool), activityId(r.activity), r.ratio, r.tdabcRatio]),
  );
  await insertMany(
    tx,
    "activity_allocations",
    [
      "company_id",
      "scenario_id",
      "source_id",
      "destination_id",
      "split_type",
      "allocation_driver_id",
      "equation",
    ],
    input.step4.map((r) => [
      c,
      s,
      activityId(r.activity),
      dimensionId(r.dimension),
      r.splitType,
      dimensionDriverId(r.dimension, r.driver),
      r.equation,
    ]),
  );
  const pushColumns = [
    "company_id",
    "scenario_id",
    "source_parent_id",
    "destination_child_id",
    "split_type",
    "allocation_driver_id",
    "equation",
  ];
  await insertMany(
    tx,
    "dimension_allocations",
    [...pushColumns, "source_activity_id"],
    input.step5.map((r) => [
      c,
      s,
      dimensionId(r.parentDimension),
      dimensionId(r.childDimension),
      r.splitType,
      dimensionDriverId(r.childDimension, r.driver),
      r.equation,
      activityId(r.activity),
    ]),
  );
  await insertMany(
    tx,
    "calculated_driver_allocations",
    [...pushColumns, "source_driver_id"],
    input.step6.map((r) => [
      c,
      s,
      dimensionId(r.parentDimension),
      dimensionId(r.childDimension),
      r.splitType,
      dimensionDriverId(r.childDimension, r.driver),
      r.equation,
      calculatedDriverId(r.calculatedDriver, r.sourceDimension ?? r.parentDimension),
    ]),
  );
  return { modelId, scenarioId, dimensionIds };
}

/** Sets parent_id of rows of `table` from [id, parentId] pairs, in one statement per batch. */
async function setParents(
  tx: Executor,
  table: "dimensions" | "report_lines",
  companyId: number,
  pairs: number[][],
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
      tx,
      `update ${table} t set parent_id = v.parent from (values ${values.join(", ")}) as v(id, parent)
        where t.company_id = $1 and t.id = v.id`,
      params,
    );
  }
}

/**
 * COPY the records of one dimension: `records` yields pairs of identifier and the JSON text of
 * its fields object (driver name -> value). Batched into ~1 MB text chunks. Returns the count.
 */
export async function copyRecords(
  tx: Executor,
  where: { companyId: number; scenarioId: number; dimensionId: number },
  records: Iterable<[identifier: string, fieldsJson: string]>,
): Promise<number> {
  const prefix = `${where.companyId}\t${where.scenarioId}\t${where.dimensionId}\t`;
  let count = 0;
  function* chunks(): Generator<string> {
    let buffer = "";
    for (const [identifier, json] of records) {
      count++;
      buffer += `${prefix}${copyField(identifier)}\t${copyField(json)}\n`;
      if (buffer.length >= 1 << 20) {
        yield buffer;
        buffer = "";
      }
    }
    if (buffer !== "") yield buffer;
  }
  await copyIn(
    tx,
    "dimension_records",
    ["company_id", "scenario_id", "dimension_id", "identifier", "fields"],
    chunks(),
  );
  return count;
}
