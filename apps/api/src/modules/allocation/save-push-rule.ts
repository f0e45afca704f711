import type {
  CalculatedDriverAllocation,
  DimensionAllocation,
  PushSplitType,
} from "@costflow/contract/allocation";
import type { Executor } from "@costflow/db/client";
import type { DimensionItem, ModelItem, PushStep } from "@costflow/db/repositories/allocation-rules";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { weightNames } from "./formula-names.ts";
import { openScenario } from "./open-scenario.ts";
import { Problems } from "./problems.ts";
import { resolvePushSplit } from "./push-split.ts";
import { toCalculatedDriverRule, toDimensionRule } from "./rule-views.ts";
import { driverReaches } from "./step6-reach.ts";

// Steps 5 and 6: what rests on the records of a parent dimension (step 5: an activity's cost;
// step 6: a calculated driver's values) is pushed to the records of a child dimension linked to
// it by the child's relationship driver <PARENT_CODE>_ID. One push per source and parent; the
// pushes of one source run top-down, so they must not form a cycle.

export interface PushInput {
  scenario?: number | undefined;
  /** Step 5: the activity; step 6: the calculated driver. */
  source?: number | undefined;
  source_parent?: number | undefined;
  destination_child?: number | undefined;
  equation?: string | undefined;
  splitType?: PushSplitType | undefined;
  allocationDriver?: number | null | undefined;
}

const pushSourceField = (step: PushStep) => (step === 5 ? "source_activity" : "source_driver");

export async function savePushRule(
  ctx: AppContext,
  companyId: number,
  step: PushStep,
  input: PushInput,
  id?: number,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const existing =
      id === undefined ? undefined : await ctx.repos.allocationRules.findPushRule(step, companyId, id, tx);
    if (id !== undefined && !existing) throw notFound();
    const scenario = await openScenario(ctx, companyId, input.scenario, existing?.scenarioId, tx);
    const problems = new Problems();
    const sourceField = pushSourceField(step);

    const sourceId = input.source ?? existing!.sourceId;
    const source = await findSource(ctx, companyId, step, sourceId, tx);
    if (!source) throw notFound(sourceField);
    problems.inModel(sourceField, source, scenario.modelId);

    const parentId =
      input.source_parent ?? existing?.parentId ?? ("dimensionId" in source ? source.dimensionId : undefined);
    if (parentId === undefined) throw notFound("source_parent");
    const parent = await findDimension(ctx, companyId, parentId, "source_parent", tx);
    const childId = input.destination_child ?? existing!.childId;
    const child = await findDimension(ctx, companyId, childId, "destination_child", tx);
    const dimensionsOk =
      problems.inModel("source_parent", parent, scenario.modelId) &&
      problems.inModel("destination_child", child, scenario.modelId);
    if (dimensionsOk && childId === parentId) problems.add("destination_child", "same_as_source");
    if (step === 6 && dimensionsOk) {
      // A step-6 push from a dimension the driver is not defined on needs an earlier push of the
      // driver that ends there (chains, docs/engine.md choice 7); else it would push nothing.
      const graph = await ctx.repos.allocationRules.step6Graph(companyId, scenario.modelId, scenario.id, tx);
      if (!driverReaches(graph, sourceId, parentId, id)) {
        problems.add("source_parent", "driver_not_reached", { driver: source.name, dimension: parent.code });
      }
    }

    const weights = await weightNames(ctx, companyId, childId, tx);
    if (dimensionsOk && childId !== parentId) {
      const link = weights.drivers.some(
        (d) => d.dataType === "DIMENSION" && d.targetDimensionId === parentId,
      );
      if (!link) problems.add("destination_child", "no_relationship", { driver: `${parent.code}_ID` });
      const edges = (
        await ctx.repos.allocationRules.pushEdgesOf(step, companyId, scenario.id, sourceId, tx)
      ).filter((e) => e.id !== id);
      if (edges.some((e) => e.parentId === parentId)) problems.add("source_parent", "taken");
      const cycle = findCycle(edges, parentId, childId);
      if (cycle) {
        const names = await ctx.repos.allocationRules.findDimensions(companyId, cycle, tx);
        const codeOf = new Map(names.map((d) => [d.id, d.code]));
        problems.add("destination_child", "cycle", { path: cycle.map((d) => codeOf.get(d)).join(" → ") });
      }
    }

    const split = await resolvePushSplit(
      ctx,
      companyId,
      { id: childId, ...weights },
      input,
      existing && { ...existing, splitType: existing.splitType as PushSplitType },
      problems,
      tx,
    );
    problems.throwIfAny();

    const values = { sourceId, parentId, childId, ...split! };
    if (id === undefined)
      return ctx.repos.allocationRules.insertPushRule(step, companyId, scenario.id, values, tx);
    await ctx.repos.allocationRules.updatePushRule(step, companyId, id, values, tx);
    return id;
  });
}

async function findSource(
  ctx: AppContext,
  companyId: number,
  step: PushStep,
  id: number,
  tx: Executor,
): Promise<ModelItem | (ModelItem & { dimensionId: number }) | undefined> {
  return step === 5
    ? ctx.repos.allocationRules.findActivity(companyId, id, tx)
    : ctx.repos.allocationRules.findCalculatedDriver(companyId, id, tx);
}

async function findDimension(
  ctx: AppContext,
  companyId: number,
  id: number,
  field: string,
  tx: Executor,
): Promise<DimensionItem> {
  const dimension = await ctx.repos.allocationRules.findDimension(companyId, id, tx);
  if (!dimension) throw notFound(field);
  return dimension;
}

/**
 * With the new push parent -> child, is there a path back from child to parent? Returns the
 * cycle as dimension ids (parent, child, ..., parent), or null.
 */
function findCycle(
  edges: { parentId: number; childId: number }[],
  parentId: number,
  childId: number,
): number[] | null {
  const next = new Map<number, number[]>();
  for (const e of edges) next.set(e.parentId, [...(next.get(e.parentId) ?? []), e.childId]);
  const seen = new Set<number>();
  const walk = (at: number, path: number[]): number[] | null => {
    if (at === parentId) return path;
    if (seen.has(at)) return null;
    seen.add(at);
    for (const to of next.get(at) ?? []) {
      const found = walk(to, [...path, to]);
      if (found) return found;
    }
    return null;
  };
  return walk(childId, [parentId, childId]);
}

export async function readPushRule(
  ctx: AppContext,
  companyId: number,
  step: 5,
  id: number,
): Promise<DimensionAllocation>;
export async function readPushRule(
  ctx: AppContext,
  companyId: number,
  step: 6,
  id: number,
): Promise<CalculatedDriverAllocation>;
export async function readPushRule(ctx: AppContext, companyId: number, step: PushStep, id: number) {
  const row = await ctx.repos.allocationRules.findPushRule(step, companyId, id);
  if (!row) throw notFound();
  return step === 5 ? toDimensionRule(row) : toCalculatedDriverRule(row);
}
