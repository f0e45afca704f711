import { insertMany } from "./insert-many.ts";
import type { ModelIds, Target } from "./insert-master-data.ts";
import type { ModelInput } from "./model-input.ts";

// The scenario steps of insertModelRows: the scenario's values and settings, and the rules of the
// six allocation steps, with codes resolved by the master data steps' lookups.

/** The scenario's account values, pool driver values and allocation settings. */
export async function insertScenarioValues(
  { tx, companyId: c, scenarioId: s }: Target,
  input: ModelInput,
  ids: ModelIds,
) {
  const { accountId, poolDriverId, poolId } = ids;
  await insertMany(
    "account_values",
    ["company_id", "scenario_id", "account_id", "amount"],
    input.accountValues.map((v) => [c, s, accountId(v.account), v.amount]),
    undefined,
    tx,
  );
  await insertMany(
    "cost_pool_driver_values",
    ["company_id", "scenario_id", "driver_id", "pool_id", "value"],
    input.poolDriverValues.map((v) => [c, s, poolDriverId(v.driver), poolId(v.pool), v.value]),
    undefined,
    tx,
  );
  await insertMany(
    "scenario_settings",
    ["company_id", "scenario_id", "step2_strategy", "profit_line_code"],
    [[c, s, input.settings.step2Strategy, input.settings.profitLine]],
    undefined,
    tx,
  );
}

export async function insertRulesOfSteps1To3(
  { tx, companyId: c, scenarioId: s }: Target,
  input: ModelInput,
  ids: ModelIds,
) {
  const { accountId, activityId, poolDriverId, poolId } = ids;
  await insertMany(
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
    undefined,
    tx,
  );
  await insertMany(
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
    undefined,
    tx,
  );
  await insertMany(
    "direct_allocations",
    ["company_id", "scenario_id", "source_id", "destination_id", "ratio", "tdabc_ratio"],
    input.step3.map((r) => [c, s, poolId(r.pool), activityId(r.activity), r.ratio, r.tdabcRatio]),
    undefined,
    tx,
  );
}

export async function insertRulesOfSteps4To6(
  { tx, companyId: c, scenarioId: s }: Target,
  input: ModelInput,
  ids: ModelIds,
) {
  const { activityId, calculatedDriverId, dimensionDriverId, dimensionId } = ids;
  await insertMany(
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
    undefined,
    tx,
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
    undefined,
    tx,
  );
  await insertMany(
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
    undefined,
    tx,
  );
}
