// The messages between the BI Parquet writer and its table thread (parquet-thread.ts): the thread
// writes the tables it was given into files of `folder` (`<index>.parquet`, the index in the
// schema's tables), saying how many rows it has read and when each file is complete, and ends as
// its writing ended; it stops when asked.

export interface ParquetThreadInput {
  database: { url: string; schema: string };
  companyId: number;
  scenario: { id: number; modelId: number };
  /** The runs the writer exports: the thread refuses to write another run's tables. */
  calculationId: number;
  reportCalculationId: number | null;
  /** Indexes in the schema's tables. */
  tables: number[];
  folder: string;
}

export type FromParquetThread =
  | { type: "rows"; rows: number }
  | { type: "table"; table: number }
  | { type: "done" }
  | { type: "stopped" }
  | { type: "failed"; message: string; stack?: string };

export type ToParquetThread = { type: "stop" };
