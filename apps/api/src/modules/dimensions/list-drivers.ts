import type { DimensionDriver } from "@costflow/db/repositories/dimension-drivers";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";

/** A page of a dimension's drivers, optionally of one data type. */
export async function listDrivers(
  ctx: AppContext,
  companyId: number,
  query: {
    dimension: number;
    dataType?: string | undefined;
    limit: number;
    offset: number;
    ordering?: string | undefined;
  },
): Promise<PageResult<DimensionDriver>> {
  const dimension = await ctx.repos.dimensions.find(companyId, query.dimension);
  if (!dimension) throw notFound("dimension");
  const { limit, offset, ordering } = query;
  return ctx.repos.drivers.list(
    companyId,
    dimension.id,
    { dataType: query.dataType },
    { limit, offset, ordering },
  );
}
