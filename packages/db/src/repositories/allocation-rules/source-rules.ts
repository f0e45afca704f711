import { and, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../../client.ts";
import { accountAllocations, costPoolAllocations } from "../../schema/allocation-rules.ts";
import { costPoolDrivers, costPools, financialAccounts } from "../../schema/model-master-data.ts";
import { costPoolDriverValues } from "../../schema/scenario-data.ts";
import { orderBy, type PageRequest, type PageResult } from "../paging.ts";
import { deleteRule, insertRule, one, page, updateRule } from "./rule-tables.ts";

// Steps 1 and 2: account -> cost pool and indirect cost pool -> cost pool, by percentage or by a
// cost-pool driver (a driver group of one source shares its percentage).

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

const sourceRuleTable = (step: SourceRuleStep) =>
  // Same columns, different table: one typed view of both.
  (step === 1 ? accountAllocations : costPoolAllocations) as typeof accountAllocations;
const sourcePool = alias(costPools, "source_pool");

/** A step's rules with the codes and names of their source, pool and driver; the caller adds the where. */
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

export function sourceRulesRepository(db: Database) {
  return {
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
      return insertRule(sourceRuleTable(step), { ...values, companyId, scenarioId }, tx);
    },

    async updateSourceRule(
      step: SourceRuleStep,
      companyId: number,
      id: number,
      values: SourceRuleValues,
      tx: Executor = db,
    ): Promise<void> {
      await updateRule(sourceRuleTable(step), companyId, id, { ...values }, tx);
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
      return deleteRule(sourceRuleTable(step), companyId, id, tx);
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
  };
}
