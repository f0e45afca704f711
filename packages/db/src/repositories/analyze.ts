import type { Executor } from "../client.ts";
import { rawQuery } from "./model-data/raw-client.ts";

/**
 * The tables analysed after a bulk write (docs/performance.md, session 14): without statistics
 * (autovacuum off, or not yet run on rows just written) the planner could not tell two indexes of
 * dimension_records apart (1.4 s per report call on 5 M order lines, 30 ms analysed), and planned
 * the BI export's reads of a run's records worse (CSV of light L: 127 s, 96 s analysed).
 */
export type AnalyzedTable = "dimension_records" | "result_records" | "report_records";

/**
 * ANALYZE reads a sample (30,000 rows), well under a second at size L. Inside a transaction it
 * counts the transaction's own new rows, and holds its lock until the commit: call it there only
 * for a write the caller does alone (an import), else after the commit.
 */
export async function analyzeTable(table: AnalyzedTable, executor: Executor): Promise<void> {
  await rawQuery(analyzeStatement(table), [], executor);
}

/** The statement, for writers holding their own session (an upload's bulk session). */
export const analyzeStatement = (table: AnalyzedTable) => `analyze ${table}`;
