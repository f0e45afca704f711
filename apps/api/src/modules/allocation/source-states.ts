import type { AllocationSource, AllocationState } from "@costflow/contract/allocation";
import type { Executor } from "@costflow/db/client";
import type { SourceRuleStep } from "@costflow/db/repositories/allocation-rules";
import type { AppContext } from "../../context.ts";
import { FULL_MICRO, microOf, microToPercentage } from "./ratio.ts";

// Where each source stands: the sum of its percentages against 100 (allocation-semantics.md,
// step 1): PERCENTAGE rows add their own percentage; the DRIVER rows of one driver form a group
// that routes its (shared) percentage once; a group whose driver values sum to 0 in the scenario
// routes nothing and is left out (fixed choice 2), named so the screen can ask for driver values.

export interface SourceState {
  code: string;
  name: string;
  totalMicro: number;
  state: AllocationState | null;
  rules: number;
  timeDriven: boolean;
  driversWithoutValues: string[];
}

function stateOf(totalMicro: number): AllocationState {
  if (totalMicro === FULL_MICRO) return "FULLY_ALLOCATED";
  return totalMicro < FULL_MICRO ? "UNDER_ALLOCATED" : "OVER_ALLOCATED";
}

/** States of the step-1 or step-2 sources that have rules (all of them when `sourceIds` is null). */
export async function sourceRuleStates(
  ctx: AppContext,
  step: SourceRuleStep,
  companyId: number,
  scenarioId: number,
  sourceIds: number[] | null,
  tx: Executor = ctx.db,
): Promise<Map<number, SourceState>> {
  const rows = await ctx.repos.allocationRules.sourceRulesOf(step, companyId, scenarioId, sourceIds, tx);
  const driverIds = [
    ...new Set(rows.flatMap((r) => (r.type === "DRIVER" && r.driverId ? [r.driverId] : []))),
  ];
  const values = new Map<string, number>();
  for (const v of await ctx.repos.allocationRules.poolDriverValues(companyId, scenarioId, driverIds, tx)) {
    values.set(`${v.driverId}:${v.poolId}`, Number(v.value));
  }
  const bySource = new Map<number, typeof rows>();
  for (const row of rows) bySource.set(row.sourceId, [...(bySource.get(row.sourceId) ?? []), row]);

  const states = new Map<number, SourceState>();
  for (const [sourceId, list] of bySource) {
    let total = 0;
    const groups = new Map<number, { micro: number; name: string; weight: number }>();
    for (const row of list) {
      if (row.type !== "DRIVER" || row.driverId === null) {
        total += microOf(row.ratio);
        continue;
      }
      const group = groups.get(row.driverId) ?? {
        micro: microOf(row.ratio),
        name: row.driverName ?? "",
        weight: 0,
      };
      group.weight += values.get(`${row.driverId}:${row.destinationId}`) ?? 0;
      groups.set(row.driverId, group);
    }
    const driversWithoutValues: string[] = [];
    for (const group of groups.values()) {
      if (group.weight === 0) driversWithoutValues.push(group.name);
      else total += group.micro;
    }
    states.set(sourceId, {
      code: list[0]!.sourceCode,
      name: list[0]!.sourceName,
      totalMicro: total,
      state: stateOf(total),
      rules: list.length,
      timeDriven: false,
      driversWithoutValues: driversWithoutValues.sort(),
    });
  }
  return states;
}

/**
 * States of step-3 sources. A pool with a TDABC activity (linked to it, or a destination of one
 * of its rules) routes by time, so percentages give it no state.
 */
export async function directRuleStates(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
  sourceIds: number[] | null,
  tx: Executor = ctx.db,
): Promise<Map<number, SourceState>> {
  const rows = await ctx.repos.allocationRules.directRulesOf(companyId, scenarioId, sourceIds, tx);
  const poolIds = [...new Set(rows.map((r) => r.sourceId))];
  const timeDriven = new Set(await ctx.repos.allocationRules.poolsWithTdabcActivity(companyId, poolIds, tx));
  for (const row of rows) if (row.destinationIsTdabc) timeDriven.add(row.sourceId);
  const states = new Map<number, SourceState>();
  for (const row of rows) {
    const state = states.get(row.sourceId) ?? {
      code: row.sourceCode,
      name: row.sourceName,
      totalMicro: 0,
      state: null,
      rules: 0,
      timeDriven: timeDriven.has(row.sourceId),
      driversWithoutValues: [],
    };
    state.totalMicro += microOf(row.ratio);
    state.rules += 1;
    states.set(row.sourceId, state);
  }
  for (const state of states.values()) state.state = state.timeDriven ? null : stateOf(state.totalMicro);
  return states;
}

export function toAllocationSources(states: Map<number, SourceState>): AllocationSource[] {
  return [...states]
    .map(([source, s]) => ({
      source,
      source_ext_id: s.code,
      source_name: s.name,
      total_percentage: microToPercentage(s.totalMicro),
      state: s.state,
      rules: s.rules,
      time_driven: s.timeDriven,
      drivers_without_values: s.driversWithoutValues,
    }))
    .sort((a, b) => (a.source_ext_id < b.source_ext_id ? -1 : a.source_ext_id > b.source_ext_id ? 1 : 0));
}
