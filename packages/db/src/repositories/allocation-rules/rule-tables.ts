import { and, eq } from "drizzle-orm";
import type { Executor } from "../../client.ts";
import type {
  accountAllocations,
  activityAllocations,
  calculatedDriverAllocations,
  dimensionAllocations,
  directAllocations,
} from "../../schema/allocation-rules.ts";
import type { PageResult } from "../paging.ts";

// What the rule sets share: every function takes the caller's company first and filters by it, so
// another company's ids look like ids that do not exist. Ratios are numeric(12,6) and travel as
// their exact decimal text.

/**
 * Any rule table: its rows are written by id within the company. Steps 1 and 2 share one typed
 * view (source-rules.ts: same columns, different table).
 */
export type RuleTable =
  | typeof accountAllocations
  | typeof directAllocations
  | typeof activityAllocations
  | typeof dimensionAllocations
  | typeof calculatedDriverAllocations;

export async function insertRule(
  t: RuleTable,
  values: Record<string, unknown>,
  tx: Executor,
): Promise<number> {
  const [row] = await tx
    .insert(t)
    .values(values as never)
    .returning({ id: t.id });
  return row!.id;
}

export async function updateRule(
  t: RuleTable,
  companyId: number,
  id: number,
  values: Record<string, unknown>,
  tx: Executor,
): Promise<void> {
  await tx
    .update(t)
    .set(values as never)
    .where(and(eq(t.companyId, companyId), eq(t.id, id)));
}

/** Whether the rule existed (and is gone). */
export async function deleteRule(
  t: RuleTable,
  companyId: number,
  id: number,
  tx: Executor,
): Promise<boolean> {
  const rows = await tx
    .delete(t)
    .where(and(eq(t.companyId, companyId), eq(t.id, id)))
    .returning({ id: t.id });
  return rows.length === 1;
}

/** The first row of a query, if any. */
export async function one<T>(rows: Promise<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

export async function page<Row>(rows: Promise<Row[]>, count: Promise<number>): Promise<PageResult<Row>> {
  return { rows: await rows, count: await count };
}
