import type { Executor } from "@costflow/db/client";
import type { DimensionDriverItem } from "@costflow/db/repositories/allocation-rules";
import type { AllocationDeps } from "./allocation-deps.ts";

/** Names a split formula on a dimension's records may read: its decimal drivers and calculated drivers. */
export async function weightNames(
  deps: AllocationDeps,
  companyId: number,
  dimensionId: number,
  tx: Executor = deps.db,
): Promise<{ drivers: DimensionDriverItem[]; calculated: string[]; names: string[] }> {
  const drivers = await deps.rules.listDimensionDrivers(companyId, dimensionId, tx);
  const calculated = await deps.rules.listCalculatedDriverNames(companyId, dimensionId, tx);
  const names = [...drivers.filter((d) => d.dataType === "DECI").map((d) => d.name), ...calculated];
  return { drivers, calculated, names };
}
