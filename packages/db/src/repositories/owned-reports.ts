import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "../schema/users.ts";

// What the saved reports and the PDF reports share (docs/reports.md, "Saved reports"; docs/pdf.md):
// each belongs to an owner, is private or shared with the company, and is listed with its owner's
// name and searched by title.

/** The owner's full name, else their e-mail (joined on `users`). */
export const ownerName = sql<string>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.email})`;

/** Escapes LIKE wildcards so a search for "50%" finds that text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rows of a company a user may read: their own and those shared with the company. */
export function visibleTo(
  table: { companyId: AnyPgColumn; ownerId: AnyPgColumn; shared: AnyPgColumn },
  companyId: number,
  userId: number,
): SQL {
  return and(eq(table.companyId, companyId), or(eq(table.ownerId, userId), eq(table.shared, true)))!;
}
