import { and, eq, inArray } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import {
  activities,
  calculatedDrivers,
  costPoolDrivers,
  costPools,
  dimensionDrivers,
  dimensions,
  financialAccounts,
} from "../../schema/model-master-data.ts";
import { models, scenarios } from "../../schema/models.ts";
import { one } from "./rule-tables.ts";

// Lookups of what rules point to: the scenario (locked while rules of it are checked), its model,
// and the master-data rows a rule may name, each with the model it belongs to.

/** A master-data row a rule may point to, with the model it belongs to. */
export interface ModelItem {
  id: number;
  modelId: number;
  code: string;
  name: string;
}
type PoolItem = ModelItem & { isDirect: boolean };
type PoolDriverItem = ModelItem & { displayType: string };
type ActivityItem = ModelItem & { isTdabc: boolean; costPoolId: number | null };
export type DimensionItem = ModelItem;
type CalculatedDriverItem = ModelItem & { dimensionId: number; isPnlLine: boolean };
export interface DimensionDriverItem {
  id: number;
  dimensionId: number;
  name: string;
  dataType: string;
  targetDimensionId: number | null;
}

export function ruleLookupsRepository(db: Database) {
  return {
    /**
     * The scenario (and its model), locked FOR UPDATE for the rest of the transaction so that
     * checks spanning several rules of it (driver groups, one rule per activity, push cycles) are
     * not raced by a concurrent edit.
     */
    async lockScenario(
      companyId: number,
      scenarioId: number,
      tx: Executor = db,
    ): Promise<{ id: number; modelId: number } | undefined> {
      return one(
        tx
          .select({ id: scenarios.id, modelId: scenarios.modelId })
          .from(scenarios)
          .where(and(eq(scenarios.companyId, companyId), eq(scenarios.id, scenarioId)))
          .for("update"),
      );
    },

    async findScenario(companyId: number, scenarioId: number, tx: Executor = db) {
      return one(
        tx
          .select({ id: scenarios.id, modelId: scenarios.modelId })
          .from(scenarios)
          .where(and(eq(scenarios.companyId, companyId), eq(scenarios.id, scenarioId))),
      );
    },

    async findModel(companyId: number, modelId: number, tx: Executor = db) {
      return one(
        tx
          .select({ id: models.id })
          .from(models)
          .where(and(eq(models.companyId, companyId), eq(models.id, modelId))),
      );
    },

    async findAccount(companyId: number, id: number, tx: Executor = db): Promise<ModelItem | undefined> {
      const t = financialAccounts;
      return one(
        tx
          .select({ id: t.id, modelId: t.modelId, code: t.code, name: t.name })
          .from(t)
          .where(and(eq(t.companyId, companyId), eq(t.id, id))),
      );
    },

    async findPools(companyId: number, ids: number[], tx: Executor = db): Promise<PoolItem[]> {
      if (ids.length === 0) return [];
      const t = costPools;
      return tx
        .select({ id: t.id, modelId: t.modelId, code: t.code, name: t.name, isDirect: t.isDirect })
        .from(t)
        .where(and(eq(t.companyId, companyId), inArray(t.id, ids)));
    },

    async listIndirectPools(companyId: number, modelId: number, tx: Executor = db): Promise<PoolItem[]> {
      const t = costPools;
      return tx
        .select({ id: t.id, modelId: t.modelId, code: t.code, name: t.name, isDirect: t.isDirect })
        .from(t)
        .where(and(eq(t.companyId, companyId), eq(t.modelId, modelId), eq(t.isDirect, false)))
        .orderBy(t.code);
    },

    async findPoolDriver(
      companyId: number,
      id: number,
      tx: Executor = db,
    ): Promise<PoolDriverItem | undefined> {
      const t = costPoolDrivers;
      return one(
        tx
          .select({ id: t.id, modelId: t.modelId, code: t.name, name: t.name, displayType: t.displayType })
          .from(t)
          .where(and(eq(t.companyId, companyId), eq(t.id, id))),
      );
    },

    async findActivity(companyId: number, id: number, tx: Executor = db): Promise<ActivityItem | undefined> {
      const t = activities;
      return one(
        tx
          .select({
            id: t.id,
            modelId: t.modelId,
            code: t.code,
            name: t.name,
            isTdabc: t.isTdabc,
            costPoolId: t.costPoolId,
          })
          .from(t)
          .where(and(eq(t.companyId, companyId), eq(t.id, id))),
      );
    },

    async findDimension(
      companyId: number,
      id: number,
      tx: Executor = db,
    ): Promise<DimensionItem | undefined> {
      const t = dimensions;
      return one(
        tx
          .select({ id: t.id, modelId: t.modelId, code: t.code, name: t.name })
          .from(t)
          .where(and(eq(t.companyId, companyId), eq(t.id, id))),
      );
    },

    async findDimensions(companyId: number, ids: number[], tx: Executor = db): Promise<DimensionItem[]> {
      if (ids.length === 0) return [];
      const t = dimensions;
      return tx
        .select({ id: t.id, modelId: t.modelId, code: t.code, name: t.name })
        .from(t)
        .where(and(eq(t.companyId, companyId), inArray(t.id, ids)));
    },

    async findDimensionDriver(
      companyId: number,
      id: number,
      tx: Executor = db,
    ): Promise<DimensionDriverItem | undefined> {
      const t = dimensionDrivers;
      return one(
        tx
          .select({
            id: t.id,
            dimensionId: t.dimensionId,
            name: t.name,
            dataType: t.dataType,
            targetDimensionId: t.targetDimensionId,
          })
          .from(t)
          .where(and(eq(t.companyId, companyId), eq(t.id, id))),
      );
    },

    async listDimensionDrivers(
      companyId: number,
      dimensionId: number,
      tx: Executor = db,
    ): Promise<DimensionDriverItem[]> {
      const t = dimensionDrivers;
      return tx
        .select({
          id: t.id,
          dimensionId: t.dimensionId,
          name: t.name,
          dataType: t.dataType,
          targetDimensionId: t.targetDimensionId,
        })
        .from(t)
        .where(and(eq(t.companyId, companyId), eq(t.dimensionId, dimensionId)))
        .orderBy(t.position, t.id);
    },

    async findCalculatedDriver(
      companyId: number,
      id: number,
      tx: Executor = db,
    ): Promise<CalculatedDriverItem | undefined> {
      const t = calculatedDrivers;
      return one(
        tx
          .select({
            id: t.id,
            modelId: t.modelId,
            code: t.name,
            name: t.name,
            dimensionId: t.dimensionId,
            isPnlLine: t.isPnlLine,
          })
          .from(t)
          .where(and(eq(t.companyId, companyId), eq(t.id, id))),
      );
    },

    async listCalculatedDriverNames(companyId: number, dimensionId: number, tx: Executor = db) {
      const t = calculatedDrivers;
      const rows = await tx
        .select({ name: t.name })
        .from(t)
        .where(and(eq(t.companyId, companyId), eq(t.dimensionId, dimensionId)));
      return rows.map((r) => r.name);
    },
  };
}
