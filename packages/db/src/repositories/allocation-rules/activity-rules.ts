import { and, eq, ne, type SQL } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { activityAllocations } from "../../schema/allocation-rules.ts";
import { activities, dimensionDrivers, dimensions } from "../../schema/model-master-data.ts";
import { orderBy, type PageRequest, type PageResult } from "../paging.ts";
import { deleteRule, insertRule, one, page, updateRule } from "./rule-tables.ts";

// Step 4: activity -> dimension (at most one rule per activity), split by a dimension driver or
// an equation.

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

/** Step 4 rules with the names of their activity, dimension and driver; the caller adds the where. */
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

export function activityRulesRepository(db: Database) {
  return {
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
      return insertRule(activityAllocations, { ...values, companyId, scenarioId }, tx);
    },

    async updateActivityRule(companyId: number, id: number, values: ActivityRuleValues, tx: Executor = db) {
      await updateRule(activityAllocations, companyId, id, { ...values }, tx);
    },

    async deleteActivityRule(companyId: number, id: number, tx: Executor = db) {
      return deleteRule(activityAllocations, companyId, id, tx);
    },
  };
}
