import { and, eq, inArray, ne, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../client.ts";
import {
  accountAllocations,
  activityAllocations,
  calculatedDriverAllocations,
  costPoolAllocations,
  dimensionAllocations,
  directAllocations,
} from "../schema/allocation-rules.ts";
import {
  activities,
  calculatedDrivers,
  costPoolDrivers,
  costPools,
  dimensionDrivers,
  dimensions,
  financialAccounts,
  reportLines,
} from "../schema/model-master-data.ts";
import { models, scenarios } from "../schema/models.ts";
import { costPoolDriverValues, scenarioSettings } from "../schema/scenario-data.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

// The six rule sets of a scenario and its allocation settings. Every function takes the caller's
// company first and filters by it, so another company's ids look like ids that do not exist.
// Ratios are numeric(12,6) and travel as their exact decimal text.

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

/** Step 1 (account -> pool) and step 2 (indirect pool -> pool) share one shape. */
export type SourceRuleStep = 1 | 2;
export interface SourceRuleRow {
  id: number;
  scenarioId: number;
  sourceId: number;
  sourceCode: string;
  sourceName: string;
  destinationId: number;
  destinationCode: string;
  destinationName: string;
  type: string;
  ratio: string;
  driverId: number | null;
  driverName: string | null;
}
interface SourceRuleValues {
  sourceId: number;
  destinationId: number;
  type: "PERCENTAGE" | "DRIVER";
  ratio: string;
  driverId: number | null;
}

export interface DirectRuleRow {
  id: number;
  scenarioId: number;
  sourceId: number;
  sourceCode: string;
  sourceName: string;
  destinationId: number;
  destinationCode: string;
  destinationName: string;
  destinationIsTdabc: boolean;
  ratio: string;
  tdabcRatio: string | null;
}
interface DirectRuleValues {
  sourceId: number;
  destinationId: number;
  ratio: string;
  tdabcRatio: string | null;
}

export interface ActivityRuleRow {
  id: number;
  scenarioId: number;
  sourceId: number;
  sourceName: string;
  destinationId: number;
  destinationName: string;
  splitType: string;
  allocationDriverId: number | null;
  allocationDriverName: string | null;
  equation: string;
  description: string;
}
interface ActivityRuleValues {
  sourceId: number;
  destinationId: number;
  splitType: string;
  allocationDriverId: number | null;
  equation: string;
  description: string;
}

/** Step 5 (source = activity) and step 6 (source = calculated driver): pushes parent -> child. */
export type PushStep = 5 | 6;
export interface PushRuleRow {
  id: number;
  scenarioId: number;
  sourceId: number;
  sourceName: string;
  parentId: number;
  parentName: string;
  childId: number;
  childName: string;
  splitType: string;
  allocationDriverId: number | null;
  equation: string;
}
interface PushRuleValues {
  sourceId: number;
  parentId: number;
  childId: number;
  splitType: string;
  allocationDriverId: number | null;
  equation: string;
}

export interface SettingsRow {
  step2Strategy: string;
  iterationStop: string;
  profitLineCode: string | null;
}

const sourceRuleTable = (step: SourceRuleStep) =>
  // Same columns, different table: one typed view of both.
  (step === 1 ? accountAllocations : costPoolAllocations) as typeof accountAllocations;
const pushRuleTables = (step: PushStep) => {
  if (step === 5) {
    const t = dimensionAllocations;
    return { t, source: t.sourceActivityId, parent: t.sourceParentId, child: t.destinationChildId };
  }
  const t = calculatedDriverAllocations;
  return { t, source: t.sourceDriverId, parent: t.sourceParentId, child: t.destinationChildId };
};

const sourcePool = alias(costPools, "source_pool");
const parentDimension = alias(dimensions, "parent_dimension");
const childDimension = alias(dimensions, "child_dimension");

/** Any rule table: its rows are written by id within the company. */
type RuleTable =
  | ReturnType<typeof sourceRuleTable>
  | typeof directAllocations
  | typeof activityAllocations
  | typeof dimensionAllocations
  | typeof calculatedDriverAllocations;

async function insertRule(tx: Executor, t: RuleTable, values: Record<string, unknown>): Promise<number> {
  const [row] = await tx
    .insert(t)
    .values(values as never)
    .returning({ id: t.id });
  return row!.id;
}

async function updateRule(
  tx: Executor,
  t: RuleTable,
  companyId: number,
  id: number,
  values: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(t)
    .set(values as never)
    .where(and(eq(t.companyId, companyId), eq(t.id, id)));
}

/** Whether the rule existed (and is gone). */
async function deleteRule(tx: Executor, t: RuleTable, companyId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(t)
    .where(and(eq(t.companyId, companyId), eq(t.id, id)))
    .returning({ id: t.id });
  return rows.length === 1;
}

export function allocationRulesRepository(db: Database) {
  // Lookups of what rules point to --------------------------------------------------------------
  async function one<T>(rows: Promise<T[]>): Promise<T | undefined> {
    return (await rows)[0];
  }

  // Step 1 and 2 --------------------------------------------------------------------------------
  function selectSourceRules(step: SourceRuleStep, tx: Executor) {
    const t = sourceRuleTable(step);
    const source = step === 1 ? financialAccounts : sourcePool;
    const columns = {
      id: t.id,
      scenarioId: t.scenarioId,
      sourceId: t.sourceId,
      sourceCode: source.code,
      sourceName: source.name,
      destinationId: t.destinationId,
      destinationCode: costPools.code,
      destinationName: costPools.name,
      type: t.type,
      ratio: t.ratio,
      driverId: t.driverId,
      driverName: costPoolDrivers.name,
    };
    const query = tx
      .select(columns)
      .from(t)
      .innerJoin(source, and(eq(source.companyId, t.companyId), eq(source.id, t.sourceId)))
      .innerJoin(costPools, and(eq(costPools.companyId, t.companyId), eq(costPools.id, t.destinationId)))
      .leftJoin(
        costPoolDrivers,
        and(eq(costPoolDrivers.companyId, t.companyId), eq(costPoolDrivers.id, t.driverId)),
      );
    return { t, source, query, columns };
  }

  // Step 3 --------------------------------------------------------------------------------------
  function selectDirectRules(tx: Executor) {
    const t = directAllocations;
    const columns = {
      id: t.id,
      scenarioId: t.scenarioId,
      sourceId: t.sourceId,
      sourceCode: costPools.code,
      sourceName: costPools.name,
      destinationId: t.destinationId,
      destinationCode: activities.code,
      destinationName: activities.name,
      destinationIsTdabc: activities.isTdabc,
      ratio: t.ratio,
      tdabcRatio: t.tdabcRatio,
    };
    const query = tx
      .select(columns)
      .from(t)
      .innerJoin(costPools, and(eq(costPools.companyId, t.companyId), eq(costPools.id, t.sourceId)))
      .innerJoin(activities, and(eq(activities.companyId, t.companyId), eq(activities.id, t.destinationId)));
    return { t, query, columns };
  }

  // Step 4 --------------------------------------------------------------------------------------
  function selectActivityRules(tx: Executor) {
    const t = activityAllocations;
    const columns = {
      id: t.id,
      scenarioId: t.scenarioId,
      sourceId: t.sourceId,
      sourceName: activities.name,
      destinationId: t.destinationId,
      destinationName: dimensions.name,
      splitType: t.splitType,
      allocationDriverId: t.allocationDriverId,
      allocationDriverName: dimensionDrivers.name,
      equation: t.equation,
      description: t.description,
    };
    const query = tx
      .select(columns)
      .from(t)
      .innerJoin(activities, and(eq(activities.companyId, t.companyId), eq(activities.id, t.sourceId)))
      .innerJoin(dimensions, and(eq(dimensions.companyId, t.companyId), eq(dimensions.id, t.destinationId)))
      .leftJoin(
        dimensionDrivers,
        and(eq(dimensionDrivers.companyId, t.companyId), eq(dimensionDrivers.id, t.allocationDriverId)),
      );
    return { t, query, columns };
  }

  // Steps 5 and 6 -------------------------------------------------------------------------------
  function selectPushRules(step: PushStep, tx: Executor) {
    const { t, source, parent, child } = pushRuleTables(step);
    const sourceTable = step === 5 ? activities : calculatedDrivers;
    const columns = {
      id: t.id,
      scenarioId: t.scenarioId,
      sourceId: source,
      sourceName: sourceTable.name,
      parentId: parent,
      parentName: parentDimension.name,
      childId: child,
      childName: childDimension.name,
      splitType: t.splitType,
      allocationDriverId: t.allocationDriverId,
      equation: t.equation,
    };
    const query = tx
      .select(columns)
      .from(t)
      .innerJoin(sourceTable, and(eq(sourceTable.companyId, t.companyId), eq(sourceTable.id, source)))
      .innerJoin(
        parentDimension,
        and(eq(parentDimension.companyId, t.companyId), eq(parentDimension.id, parent)),
      )
      .innerJoin(
        childDimension,
        and(eq(childDimension.companyId, t.companyId), eq(childDimension.id, child)),
      );
    return { t, source, parent, child, query, columns };
  }

  async function page<Row>(rows: Promise<Row[]>, count: Promise<number>): Promise<PageResult<Row>> {
    return { rows: await rows, count: await count };
  }

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

    // Steps 1 and 2 ------------------------------------------------------------------------------

    async listSourceRules(
      step: SourceRuleStep,
      companyId: number,
      scenarioId: number,
      request: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<SourceRuleRow>> {
      const { t, source, query } = selectSourceRules(step, tx);
      const where = and(eq(t.companyId, companyId), eq(t.scenarioId, scenarioId));
      const sortable = {
        id: t.id,
        source_ext_id: source.code,
        source_name: source.name,
        destination_ext_id: costPools.code,
        destination_name: costPools.name,
        allocation_type: t.type,
        percentage: t.ratio,
        cost_pool_driver_name: costPoolDrivers.name,
      };
      return page(
        query
          .where(where)
          .orderBy(...orderBy(request.ordering, sortable, "source_ext_id", t.id))
          .limit(request.limit)
          .offset(request.offset),
        tx.$count(t, where),
      );
    },

    async findSourceRule(
      step: SourceRuleStep,
      companyId: number,
      id: number,
      tx: Executor = db,
    ): Promise<SourceRuleRow | undefined> {
      const { t, query } = selectSourceRules(step, tx);
      return one(query.where(and(eq(t.companyId, companyId), eq(t.id, id))));
    },

    /** Every rule of the scenario (of some sources): what the source states are computed from. */
    async sourceRulesOf(
      step: SourceRuleStep,
      companyId: number,
      scenarioId: number,
      sourceIds: number[] | null,
      tx: Executor = db,
    ): Promise<SourceRuleRow[]> {
      if (sourceIds?.length === 0) return [];
      const { t, query } = selectSourceRules(step, tx);
      const conditions: SQL[] = [eq(t.companyId, companyId), eq(t.scenarioId, scenarioId)];
      if (sourceIds) conditions.push(inArray(t.sourceId, sourceIds));
      return query.where(and(...conditions)).orderBy(t.id);
    },

    async insertSourceRule(
      step: SourceRuleStep,
      companyId: number,
      scenarioId: number,
      values: SourceRuleValues,
      tx: Executor = db,
    ): Promise<number> {
      return insertRule(tx, sourceRuleTable(step), { ...values, companyId, scenarioId });
    },

    async updateSourceRule(
      step: SourceRuleStep,
      companyId: number,
      id: number,
      values: SourceRuleValues,
      tx: Executor = db,
    ): Promise<void> {
      await updateRule(tx, sourceRuleTable(step), companyId, id, { ...values });
    },

    /** Sets the percentage of every DRIVER row of one source and driver (a group shares it). */
    async setDriverGroupRatio(
      step: SourceRuleStep,
      companyId: number,
      scenarioId: number,
      group: { sourceId: number; driverId: number },
      ratio: string,
      tx: Executor = db,
    ): Promise<void> {
      const t = sourceRuleTable(step);
      await tx
        .update(t)
        .set({ ratio })
        .where(
          and(
            eq(t.companyId, companyId),
            eq(t.scenarioId, scenarioId),
            eq(t.sourceId, group.sourceId),
            eq(t.driverId, group.driverId),
            eq(t.type, "DRIVER"),
          ),
        );
    },

    async deleteSourceRule(step: SourceRuleStep, companyId: number, id: number, tx: Executor = db) {
      return deleteRule(tx, sourceRuleTable(step), companyId, id);
    },

    /** Replaces every step-2 rule of the scenario by `rows` (the caller holds a transaction). */
    async replaceStep2Rules(
      companyId: number,
      scenarioId: number,
      rows: SourceRuleValues[],
      tx: Executor = db,
    ): Promise<{ deleted: number; created: number }> {
      const t = costPoolAllocations;
      const deleted = await tx
        .delete(t)
        .where(and(eq(t.companyId, companyId), eq(t.scenarioId, scenarioId)))
        .returning({ id: t.id });
      for (let i = 0; i < rows.length; i += 1000) {
        await tx.insert(t).values(rows.slice(i, i + 1000).map((r) => ({ ...r, companyId, scenarioId })));
      }
      return { deleted: deleted.length, created: rows.length };
    },

    /** The scenario's values of some cost-pool drivers, per driver and pool. */
    async poolDriverValues(
      companyId: number,
      scenarioId: number,
      driverIds: number[],
      tx: Executor = db,
    ): Promise<{ driverId: number; poolId: number; value: string }[]> {
      if (driverIds.length === 0) return [];
      const t = costPoolDriverValues;
      return tx
        .select({ driverId: t.driverId, poolId: t.poolId, value: t.value })
        .from(t)
        .where(and(eq(t.companyId, companyId), eq(t.scenarioId, scenarioId), inArray(t.driverId, driverIds)));
    },

    // Step 3 -------------------------------------------------------------------------------------

    async listDirectRules(
      companyId: number,
      scenarioId: number,
      request: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<DirectRuleRow>> {
      const { t, query } = selectDirectRules(tx);
      const where = and(eq(t.companyId, companyId), eq(t.scenarioId, scenarioId));
      const sortable = {
        id: t.id,
        source_ext_id: costPools.code,
        source_name: costPools.name,
        destination_ext_id: activities.code,
        destination_name: activities.name,
        percentage: t.ratio,
        tdabc_ratio: t.tdabcRatio,
      };
      return page(
        query
          .where(where)
          .orderBy(...orderBy(request.ordering, sortable, "source_ext_id", t.id))
          .limit(request.limit)
          .offset(request.offset),
        tx.$count(t, where),
      );
    },

    async findDirectRule(companyId: number, id: number, tx: Executor = db) {
      const { t, query } = selectDirectRules(tx);
      return one(query.where(and(eq(t.companyId, companyId), eq(t.id, id))));
    },

    async directRulesOf(
      companyId: number,
      scenarioId: number,
      sourceIds: number[] | null,
      tx: Executor = db,
    ): Promise<DirectRuleRow[]> {
      if (sourceIds?.length === 0) return [];
      const { t, query } = selectDirectRules(tx);
      const conditions: SQL[] = [eq(t.companyId, companyId), eq(t.scenarioId, scenarioId)];
      if (sourceIds) conditions.push(inArray(t.sourceId, sourceIds));
      return query.where(and(...conditions)).orderBy(t.id);
    },

    /** Pools (of those given) that have a TDABC activity: time drives them, not percentages. */
    async poolsWithTdabcActivity(companyId: number, poolIds: number[], tx: Executor = db): Promise<number[]> {
      if (poolIds.length === 0) return [];
      const t = activities;
      const rows = await tx
        .selectDistinct({ poolId: t.costPoolId })
        .from(t)
        .where(and(eq(t.companyId, companyId), inArray(t.costPoolId, poolIds), eq(t.isTdabc, true)));
      return rows.map((r) => r.poolId!);
    },

    async insertDirectRule(
      companyId: number,
      scenarioId: number,
      values: DirectRuleValues,
      tx: Executor = db,
    ): Promise<number> {
      return insertRule(tx, directAllocations, { ...values, companyId, scenarioId });
    },

    async updateDirectRule(companyId: number, id: number, values: DirectRuleValues, tx: Executor = db) {
      await updateRule(tx, directAllocations, companyId, id, { ...values });
    },

    async deleteDirectRule(companyId: number, id: number, tx: Executor = db) {
      return deleteRule(tx, directAllocations, companyId, id);
    },

    // Step 4 -------------------------------------------------------------------------------------

    async listActivityRules(
      companyId: number,
      scenarioId: number,
      request: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<ActivityRuleRow>> {
      const { t, query } = selectActivityRules(tx);
      const where = and(eq(t.companyId, companyId), eq(t.scenarioId, scenarioId));
      const sortable = {
        id: t.id,
        source_name: activities.name,
        destination_name: dimensions.name,
        splitType: t.splitType,
        equation: t.equation,
        description: t.description,
      };
      return page(
        query
          .where(where)
          .orderBy(...orderBy(request.ordering, sortable, "source_name", t.id))
          .limit(request.limit)
          .offset(request.offset),
        tx.$count(t, where),
      );
    },

    async findActivityRule(companyId: number, id: number, tx: Executor = db) {
      const { t, query } = selectActivityRules(tx);
      return one(query.where(and(eq(t.companyId, companyId), eq(t.id, id))));
    },

    /** The id of the scenario's step-4 rule of an activity (other than `exceptId`), if any. */
    async activityRuleOf(
      companyId: number,
      scenarioId: number,
      activityId: number,
      exceptId: number | null,
      tx: Executor = db,
    ): Promise<number | undefined> {
      const t = activityAllocations;
      const conditions: SQL[] = [
        eq(t.companyId, companyId),
        eq(t.scenarioId, scenarioId),
        eq(t.sourceId, activityId),
      ];
      if (exceptId !== null) conditions.push(ne(t.id, exceptId));
      return (
        await one(
          tx
            .select({ id: t.id })
            .from(t)
            .where(and(...conditions)),
        )
      )?.id;
    },

    async insertActivityRule(
      companyId: number,
      scenarioId: number,
      values: ActivityRuleValues,
      tx: Executor = db,
    ): Promise<number> {
      return insertRule(tx, activityAllocations, { ...values, companyId, scenarioId });
    },

    async updateActivityRule(companyId: number, id: number, values: ActivityRuleValues, tx: Executor = db) {
      await updateRule(tx, activityAllocations, companyId, id, { ...values });
    },

    async deleteActivityRule(companyId: number, id: number, tx: Executor = db) {
      return deleteRule(tx, activityAllocations, companyId, id);
    },

    // Steps 5 and 6 ------------------------------------------------------------------------------

    async listPushRules(
      step: PushStep,
      companyId: number,
      scenarioId: number,
      request: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<PushRuleRow>> {
      const { t, query, columns } = selectPushRules(step, tx);
      const where = and(eq(t.companyId, companyId), eq(t.scenarioId, scenarioId));
      const sourceName = step === 5 ? "source_activity_name" : "source_driver_name";
      const sortable = {
        id: t.id,
        [sourceName]: columns.sourceName,
        source_parent_name: parentDimension.name,
        destination_child_name: childDimension.name,
        equation: t.equation,
        splitType: t.splitType,
      };
      return page(
        query
          .where(where)
          .orderBy(...orderBy(request.ordering, sortable, sourceName, t.id))
          .limit(request.limit)
          .offset(request.offset),
        tx.$count(t, where),
      );
    },

    async findPushRule(step: PushStep, companyId: number, id: number, tx: Executor = db) {
      const { t, query } = selectPushRules(step, tx);
      return one(query.where(and(eq(t.companyId, companyId), eq(t.id, id))));
    },

    /** The scenario's pushes of one source (activity or calculated driver), as dimension edges. */
    async pushEdgesOf(
      step: PushStep,
      companyId: number,
      scenarioId: number,
      sourceId: number,
      tx: Executor = db,
    ): Promise<{ id: number; parentId: number; childId: number }[]> {
      const { t, source, parent, child } = pushRuleTables(step);
      return tx
        .select({ id: t.id, parentId: parent, childId: child })
        .from(t)
        .where(and(eq(t.companyId, companyId), eq(t.scenarioId, scenarioId), eq(source, sourceId)));
    },

    /**
     * Step 6: the model's calculated drivers (definition order) and the scenario's pushes with
     * their source driver, to tell which dimensions each driver's values reach through earlier
     * pushes (docs/engine.md, choice 7).
     */
    async step6Graph(
      companyId: number,
      modelId: number,
      scenarioId: number,
      tx: Executor = db,
    ): Promise<{
      drivers: { id: number; name: string; dimensionId: number; dimensionName: string }[];
      edges: { id: number; sourceId: number; parentId: number; childId: number }[];
    }> {
      const k = calculatedDrivers;
      const r = calculatedDriverAllocations;
      // One after the other: a transaction runs one statement at a time.
      const drivers = await tx
        .select({ id: k.id, name: k.name, dimensionId: k.dimensionId, dimensionName: dimensions.name })
        .from(k)
        .innerJoin(dimensions, and(eq(dimensions.companyId, k.companyId), eq(dimensions.id, k.dimensionId)))
        .where(and(eq(k.companyId, companyId), eq(k.modelId, modelId)))
        .orderBy(k.dimensionId, k.position, k.id);
      const edges = await tx
        .select({
          id: r.id,
          sourceId: r.sourceDriverId,
          parentId: r.sourceParentId,
          childId: r.destinationChildId,
        })
        .from(r)
        .where(and(eq(r.companyId, companyId), eq(r.scenarioId, scenarioId)))
        .orderBy(r.id);
      return { drivers, edges };
    },

    async insertPushRule(
      step: PushStep,
      companyId: number,
      scenarioId: number,
      values: PushRuleValues,
      tx: Executor = db,
    ): Promise<number> {
      const common = { companyId, scenarioId, splitType: values.splitType, equation: values.equation };
      const rest = {
        sourceParentId: values.parentId,
        destinationChildId: values.childId,
        allocationDriverId: values.allocationDriverId,
      };
      return step === 5
        ? insertRule(tx, dimensionAllocations, { ...common, ...rest, sourceActivityId: values.sourceId })
        : insertRule(tx, calculatedDriverAllocations, {
            ...common,
            ...rest,
            sourceDriverId: values.sourceId,
          });
    },

    async updatePushRule(
      step: PushStep,
      companyId: number,
      id: number,
      values: PushRuleValues,
      tx: Executor = db,
    ): Promise<void> {
      const common = {
        splitType: values.splitType,
        equation: values.equation,
        sourceParentId: values.parentId,
        destinationChildId: values.childId,
        allocationDriverId: values.allocationDriverId,
      };
      if (step === 5)
        await updateRule(tx, dimensionAllocations, companyId, id, {
          ...common,
          sourceActivityId: values.sourceId,
        });
      else
        await updateRule(tx, calculatedDriverAllocations, companyId, id, {
          ...common,
          sourceDriverId: values.sourceId,
        });
    },

    async deletePushRule(step: PushStep, companyId: number, id: number, tx: Executor = db) {
      return deleteRule(tx, pushRuleTables(step).t, companyId, id);
    },

    // Settings -----------------------------------------------------------------------------------

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

export type AllocationRulesRepository = ReturnType<typeof allocationRulesRepository>;
