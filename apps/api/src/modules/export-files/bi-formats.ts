import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XLSX_MAX_ROWS } from "@costflow/contract/export-files";
import type { AppContext } from "../../context.ts";
import { requireScenario } from "../../lib/data-scope.ts";
import { excel } from "../../lib/excel.ts";
import { neutraliseCell } from "../../lib/spreadsheet-cells.ts";
import { type DeflatedFile, deflateToFile, type ZipEntry, zipWriter } from "../../lib/zip-writer.ts";
import {
  biStarSchema,
  type StarChunk,
  type StarColumn,
  type StarSchema,
  type StarTable,
  type StarValue,
} from "./bi-star-schema.ts";
import { CSV_DEFLATE_LEVEL } from "./export-settings.ts";
import { type ExportProgress, ExportRefused, ExportStopped, type ExportWriter } from "./export-writer.ts";
import { parquetInTwoLanes, writeParquetTable } from "./parquet-tables.ts";

// The three formats of the BI template (docs/exports.md): CSV files in a zip, one .xlsx workbook,
// Parquet files in a zip. Each table is read a chunk at a time and written as it comes: the
// export never holds a table in memory.

const encoder = new TextEncoder();

async function schemaOf(ctx: AppContext, file: { companyId: number; scenarioId: number | null }) {
  const scenario = await requireScenario(ctx, file.companyId, file.scenarioId ?? 0);
  const schema = await biStarSchema(ctx, file.companyId, scenario);
  if (!schema) throw new ExportRefused("no_calculation");
  return { scenario, schema };
}

/** The archive's README: the model, the run, and every table with every column. */
function readme(schema: StarSchema, scenarioName: string): string {
  const lines = [
    "# Costflow BI template",
    "",
    `Scenario: ${scenarioName}. Calculation: ${schema.calculationId}` +
      (schema.reportCalculationId ? `; report run: ${schema.reportCalculationId}` : "") +
      `. Currency: ${schema.currency} (amounts in major units, ${schema.minorDigits} decimals). ` +
      `General-ledger total: ${schema.glTotal.toFixed(schema.minorDigits)}.`,
    "",
    "A star schema: dim_* tables describe accounts, pools, activities, dimensions, records and P&L lines",
    "with stable keys (the same in every export of this scenario); fact_* tables hold the amounts and",
    "refer to the dimension tables by those keys. Σ fact_record_cost.amount + Σ fact_unallocated.amount",
    "= the general-ledger total; the rows of fact_record_cost of one record add up to its fact_record.resting.",
    "",
  ];
  for (const table of schema.tables) {
    lines.push(
      `## ${table.name}`,
      "",
      table.description,
      "",
      "| column | type | description |",
      "|---|---|---|",
    );
    for (const column of table.columns)
      lines.push(`| ${column.name} | ${column.type} | ${column.description} |`);
    lines.push("");
  }
  return lines.join("\n");
}

/** Counts the rows of every table (Excel's limit, progress). */
async function counts(tables: StarTable[]): Promise<number[]> {
  const out: number[] = [];
  for (const table of tables) out.push(await table.count());
  return out;
}

/** About the rows of each table, for progress and the order tables are made in. */
async function estimatedSizes(tables: StarTable[]): Promise<number[]> {
  const sizes: number[] = [];
  for (const table of tables) sizes.push(await (table.estimate ?? table.count)());
  return sizes;
}

function progressOver(total: number, progress: ExportProgress) {
  let done = 0;
  return async (rows: number) => {
    done += rows;
    await progress(total > 0 ? Math.min(0.99, done / total) : 0.5);
  };
}

const NEEDS_QUOTES = /[",\r\n]/;
/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
const csvField = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** The CSV text of one column's cell, per the column's type (null is empty). */
function csvFormatter(column: StarColumn, digits: number): (value: StarValue) => string {
  if (column.amount) return (v) => (v === null ? "" : (v as number).toFixed(digits));
  switch (column.type) {
    case "STRING":
      return (v) => (v === null ? "" : csvField(neutraliseCell(v as string)));
    case "BOOLEAN":
      return (v) => (v === null ? "" : v ? "true" : "false");
    default:
      return (v) => (v === null ? "" : String(v));
  }
}

/** A chunk as CSV lines (each ending in \n). */
function csvLines(chunk: StarChunk, formats: ((value: StarValue) => string)[]): string {
  let text = "";
  const last = formats.length - 1;
  for (let r = 0; r < chunk.rows; r++) {
    for (let c = 0; c <= last; c++) {
      text += formats[c]!(chunk.columns[c]![r]!);
      text += c === last ? "\n" : ",";
    }
  }
  return text;
}

/** Rows in CSV bytes: the line ends (a line break inside a quoted cell counts too; progress only). */
function lineEnds(bytes: Uint8Array): number {
  let n = 0;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) n++;
  return n;
}

/** Runs the tasks given to it at most `n` at a time, in the order they were given. */
function slots(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A finished task hands its slot to the next one waiting, so none can slip in between.
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** Writes one table as CSV (header line, then its rows) to `entry`. */
async function writeTableCsv(
  table: StarTable,
  digits: number,
  entry: ZipEntry,
  advance: (rows: number) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  await entry.write(encoder.encode(`${table.columns.map((c) => csvField(c.name)).join(",")}\n`));
  const formats = table.columns.map((column) => csvFormatter(column, digits));
  const format = (chunk: StarChunk) => encoder.encode(csvLines(chunk, formats));
  const pieces = table.csv
    ? table.csv()
    : (async function* () {
        for await (const chunk of table.chunks()) yield format(chunk);
      })();
  for await (const bytes of pieces) {
    if (signal.aborted) throw new ExportStopped();
    await entry.write(bytes);
    await advance(lineEnds(bytes));
  }
}

/**
 * BI_CSV: README.md and one CSV file per table (UTF-8, header line) in a zip. The large tables come
 * as CSV from the database or expanded by this thread from short rows (StarTable.csv), in two lanes
 * (StarTable.csvByThread), each table deflated into a temporary file (zlib's fastest level, which keeps pace with the database;
 * level 6 is a sixth smaller and five times slower), and the files are copied into the archive in
 * the tables' order as they are done.
 */
export const writeBiCsv: ExportWriter = async (ctx, file, out, progress, signal) => {
  const { scenario, schema } = await schemaOf(ctx, file);
  const sizes = await estimatedSizes(schema.tables);
  const advance = progressOver(
    sizes.reduce((a, b) => a + b, 0),
    progress,
  );
  const folder = await mkdtemp(join(tmpdir(), "costflow-csv-"));
  const failed = new AbortController();
  const stop = AbortSignal.any([signal, failed.signal]);
  // The first failure of a table: the tables it stopped report that, not their stop.
  let failure: { error: unknown } | null = null;
  try {
    // Two lanes, each taking its tables one at a time, largest first: the tables whose CSV the
    // thread expands, and those the database makes (two threads' work at once, not two tables
    // of one thread's). A failure stops the others.
    const lanes = { thread: slots(1), database: slots(1) };
    const deflated: Promise<DeflatedFile>[] = [];
    for (const i of schema.tables.map((_, i) => i).sort((a, b) => sizes[b]! - sizes[a]!)) {
      const lane = schema.tables[i]!.csvByThread ? lanes.thread : lanes.database;
      deflated[i] = lane(async () => {
        if (stop.aborted) throw new ExportStopped();
        return deflateToFile(join(folder, `${i}.csv.deflate`), CSV_DEFLATE_LEVEL, (entry) =>
          writeTableCsv(schema.tables[i]!, schema.minorDigits, entry, advance, stop),
        );
      });
      deflated[i]!.catch((error) => {
        failure ??= error instanceof ExportStopped ? null : { error };
        failed.abort();
      });
    }
    const zip = zipWriter(out, { level: CSV_DEFLATE_LEVEL });
    const doc = await zip.entry("README.md", { deflate: true });
    await doc.write(encoder.encode(readme(schema, scenario.name)));
    await doc.end();
    try {
      for (const [i, table] of schema.tables.entries()) {
        const done = await deflated[i]!.catch((error) => {
          throw failure ? failure.error : error;
        });
        await zip.copyDeflated(`${table.name}.csv`, done);
        await rm(done.path, { force: true });
      }
      await zip.end();
    } finally {
      failed.abort();
      await Promise.allSettled(deflated);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

/** BI_PARQUET: README.md and one Parquet file per table (snappy, row groups of 100,000 rows) in a zip. */
export const writeBiParquet: ExportWriter = async (ctx, file, out, progress, signal) => {
  const { scenario, schema } = await schemaOf(ctx, file);
  const sizes = await estimatedSizes(schema.tables);
  const advance = progressOver(
    sizes.reduce((a, b) => a + b, 0),
    progress,
  );
  const zip = zipWriter(out);
  const doc = await zip.entry("README.md", { deflate: true });
  await doc.write(encoder.encode(readme(schema, scenario.name)));
  await doc.end();
  const url = ctx.database.driver === "postgres" ? ctx.database.url : undefined;
  if (url) {
    // Two lanes (this thread and a table thread, parquet-thread.ts), each writing its tables
    // into temporary files; the files go into the archive in the tables' order.
    await parquetInTwoLanes(
      { ctx, url, companyId: file.companyId, scenario, schema, sizes, advance, signal },
      zip,
    );
  } else {
    // PGlite: one in-process database, one lane, each table straight into the archive.
    for (const table of schema.tables) {
      // Parquet pages are compressed already: stored in the zip as they are.
      const entry = await zip.entry(`${table.name}.parquet`, { deflate: false });
      if (!(await writeParquetTable(table, (bytes) => entry.write(bytes), advance, signal))) return;
      await entry.end();
    }
  }
  await zip.end();
};

/** A cell of the workbook: ids as numbers, formula-looking text neutralised. */
const xlsxCell = (value: StarValue) =>
  typeof value === "bigint" ? Number(value) : typeof value === "string" ? neutraliseCell(value) : value;

/** BI_XLSX: one workbook, a README sheet and a sheet per table; refused above Excel's sheet size. */
export const writeBiXlsx: ExportWriter = async (ctx, file, out, progress, signal) => {
  const { scenario, schema } = await schemaOf(ctx, file);
  const sizes = await counts(schema.tables);
  const biggest = sizes.indexOf(Math.max(...sizes));
  if (sizes[biggest]! + 1 > XLSX_MAX_ROWS) {
    throw new ExportRefused("too_many_rows", { table: schema.tables[biggest]!.name, rows: sizes[biggest]! });
  }
  const advance = progressOver(
    sizes.reduce((a, b) => a + b, 0),
    progress,
  );
  const workbook = new (await excel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const about = workbook.addWorksheet("README");
  for (const line of readme(schema, scenario.name).split("\n")) about.addRow([neutraliseCell(line)]).commit();
  about.commit();
  for (const table of schema.tables) {
    const sheet = workbook.addWorksheet(table.name.slice(0, 31));
    sheet.addRow(table.columns.map((c) => c.name)).commit();
    let written = 1;
    for await (const chunk of table.chunks()) {
      if (signal.aborted) return;
      written += chunk.rows;
      // Counted at request; the data may have grown since.
      if (written > XLSX_MAX_ROWS)
        throw new ExportRefused("too_many_rows", { table: table.name, rows: written - 1 });
      for (let r = 0; r < chunk.rows; r++)
        sheet.addRow(chunk.columns.map((column) => xlsxCell(column[r]!))).commit();
      await advance(chunk.rows);
    }
    sheet.commit();
  }
  await workbook.commit();
};

/** The number of rows of the largest table of the BI template (Excel's limit is checked at request). */
export async function largestBiTable(
  ctx: AppContext,
  companyId: number,
  scenario: { id: number; modelId: number },
): Promise<{ table: string; rows: number } | null> {
  const schema = await biStarSchema(ctx, companyId, scenario);
  if (!schema) return null;
  const sizes = await counts(schema.tables);
  const i = sizes.indexOf(Math.max(...sizes));
  return { table: schema.tables[i]!.name, rows: sizes[i]! };
}
