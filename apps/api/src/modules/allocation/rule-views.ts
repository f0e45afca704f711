import type {
  AccountAllocation,
  ActivityAllocation,
  CalculatedDriverAllocation,
  DimensionAllocation,
  DirectAllocation,
  PushSplitType,
  RuleType,
  Step4SplitType,
} from "@costflow/contract/allocation";
import type {
  ActivityRuleRow,
  DirectRuleRow,
  PushRuleRow,
  SourceRuleRow,
} from "@costflow/db/repositories/allocation-rules";
import { microOf, microToPercentage, microToRatio } from "./ratio.ts";
import type { SourceState } from "./source-states.ts";

// Database rows to the contract's list rows.

function sourceStateFields(states: Map<number, SourceState>, sourceId: number) {
  const state = states.get(sourceId);
  return {
    source_total_percentage: microToPercentage(state?.totalMicro ?? 0),
    source_state: state ? state.state : null,
  };
}

/** Steps 1 and 2 (the same shape). */
export function toSourceRule(row: SourceRuleRow, states: Map<number, SourceState>): AccountAllocation {
  const micro = microOf(row.ratio);
  return {
    id: row.id,
    scenario: row.scenarioId,
    source: row.sourceId,
    source_ext_id: row.sourceCode,
    source_name: row.sourceName,
    destination: row.destinationId,
    destination_ext_id: row.destinationCode,
    destination_name: row.destinationName,
    allocation_type: row.type as RuleType,
    type: row.type as RuleType,
    percentage: microToPercentage(micro),
    ratio: microToRatio(micro),
    driver: row.driverId,
    cost_pool_driver_name: row.driverName,
    ...sourceStateFields(states, row.sourceId),
  };
}

export function toDirectRule(row: DirectRuleRow, states: Map<number, SourceState>): DirectAllocation {
  const micro = microOf(row.ratio);
  return {
    id: row.id,
    scenario: row.scenarioId,
    source: row.sourceId,
    source_ext_id: row.sourceCode,
    source_name: row.sourceName,
    destination: row.destinationId,
    destination_ext_id: row.destinationCode,
    destination_name: row.destinationName,
    destination_is_tdabc: row.destinationIsTdabc,
    percentage: microToPercentage(micro),
    ratio: microToRatio(micro),
    tdabc_ratio: row.tdabcRatio === null ? null : Number(row.tdabcRatio),
    ...sourceStateFields(states, row.sourceId),
  };
}

export function toActivityRule(row: ActivityRuleRow): ActivityAllocation {
  return {
    id: row.id,
    scenario: row.scenarioId,
    source: row.sourceId,
    source_name: row.sourceName,
    destination: row.destinationId,
    destination_name: row.destinationName,
    splitType: row.splitType as Step4SplitType,
    allocationDriver: row.allocationDriverId,
    allocation_driver_name: row.allocationDriverName,
    equation: row.equation,
    description: row.description,
  };
}

const pushFields = (row: PushRuleRow) => ({
  id: row.id,
  scenario: row.scenarioId,
  source_parent: row.parentId,
  source_parent_name: row.parentName,
  destination_child: row.childId,
  destination_child_name: row.childName,
  equation: row.equation,
  splitType: row.splitType as PushSplitType,
  allocationDriver: row.allocationDriverId,
});

export function toDimensionRule(row: PushRuleRow): DimensionAllocation {
  return { ...pushFields(row), source_activity: row.sourceId, source_activity_name: row.sourceName };
}

export function toCalculatedDriverRule(row: PushRuleRow): CalculatedDriverAllocation {
  return { ...pushFields(row), source_driver: row.sourceId, source_driver_name: row.sourceName };
}
