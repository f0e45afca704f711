import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { mapConstraintErrors } from "../../lib/data-scope.ts";

/**
 * Deletes a cost pool with its driver values and rules; refused (409 in_use) while activities
 * use it.
 */
export async function deletePool(ctx: AppContext, companyId: number, id: number): Promise<void> {
  const deleted = await mapConstraintErrors(() => ctx.repos.pools.delete(companyId, id), {});
  if (!deleted) throw notFound();
}
