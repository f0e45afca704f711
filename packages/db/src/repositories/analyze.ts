import type { Executor } from "../client.ts";
import { rawQuery } from "./model-data/raw-client.ts";

/**
 * The tables analysed after a bulk write (docs/performance.md, session 14): without statistics
 * (autovacuum off, or not yet run on rows just written) the planner could not tell two indexes of
 * dimension_records apart (1.4 s per report call on 5 M order lines, 30 ms analysed), and planned
 * the BI export's reads of a run's records worse (CSV of light L: 127 s, 96 s analysed).
 */
export type AnalyzedTable = "dimension_records" | "result_records" | "result_vectors" | "report_records";

/**
 * The columns analysed where not all of them: result_vectors' arrays (per-record detail, up to
 * millions of numbers) are never compared in a query, and sampling them took 1 s at size L against
 * 0.15 s for the key columns. Without any statistics the trace's index probes by record number
 * scanned every OWN and ROLLED row of the run (40 ms and 21 ms at L, 0.1 ms analysed).
 */
const ANALYZED_COLUMNS: Partial<Record<AnalyzedTable, readonly string[]>> = {
  result_vectors: ["company_id", "calculation_id", "step", "kind", "source_no", "dimension_id"],
};

/**
 * ANALYZE reads a sample (30,000 rows), well under a second at size L. Inside a transaction it
 * counts the transaction's own new rows, and holds its lock until the commit: call it there only
 * for a write the caller does alone (an import), else after the commit.
 */
export async function analyzeTable(table: AnalyzedTable, executor: Executor): Promise<void> {
  await rawQuery(analyzeStatement(table), [], executor);
}

/** The statement, for writers holding their own session (an upload's bulk session). */
export const analyzeStatement = (table: AnalyzedTable) => {
  const columns = ANALYZED_COLUMNS[table];
  return columns ? `analyze ${table} (${columns.join(", ")})` : `analyze ${table}`;
};
