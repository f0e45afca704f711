import type { Step6Source } from "@costflow/contract/allocation";
import type { Executor } from "@costflow/db/client";
import type { AppContext } from "../../context.ts";

// Step 6 pushes chain like step 5 (customers -> orders -> order lines): a rule from dimension P may
// push a calculated driver defined on P, or one that an earlier push of the same driver brings to
// P. A push from a dimension that defines a driver of the same name pushes that driver (the engine
// resolves rules by name: docs/engine.md, choice 7), so the walk stops there.

type Graph = Awaited<ReturnType<AppContext["repos"]["allocationRules"]["step6Graph"]>>;

/** The dimension ids the values of `driverId` reach, leaving rule `without` out. */
function reachedDimensions(graph: Graph, driverId: number, without?: number): Set<number> {
  const driver = graph.drivers.find((d) => d.id === driverId);
  if (!driver) return new Set();
  const sameName = new Set(graph.drivers.filter((d) => d.name === driver.name).map((d) => d.dimensionId));
  const reached = new Set([driver.dimensionId]);
  const frontier = [driver.dimensionId];
  while (frontier.length > 0) {
    const at = frontier.pop()!;
    if (at !== driver.dimensionId && sameName.has(at)) continue;
    for (const e of graph.edges) {
      if (e.sourceId !== driverId || e.parentId !== at || e.id === without || reached.has(e.childId))
        continue;
      reached.add(e.childId);
      frontier.push(e.childId);
    }
  }
  return reached;
}

/** Whether a rule of `driverId` from `parentId` pushes that driver's values (see above). */
export function driverReaches(graph: Graph, driverId: number, parentId: number, without?: number): boolean {
  const driver = graph.drivers.find((d) => d.id === driverId);
  if (!driver) return false;
  if (driver.dimensionId === parentId) return true;
  const shadowed = graph.drivers.some((d) => d.name === driver.name && d.dimensionId === parentId);
  return !shadowed && reachedDimensions(graph, driverId, without).has(parentId);
}

/** The model's calculated drivers that a step-6 rule from `parentId` may push, by name. */
export async function listStep6Sources(
  ctx: AppContext,
  companyId: number,
  scenario: { id: number; modelId: number },
  parentId: number,
  tx?: Executor,
): Promise<Step6Source[]> {
  const graph = await ctx.repos.allocationRules.step6Graph(companyId, scenario.modelId, scenario.id, tx);
  return graph.drivers
    .filter((d) => driverReaches(graph, d.id, parentId))
    .map((d) => ({
      id: d.id,
      name: d.name,
      dimension: d.dimensionId,
      dimension_name: d.dimensionName,
      pushed: d.dimensionId !== parentId,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
}
