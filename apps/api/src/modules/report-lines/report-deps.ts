import type { Database } from "@costflow/db/client";
import {
  type AllocationRulesRepository,
  allocationRulesRepository,
} from "@costflow/db/repositories/allocation-rules";
import { type ReportLinesRepository, reportLinesRepository } from "@costflow/db/repositories/report-lines";
import type { AppContext } from "../../context.ts";

/** The database, the P&L lines, and the lookups of what lines point to (activities, drivers). */
export interface ReportDeps {
  db: Database;
  lines: ReportLinesRepository;
  rules: AllocationRulesRepository;
}

export function reportDeps(ctx: AppContext): ReportDeps {
  return { db: ctx.db, lines: reportLinesRepository(ctx.db), rules: allocationRulesRepository(ctx.db) };
}
