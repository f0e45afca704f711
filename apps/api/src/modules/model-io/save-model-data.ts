import type { Executor } from "@costflow/db/client";
import {
  copyNewScenarioRecords,
  type NewRecords,
} from "@costflow/db/repositories/model-data/copy-new-records";
import { insertModelRows, type ModelInput } from "@costflow/db/repositories/model-data/insert-model-rows";
import { csvNumber } from "@costflow/engine/bundle/csv-format";
import { relationTarget } from "@costflow/engine/bundle/read-dimensions";
import { step6SourceDimensions } from "@costflow/engine/calc/step6-sources";
import type { DimensionDriver, DimensionRecords, ModelData, PushSplit } from "@costflow/engine/model/types";
import { decimalText, percentageToRatio } from "./decimal-text.ts";

// ModelData -> database: a new model with one scenario holding everything, in ONE transaction
// (all or nothing). Small tables go in as multi-row INSERTs; records are COPYed (COPY FROM STDIN
// on PostgreSQL, COPY from a blob on PGlite) as JSON objects built straight from the columns.

interface SavedModel {
  model: number;
  scenario: number;
}

export async function saveModelData(
  companyId: number,
  userId: number | null,
  model: ModelData,
  db: Executor,
): Promise<SavedModel> {
  const input = toModelInput(model, userId);
  return db.transaction(async (tx) => {
    const saved = await insertModelRows(companyId, input, tx);
    const dimensions: NewRecords[] = [];
    for (const records of model.records.values()) {
      const dimensionId = saved.dimensionIds.get(records.dimension);
      if (dimensionId === undefined || records.identifiers.length === 0) continue;
      const drivers = model.dimensionDrivers.filter((d) => d.dimension === records.dimension);
      dimensions.push({ dimensionId, records: recordFields(model, records, drivers) });
    }
    await copyNewScenarioRecords({ companyId, scenarioId: saved.scenarioId }, dimensions, tx);
    return { model: saved.modelId, scenario: saved.scenarioId };
  });
}

/** The split as the step-5/6 equation text: NOT_ALLOCATE, EVEN, DRIVER:<driver> or the formula. */
function splitEquation(split: PushSplit): string {
  switch (split.kind) {
    case "NOT_ALLOCATE":
    case "EVEN":
      return split.kind;
    case "DRIVER":
      return `DRIVER:${split.driver}`;
    case "FORMULA":
      return split.formula;
  }
}

function toModelInput(model: ModelData, userId: number | null): ModelInput {
  const { info } = model;
  return {
    model: { name: info.name, shortDescription: info.shortDescription, authorId: userId },
    scenario: { ...info.scenario },
    accounts: model.accounts.map((a) => ({ ...a })),
    accountValues: model.accountValues.map((v) => ({ account: v.account, amount: decimalText(v.amount) })),
    pools: model.pools.map((p) => ({ ...p })),
    poolDrivers: model.poolDrivers.map((d) => ({ ...d })),
    poolDriverValues: model.poolDriverValues.map((v) => ({
      driver: v.driver,
      pool: v.pool,
      value: decimalText(v.value),
    })),
    activities: model.activities.map((a) => ({ ...a, pool: a.pool === "" ? null : a.pool })),
    dimensions: model.dimensions.map((d) => ({ ...d })),
    dimensionDrivers: model.dimensionDrivers.map((d) => ({
      dimension: d.dimension,
      name: d.name,
      dataType: d.dataType === "DECIMAL" ? "DECI" : d.dataType,
      target: d.dataType === "DIMENSION" ? relationTarget(d.name) : null,
    })),
    calculatedDrivers: model.calculatedDrivers.map((k) => ({ ...k })),
    ...ruleRows(model),
    pnlLines: model.pnlLines.map((l) => ({
      ...l,
      formula: l.formula ?? "=",
      factor: l.factor < 0 ? -1 : 1,
    })),
    settings: { step2Strategy: model.settings.step2Strategy, profitLine: model.settings.profitLine },
  };
}

/** The allocation rules of steps 1-6 as their stored rows. */
function ruleRows(
  model: ModelData,
): Pick<ModelInput, "step1" | "step2" | "step3" | "step4" | "step5" | "step6"> {
  const { rules } = model;
  const step6Sources = step6SourceDimensions(model.calculatedDrivers, rules.step6);
  const driversOf = new Map<string, Set<string>>();
  for (const d of model.dimensionDrivers) {
    const set = driversOf.get(d.dimension) ?? new Set();
    set.add(d.name);
    driversOf.set(d.dimension, set);
  }
  const push = (split: PushSplit) => ({
    splitType: split.kind,
    driver: split.kind === "DRIVER" ? split.driver : null,
    equation: splitEquation(split),
  });
  return {
    step1: rules.step1.map((r) => ({ ...r, ratio: percentageToRatio(r.percentage) })),
    step2: rules.step2.map((r) => ({ ...r, ratio: percentageToRatio(r.percentage) })),
    step3: rules.step3.map((r) => ({
      pool: r.pool,
      activity: r.activity,
      ratio: percentageToRatio(r.percentage),
      tdabcRatio: r.unitMinutes === null ? null : decimalText(r.unitMinutes),
    })),
    step4: rules.step4.map((r) => {
      // A DRIVER weight that is not a driver of the dimension (a calculated driver) cannot be a
      // foreign key: it is kept as DRIVER:<name> in the equation.
      const tableDriver = r.driver !== null && (driversOf.get(r.dimension)?.has(r.driver) ?? false);
      const equation =
        r.splitType === "DRIVER" && r.driver !== null && !tableDriver
          ? `DRIVER:${r.driver}`
          : (r.equation ?? "");
      return {
        activity: r.activity,
        dimension: r.dimension,
        splitType: r.splitType,
        driver: r.driver,
        equation,
      };
    }),
    step5: rules.step5.map((r) => ({
      activity: r.activity,
      parentDimension: r.parentDimension,
      childDimension: r.childDimension,
      ...push(r.split),
    })),
    step6: rules.step6.map((r, i) => ({
      calculatedDriver: r.calculatedDriver,
      // The driver a chained push carries is defined upstream (docs/engine.md, choice 7).
      sourceDimension: step6Sources[i] ?? r.parentDimension,
      parentDimension: r.parentDimension,
      childDimension: r.childDimension,
      ...push(r.split),
    })),
  };
}

/**
 * Each record as [identifier, JSON of its fields]: numbers as JSON numbers, texts and dates as
 * strings, relationships as the target record's identifier (a dangling one as its raw value);
 * missing values are left out.
 */
function* recordFields(
  model: ModelData,
  records: DimensionRecords,
  drivers: DimensionDriver[],
): Generator<[string, string]> {
  type Cell = (row: number) => string | null;
  const cells: { key: string; cell: Cell }[] = [];
  for (const d of drivers) {
    const key = `${JSON.stringify(d.name)}:`;
    if (d.dataType === "DECIMAL") {
      const col = records.decimals.get(d.name);
      if (col) cells.push({ key, cell: (row) => (Number.isNaN(col[row]!) ? null : csvNumber(col[row]!)) });
    } else if (d.dataType === "DIMENSION") {
      const rel = records.relations.get(d.name);
      if (!rel) continue;
      const targetIds = model.records.get(rel.target)?.identifiers ?? [];
      const dangling = new Map(rel.dangling.map((x) => [x.row, x.value]));
      cells.push({
        key,
        cell: (row) => {
          const i = rel.index[row]!;
          if (i >= 0) return JSON.stringify(targetIds[i]!);
          const raw = i === -2 ? dangling.get(row) : undefined;
          return raw === undefined ? null : JSON.stringify(raw);
        },
      });
    } else {
      const col = records.texts.get(d.name);
      if (col) cells.push({ key, cell: (row) => (col[row] == null ? null : JSON.stringify(col[row])) });
    }
  }
  const ids = records.identifiers;
  for (let row = 0; row < ids.length; row++) {
    let json = "{";
    for (const { key, cell } of cells) {
      const value = cell(row);
      if (value === null) continue;
      if (json.length > 1) json += ",";
      json += key + value;
    }
    yield [ids[row]!, `${json}}`];
  }
}
