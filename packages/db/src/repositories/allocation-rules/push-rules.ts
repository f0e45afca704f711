import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../../client.ts";
import { calculatedDriverAllocations, dimensionAllocations } from "../../schema/allocation-rules.ts";
import { activities, calculatedDrivers, dimensions } from "../../schema/model-master-data.ts";
import { orderBy, type PageRequest, type PageResult } from "../paging.ts";
import { deleteRule, insertRule, one, page, updateRule } from "./rule-tables.ts";

// Steps 5 and 6: pushes from a parent dimension to a child dimension, of an activity's amounts
// (step 5) or of a calculated driver's values (step 6).

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

const pushRuleTables = (step: PushStep) => {
  if (step === 5) {
    const t = dimensionAllocations;
    return { t, source: t.sourceActivityId, parent: t.sourceParentId, child: t.destinationChildId };
  }
  const t = calculatedDriverAllocations;
  return { t, source: t.sourceDriverId, parent: t.sourceParentId, child: t.destinationChildId };
};

const parentDimension = alias(dimensions, "parent_dimension");
const childDimension = alias(dimensions, "child_dimension");

/** A step's pushes with the names of their source and dimensions; the caller adds the where. */
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
    .innerJoin(childDimension, and(eq(childDimension.companyId, t.companyId), eq(childDimension.id, child)));
  return { t, source, parent, child, query, columns };
}

export function pushRulesRepository(db: Database) {
  return {
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
        ? insertRule(dimensionAllocations, { ...common, ...rest, sourceActivityId: values.sourceId }, tx)
        : insertRule(
            calculatedDriverAllocations,
            {
              ...common,
              ...rest,
              sourceDriverId: values.sourceId,
            },
            tx,
          );
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
        await updateRule(
          dimensionAllocations,
          companyId,
          id,
          {
            ...common,
            sourceActivityId: values.sourceId,
          },
          tx,
        );
      else
        await updateRule(
          calculatedDriverAllocations,
          companyId,
          id,
          {
            ...common,
            sourceDriverId: values.sourceId,
          },
          tx,
        );
    },

    async deletePushRule(step: PushStep, companyId: number, id: number, tx: Executor = db) {
      return deleteRule(pushRuleTables(step).t, companyId, id, tx);
    },
  };
}
