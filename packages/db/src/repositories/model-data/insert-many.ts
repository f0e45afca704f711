import type { Executor } from "../../client.ts";
import { quoteIdentifier } from "./copy-text.ts";
import { rawQuery } from "./raw-client.ts";

/** PostgreSQL's limit is 65,535 parameters per statement; stay well below it. */
const MAX_PARAMETERS = 30_000;

/**
 * Multi-row INSERTs of `rows` (one array of values per row, in `columns` order), in statements of
 * as many rows as the parameter limit allows. With `returning`, the returned rows in input order.
 */
export async function insertMany<R = Record<string, unknown>>(
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  returning: string | undefined,
  executor: Executor,
): Promise<R[]> {
  const out: R[] = [];
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const head = `insert into ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(", ")}) values `;
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const marks = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${marks.join(", ")})`;
    });
    const text = `${head}${tuples.join(", ")}${returning ? ` returning ${returning}` : ""}`;
    const result = await rawQuery<R>(text, params, executor);
    // PostgreSQL returns the rows of a multi-row VALUES insert in the order given.
    if (returning) out.push(...result);
  }
  return out;
}
