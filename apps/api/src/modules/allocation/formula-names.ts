import type { Executor } from "@costflow/db/client";
import type { DimensionDriverItem } from "@costflow/db/repositories/allocation-rules";
import type { AppContext } from "../../context.ts";

/** Names a split formula on a dimension's records may read: its decimal drivers and calculated drivers. */
export async function weightNames(
  ctx: AppContext,
  companyId: number,
  dimensionId: number,
  tx: Executor = ctx.db,
): Promise<{ drivers: DimensionDriverItem[]; calculated: string[]; names: string[] }> {
  const drivers = await ctx.repos.allocationRules.listDimensionDrivers(companyId, dimensionId, tx);
  const calculated = await ctx.repos.allocationRules.listCalculatedDriverNames(companyId, dimensionId, tx);
  const names = [...drivers.filter((d) => d.dataType === "DECI").map((d) => d.name), ...calculated];
  return { drivers, calculated, names };
}
