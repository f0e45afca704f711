import type { DimensionRecord } from "@costflow/db/repositories/dimension-records";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { AppContext } from "../../context.ts";
import { recordOrderOf, requireRecordScope } from "./save-record.ts";

/**
 * A page of a dimension's records in a scenario (records and transactions are one store): ordered
 * by the identifier or a driver (`ordering`, see recordOrderOf), `search` an identifier prefix.
 */
export async function listRecords(
  ctx: AppContext,
  companyId: number,
  query: {
    scenario: number;
    dimension: number;
    ordering?: string | undefined;
    search?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<PageResult<DimensionRecord>> {
  const { scenario, dimension } = await requireRecordScope(ctx, companyId, query.scenario, query.dimension);
  const { order, descending } = await recordOrderOf(ctx, companyId, dimension.id, query.ordering);
  return ctx.repos.records.list(
    companyId,
    scenario.id,
    dimension.id,
    { search: query.search || undefined, order, descending },
    { limit: query.limit, offset: query.offset },
  );
}
