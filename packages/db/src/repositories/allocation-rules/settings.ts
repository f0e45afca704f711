import { and, eq, inArray } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { reportLines } from "../../schema/model-master-data.ts";
import { scenarios } from "../../schema/models.ts";
import { scenarioSettings } from "../../schema/scenario-data.ts";
import { one } from "./rule-tables.ts";

// A scenario's allocation settings: the step-2 strategy, when iterations stop, and the P&L line
// that is the profit.

export interface SettingsRow {
  step2Strategy: string;
  iterationStop: string;
  profitLineCode: string | null;
}

export function allocationSettingsRepository(db: Database) {
  return {
    /** The scenario's allocation settings; defaults when never saved. */
    async getSettings(companyId: number, scenarioId: number, tx: Executor = db): Promise<SettingsRow> {
      const t = scenarioSettings;
      const row = await one(
        tx
          .select({
            step2Strategy: t.step2Strategy,
            iterationStop: t.iterationStop,
            profitLineCode: t.profitLineCode,
          })
          .from(t)
          .where(and(eq(t.companyId, companyId), eq(t.scenarioId, scenarioId))),
      );
      return row ?? { step2Strategy: "not_allocate", iterationStop: "0", profitLineCode: null };
    },

    async saveSettings(
      companyId: number,
      scenarioId: number,
      values: SettingsRow,
      tx: Executor = db,
    ): Promise<void> {
      const t = scenarioSettings;
      await tx
        .insert(t)
        .values({ ...values, companyId, scenarioId })
        .onConflictDoUpdate({ target: [t.companyId, t.scenarioId], set: values });
    },

    /** Whether the model has a P&L line with this code. */
    async reportLineCodeExists(companyId: number, modelId: number, code: string, tx: Executor = db) {
      const t = reportLines;
      const row = await one(
        tx
          .select({ id: t.id })
          .from(t)
          .where(and(eq(t.companyId, companyId), eq(t.modelId, modelId), eq(t.code, code))),
      );
      return row !== undefined;
    },

    /** Points the profit line of the model's scenarios from one line code to another (or none). */
    async renameProfitLine(
      companyId: number,
      modelId: number,
      from: string,
      to: string | null,
      tx: Executor = db,
    ): Promise<void> {
      const t = scenarioSettings;
      await tx
        .update(t)
        .set({ profitLineCode: to })
        .where(
          and(
            eq(t.companyId, companyId),
            eq(t.profitLineCode, from),
            inArray(
              t.scenarioId,
              tx
                .select({ id: scenarios.id })
                .from(scenarios)
                .where(and(eq(scenarios.companyId, companyId), eq(scenarios.modelId, modelId))),
            ),
          ),
        );
    },
  };
}
