import type { Database } from "@costflow/db/client";
import {
  type AllocationRulesRepository,
  allocationRulesRepository,
} from "@costflow/db/repositories/allocation-rules";
import type { AppContext } from "../../context.ts";

/** What the allocation services use: the database (for transactions) and the rules repository. */
export interface AllocationDeps {
  db: Database;
  rules: AllocationRulesRepository;
}

export function allocationDeps(ctx: AppContext): AllocationDeps {
  return { db: ctx.db, rules: allocationRulesRepository(ctx.db) };
}
