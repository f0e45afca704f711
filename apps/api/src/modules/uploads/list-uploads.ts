import type { UploadListQuery } from "@costflow/contract/uploads";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { UploadView } from "@costflow/db/repositories/uploads";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";

/** A page of the scenario's upload processes, newest first unless ordered otherwise. */
export async function listUploads(
  ctx: AppContext,
  companyId: number,
  query: z.output<typeof UploadListQuery>,
): Promise<PageResult<UploadView>> {
  const { scenario, kind, status, dimension, ...page } = query;
  if (!(await ctx.repos.models.findScenario(companyId, scenario))) throw notFound("scenario");
  return ctx.repos.uploads.list(
    companyId,
    { scenarioId: scenario, kind, status, dimensionId: dimension },
    page,
  );
}
