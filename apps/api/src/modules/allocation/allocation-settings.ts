import type {
  AllocationSettings,
  Step2Strategy,
  UpdateAllocationSettings,
} from "@costflow/contract/allocation";
import type { SettingsRow } from "@costflow/db/repositories/allocation-rules";
import type { AppContext } from "../../context.ts";
import { openScenario } from "./open-scenario.ts";
import { Problems } from "./problems.ts";

// The scenario's step-2 strategy, the iteration stop condition (a percentage, recorded: the
// reciprocal solve is exact) and the P&L line used as profit.

type SettingsInput = Omit<UpdateAllocationSettings, "iteration_stop"> & {
  iteration_stop?: number | undefined;
};

function toSettings(scenario: number, row: SettingsRow): AllocationSettings {
  return {
    scenario,
    strategy: row.step2Strategy as Step2Strategy,
    iteration_stop: Number(row.iterationStop),
    profit_line: row.profitLineCode,
  };
}

export async function readSettings(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
): Promise<AllocationSettings> {
  return toSettings(scenarioId, await ctx.repos.allocationRules.getSettings(companyId, scenarioId));
}

export async function updateSettings(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
  input: SettingsInput,
): Promise<AllocationSettings> {
  return ctx.db.transaction(async (tx) => {
    const scenario = await openScenario(ctx, companyId, scenarioId, undefined, tx);
    const current = await ctx.repos.allocationRules.getSettings(companyId, scenario.id, tx);
    const problems = new Problems();
    const stop = input.iteration_stop;
    if (stop !== undefined && !(stop >= 0 && stop <= 100)) problems.add("iteration_stop", "percentage_range");
    const profitLine = input.profit_line === undefined ? current.profitLineCode : input.profit_line;
    if (profitLine !== null && profitLine !== current.profitLineCode) {
      if (
        !(await ctx.repos.allocationRules.reportLineCodeExists(companyId, scenario.modelId, profitLine, tx))
      ) {
        problems.add("profit_line", "not_found");
      }
    }
    problems.throwIfAny();
    const row: SettingsRow = {
      step2Strategy: input.strategy ?? current.step2Strategy,
      iterationStop: stop === undefined ? current.iterationStop : String(stop),
      profitLineCode: profitLine,
    };
    await ctx.repos.allocationRules.saveSettings(companyId, scenario.id, row, tx);
    return toSettings(scenario.id, row);
  });
}
