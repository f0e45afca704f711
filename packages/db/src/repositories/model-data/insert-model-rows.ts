import type { Executor } from "../../client.ts";
import { copyField, copyIn } from "./copy-text.ts";
import { insertMany } from "./insert-many.ts";
import {
  insertCalculatedDrivers,
  insertCostMasterData,
  insertDimensions,
  insertPnlLines,
  type ModelIds,
  type Target,
} from "./insert-master-data.ts";
import {
  insertRulesOfSteps1To3,
  insertRulesOfSteps4To6,
  insertScenarioValues,
} from "./insert-scenario-rows.ts";
import type { ModelInput } from "./model-input.ts";

// Writes a whole model with one scenario from rows keyed by codes (the bundle's natural keys),
// resolving codes to the ids just created. Run it inside a transaction: all or nothing.
// Numbers of numeric columns are passed as exact decimal text. The steps: the model and its
// scenario, the master data (insert-master-data.ts), then the scenario's values and rules
// (insert-scenario-rows.ts).

export type { ModelInput, PushInput } from "./model-input.ts";

interface InsertedModel {
  modelId: number;
  scenarioId: number;
  /** Dimension code -> id, for loading the records. */
  dimensionIds: Map<string, number>;
}

export async function insertModelRows(
  companyId: number,
  input: ModelInput,
  tx: Executor,
): Promise<InsertedModel> {
  const { modelId, scenarioId } = await insertModelAndScenario(companyId, input, tx);
  const target: Target = { tx, companyId, modelId, scenarioId };
  const costIds = await insertCostMasterData(target, input);
  const dimensions = await insertDimensions(target, input);
  const calculatedDriverId = await insertCalculatedDrivers(target, input, dimensions.dimensionIds);
  const ids: ModelIds = { ...costIds, ...dimensions, calculatedDriverId };
  await insertPnlLines(target, input, ids);
  await insertScenarioValues(target, input, ids);
  await insertRulesOfSteps1To3(target, input, ids);
  await insertRulesOfSteps4To6(target, input, ids);
  return { modelId, scenarioId, dimensionIds: ids.dimensionIds };
}

async function insertModelAndScenario(c: number, input: ModelInput, tx: Executor) {
  const [model] = await insertMany<{ id: number }>(
    "models",
    ["company_id", "name", "short_description", "author_id"],
    [[c, input.model.name, input.model.shortDescription, input.model.authorId]],
    "id",
    tx,
  );
  const modelId = model!.id;
  const sc = input.scenario;
  const [scenario] = await insertMany<{ id: number }>(
    "scenarios",
    ["company_id", "model_id", "name", "description", "period_from", "period_to", "currency"],
    [[c, modelId, sc.name, sc.description, sc.periodFrom, sc.periodTo, sc.currency]],
    "id",
    tx,
  );
  return { modelId, scenarioId: scenario!.id };
}

/**
 * COPY the records of one dimension: `records` yields pairs of identifier and the JSON text of
 * its fields object (driver name -> value). Batched into ~1 MB text chunks. Returns the count.
 */
export async function copyRecords(
  where: { companyId: number; scenarioId: number; dimensionId: number },
  records: Iterable<[identifier: string, fieldsJson: string]>,
  tx: Executor,
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
    "dimension_records",
    ["company_id", "scenario_id", "dimension_id", "identifier", "fields"],
    chunks(),
    tx,
  );
  return count;
}
