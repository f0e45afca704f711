// records/<DIM>.csv: one row per record, columnar. Numbers are parsed from the CSV bytes straight
// into Float64Arrays, relationship cells are looked up from bytes into Int32Array row indexes of the
// (already read) target dimension; only identifiers and text/date cells become strings.

import type { DimensionDriver, DimensionRecords, RelationColumn } from "../model/types.ts";
import { fieldText, isDateBytes, parseDecimal } from "./csv-fields.ts";
import { CsvScanner } from "./csv-scanner.ts";
import { GrowableFloat64, GrowableInt32 } from "./growable.ts";
import { IdentifierIndex, NOT_ASCII } from "./identifier-index.ts";
import type { ReadContext } from "./read-context.ts";
import { checkHeader } from "./read-table.ts";

const IDENTIFIER = 0;
const DECIMAL = 1;
const TEXT = 2;
const DATE = 3;
const RELATION = 4;

/** Records already read, with their lookup index, for dimensions that others point to. */
type RecordTargets = Map<string, IdentifierIndex>;

interface Column {
  kind: number;
  name: string;
  decimals?: GrowableFloat64;
  texts?: (string | null)[];
  relation?: {
    target: string;
    index: GrowableInt32;
    dangling: { row: number; value: string }[];
    lookup: IdentifierIndex;
    /** Row found for the previous cell: order lines usually point at the same or next order. */
    last: number;
  };
}

const EMPTY_INDEX = new IdentifierIndex([]);

/** The column for a header cell (an allowed name): its kind and its empty storage. */
function newColumn(name: string, drivers: DimensionDriver[], targets: RecordTargets): Column {
  if (name === "identifier") return { kind: IDENTIFIER, name };
  const driver = drivers.find((d) => d.name === name)!;
  switch (driver.dataType) {
    case "DECIMAL":
      return { kind: DECIMAL, name, decimals: new GrowableFloat64(1024) };
    case "TEXT":
      return { kind: TEXT, name, texts: [] };
    case "DATE":
      return { kind: DATE, name, texts: [] };
    case "DIMENSION": {
      const target = name.slice(0, -3);
      const lookup = targets.get(target) ?? EMPTY_INDEX;
      return {
        kind: RELATION,
        name,
        relation: { target, index: new GrowableInt32(1024), dangling: [], lookup, last: -1 },
      };
    }
  }
}

export async function readRecords(
  ctx: ReadContext,
  file: string,
  dimension: string,
  drivers: DimensionDriver[],
  targets: RecordTargets,
): Promise<DimensionRecords | null> {
  const { issues } = ctx;
  const totalBytes = ctx.source.files.get(file)?.size ?? 0;
  const allowed = ["identifier", ...drivers.map((d) => d.name)];
  let columns: Column[] | null = null;
  let idCol = 0;
  let headerDone = false;
  const ids: string[] = [];
  const lines = new GrowableInt32(1024);
  let sorted = true;
  let previous = "";

  const issue = (
    line: number,
    k: number,
    code: "not_a_number" | "not_a_date" | "required",
    message: string,
  ) => issues.add({ code, file, line, column: k + 1, columnName: columns![k]!.name, message });

  const scanner = new CsvScanner({
    syntaxError(line, field, message) {
      issues.add({ code: "csv_syntax", file, line, column: field, message });
    },
    record(s) {
      if (!headerDone) {
        headerDone = true;
        const header = Array.from({ length: s.count }, (_, k) => fieldText(s, k));
        const mapping = checkHeader(file, header, (n) => allowed.indexOf(n), ["identifier"], issues, s.line);
        if (mapping) {
          columns = header.map((name) => newColumn(name, drivers, targets));
          idCol = header.indexOf("identifier");
        }
        return;
      }
      const cols = columns;
      if (!cols) return;
      if (s.count !== cols.length) {
        issues.add({
          code: "field_count",
          file,
          line: s.line,
          column: 0,
          message: `Expected ${cols.length} fields, found ${s.count}`,
        });
        return;
      }
      const b = s.buf;
      // Identifier first: a row without one is skipped entirely.
      if (s.starts[idCol] === s.ends[idCol]) {
        issue(s.fieldLines[idCol]!, idCol, "required", "identifier is required");
        return;
      }
      const id = fieldText(s, idCol);
      const row = ids.length;
      if (sorted && row > 0 && !(previous < id)) sorted = false;
      previous = id;
      ids.push(id);
      lines.push(s.line);
      if (row === 4096 && totalBytes > 0) {
        // Size the columns once from the average record length instead of doubling repeatedly.
        const estimate = Math.ceil((totalBytes / scanner.recordEnd) * row * 1.02) + 1024;
        lines.reserve(estimate);
        for (const c of cols) (c.decimals ?? c.relation?.index)?.reserve(estimate);
      }
      for (let k = 0; k < cols.length; k++) {
        const c = cols[k]!;
        const start = s.starts[k]!;
        const end = s.ends[k]!;
        switch (c.kind) {
          case DECIMAL: {
            if (start === end) {
              c.decimals!.push(Number.NaN);
              break;
            }
            const v = parseDecimal(b, start, end);
            if (!Number.isFinite(v)) {
              issue(
                s.fieldLines[k]!,
                k,
                "not_a_number",
                `"${fieldText(s, k)}" is not a number (use . as decimal separator)`,
              );
            }
            c.decimals!.push(v);
            break;
          }
          case TEXT:
            c.texts!.push(start === end ? null : fieldText(s, k));
            break;
          case DATE:
            if (start === end) c.texts!.push(null);
            else {
              if (!isDateBytes(b, start, end)) {
                issue(s.fieldLines[k]!, k, "not_a_date", `"${fieldText(s, k)}" is not a date YYYY-MM-DD`);
              }
              c.texts!.push(fieldText(s, k));
            }
            break;
          case RELATION: {
            const r = c.relation!;
            if (start === end) {
              r.index.push(-1);
              break;
            }
            const lookup = r.lookup;
            let found: number;
            if (lookup.matches(r.last + 1, b, start, end)) found = r.last + 1;
            else if (lookup.matches(r.last, b, start, end)) found = r.last;
            else {
              found = lookup.findBytes(b, start, end);
              if (found === NOT_ASCII) found = lookup.findString(fieldText(s, k));
            }
            if (found < 0) {
              r.index.push(-2);
              r.dangling.push({ row, value: fieldText(s, k) });
            } else {
              r.index.push(found);
              r.last = found;
            }
            break;
          }
        }
      }
    },
  });
  await scanFile(ctx, file, scanner, totalBytes);
  if (!headerDone) {
    issues.add({ code: "missing_column", file, line: 1, column: 0, message: "The file has no header row" });
    return null;
  }
  if (!columns) return null;
  return finish(ctx, file, dimension, drivers, columns, ids, lines.finish(), sorted);
}

/** Feeds the file to the scanner chunk by chunk, reporting progress every 8 MB and at the end. */
async function scanFile(
  ctx: ReadContext,
  file: string,
  scanner: CsvScanner,
  totalBytes: number,
): Promise<void> {
  let lastProgress = 0;
  await ctx.source.read(file, (chunk) => {
    scanner.push(chunk);
    if (ctx.onProgress && scanner.bytes - lastProgress >= 8 << 20) {
      lastProgress = scanner.bytes;
      ctx.onProgress({ file, bytes: scanner.bytes, totalBytes });
    }
  });
  scanner.end();
  ctx.onProgress?.({ file, bytes: scanner.bytes, totalBytes });
}

/** The records in identifier order, with duplicates reported and one column per driver. */
function finish(
  ctx: ReadContext,
  file: string,
  dimension: string,
  drivers: DimensionDriver[],
  columns: Column[],
  ids: string[],
  lines: Int32Array,
  sorted: boolean,
): DimensionRecords {
  const n = ids.length;
  const order = sorted ? null : identifierOrder(ids);
  const sortedIds = order ? Array.from(order, (i) => ids[i]!) : ids;
  const sortedLines = order ? permute(lines, order, new Int32Array(n)) : lines;
  const idColumn = columns.findIndex((c) => c.kind === IDENTIFIER);
  reportDuplicates(ctx, file, sortedIds, sortedLines, idColumn);
  const records: DimensionRecords = {
    dimension,
    identifiers: sortedIds,
    decimals: new Map(),
    texts: new Map(),
    relations: new Map(),
  };
  addDriverColumns(records, drivers, columns, n, order);
  return records;
}

/**
 * The row permutation into code-unit order of the identifiers (fixed choice 11); equal identifiers
 * keep file order so the duplicate reported is the later line.
 */
function identifierOrder(ids: string[]): Int32Array {
  const perm = Array.from({ length: ids.length }, (_, i) => i);
  perm.sort((a, b) => {
    const x = ids[a]!;
    const y = ids[b]!;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  return Int32Array.from(perm);
}

function reportDuplicates(
  ctx: ReadContext,
  file: string,
  sortedIds: string[],
  sortedLines: Int32Array,
  idColumn: number,
): void {
  for (let i = 1; i < sortedIds.length; i++) {
    if (sortedIds[i] === sortedIds[i - 1]) {
      ctx.issues.add({
        code: "duplicate",
        file,
        line: sortedLines[i]!,
        column: idColumn + 1,
        columnName: "identifier",
        message: `Duplicate identifier "${sortedIds[i]}" (first on line ${sortedLines[i - 1]})`,
      });
    }
  }
}

/**
 * Every driver of the dimension gets a column, in dimension_drivers order, permuted into `order`
 * when there is one; a column the file does not have is all missing.
 */
function addDriverColumns(
  records: DimensionRecords,
  drivers: DimensionDriver[],
  columns: Column[],
  n: number,
  order: Int32Array | null,
): void {
  let inverse: Int32Array | null = null;
  if (order) {
    inverse = new Int32Array(n);
    for (let i = 0; i < n; i++) inverse[order[i]!] = i;
  }
  const byName = new Map(columns.map((c) => [c.name, c]));
  for (const d of drivers) {
    const c = byName.get(d.name);
    switch (d.dataType) {
      case "DECIMAL": {
        const data = c ? c.decimals!.finish() : new Float64Array(n).fill(Number.NaN);
        records.decimals.set(d.name, order ? permute(data, order, new Float64Array(n)) : data);
        break;
      }
      case "TEXT":
      case "DATE": {
        const data = c ? c.texts! : new Array<string | null>(n).fill(null);
        records.texts.set(d.name, order ? Array.from(order, (i) => data[i]!) : data);
        break;
      }
      case "DIMENSION": {
        let rel: RelationColumn;
        if (c) {
          const r = c.relation!;
          const index = r.index.finish();
          rel = {
            target: r.target,
            index: order ? permute(index, order, new Int32Array(n)) : index,
            dangling: r.dangling.map((x) => ({ row: inverse ? inverse[x.row]! : x.row, value: x.value })),
          };
          if (inverse) rel.dangling.sort((x, y) => x.row - y.row);
        } else rel = { target: d.name.slice(0, -3), index: new Int32Array(n).fill(-1), dangling: [] };
        records.relations.set(d.name, rel);
        break;
      }
    }
  }
}

/** out[i] = data[order[i]] (typed arrays' own map would keep the Int32 type of `order`). */
function permute<T extends Float64Array | Int32Array>(data: T, order: Int32Array, out: T): T {
  for (let i = 0; i < order.length; i++) out[i] = data[order[i]!]!;
  return out;
}
