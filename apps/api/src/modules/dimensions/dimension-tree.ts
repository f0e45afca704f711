import type { DimensionNode } from "@costflow/contract/dimensions";
import type { DimensionDriver } from "@costflow/db/repositories/dimension-drivers";
import type { Dimension } from "@costflow/db/repositories/dimensions";
import { toDimension, toDriver } from "./dimension-views.ts";

/**
 * The model's dimensions as a forest (roots first, children under their parent, each level by
 * id), with their drivers and, when counts are given, their records in the scenario.
 */
export function dimensionTree(
  dimensions: Dimension[],
  drivers: DimensionDriver[],
  counts: Map<number, number> | null,
): DimensionNode[] {
  const nodes = new Map<number, DimensionNode>();
  for (const d of dimensions) {
    nodes.set(d.id, {
      ...toDimension(d),
      drivers: [],
      transactions: counts ? (counts.get(d.id) ?? 0) : null,
      children: [],
    });
  }
  for (const driver of drivers) nodes.get(driver.dimensionId)?.drivers.push(toDriver(driver));
  const roots: DimensionNode[] = [];
  for (const d of dimensions) {
    const node = nodes.get(d.id)!;
    const parent = d.parentId === null ? undefined : nodes.get(d.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
