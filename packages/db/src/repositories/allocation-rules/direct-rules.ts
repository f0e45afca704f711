import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { directAllocations } from "../../schema/allocation-rules.ts";
import { activities, costPools } from "../../schema/model-master-data.ts";
import { orderBy, type PageRequest, type PageResult } from "../paging.ts";
import { deleteRule, insertRule, one, page, updateRule } from "./rule-tables.ts";

// Step 3: direct cost pool -> activity, by percentage, with the time-driven ratio of TDABC
// activities.

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

/** Step 3 rules with the codes and names of their pool and activity; the caller adds the where. */
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

export function directRulesRepository(db: Database) {
  return {
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
      return insertRule(directAllocations, { ...values, companyId, scenarioId }, tx);
    },

    async updateDirectRule(companyId: number, id: number, values: DirectRuleValues, tx: Executor = db) {
      await updateRule(directAllocations, companyId, id, { ...values }, tx);
    },

    async deleteDirectRule(companyId: number, id: number, tx: Executor = db) {
      return deleteRule(directAllocations, companyId, id, tx);
    },
  };
}
