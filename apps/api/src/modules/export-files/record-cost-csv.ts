import { forEachCopyRow } from "@costflow/db/repositories/model-data/copy-text";
import { CopyWriter } from "../../lib/copy-writer.ts";
import type { StarSource } from "./bi-star-columns.ts";

// fact_record_cost's CSV of a dimension with detail arrays, made in the export thread from the
// arrays themselves (docs/exports.md, "BI template"): PostgreSQL sends each array once as COPY
// text and the records' keys and resting cost, and each non-zero entry becomes a row, then each
// record's REST (its resting cost less its entries). The same rows as the database's statement
// (csv-tables.ts, which remains for dimensions without arrays), in another order: at size L the
// database unnested 20 million entries and joined them to their records (about a minute).

import { CLOSE, COMMA, DOT, MINUS, NEWLINE, OPEN, TAB, ZERO } from "./expanded-csv.ts";

/** `minor` (an integer) in major units with exactly `digits` decimals, as `numeric` prints it. */
function writeMajor(out: CopyWriter, minor: number, digits: number): void {
  if (minor < 0) out.byte(MINUS);
  const size = Math.abs(minor);
  if (digits === 0) {
    out.int(size);
    return;
  }
  const scale = 10 ** digits;
  const whole = Math.floor(size / scale);
  out.int(whole);
  out.byte(DOT);
  let fraction = size - whole * scale;
  for (let d = digits - 1; d >= 0; d--) {
    const unit = 10 ** d;
    const digit = Math.floor(fraction / unit);
    out.byte(ZERO + digit);
    fraction -= digit * unit;
  }
}

/** The bytes of one COPY row's field `at` (0-based) as text (short fields only). */
function fieldText(row: Uint8Array, starts: number[], at: number): string {
  return Buffer.from(row.buffer, row.byteOffset + starts[at]!, starts[at + 1]! - 1 - starts[at]!).toString(
    "latin1",
  );
}

/** COPY text rows of `chunks`, each whole (without its newline), as they complete. */
async function* copyRows(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = [];
  for await (const chunk of chunks) {
    let from = 0;
    for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, from)) {
      const piece = chunk.subarray(from, end);
      yield pending.length ? Buffer.concat([...pending, piece]) : piece;
      pending = [];
      from = end + 1;
    }
    if (from < chunk.length) pending.push(Uint8Array.from(chunk.subarray(from)));
  }
  if (pending.length) throw new Error("COPY output ended inside a row");
}

/**
 * Per record number of a dimension in the run: its key (NaN when the record is gone) and its
 * resting cost in minor units, in typed arrays (16 bytes a record).
 */
export async function recordKeysAndResting(
  { repo, run, scenarioId }: StarSource,
  dimensionId: number,
  records: number,
): Promise<{ keys: Float64Array; resting: Float64Array }> {
  const keys = new Float64Array(records).fill(Number.NaN);
  const resting = new Float64Array(records);
  for await (const text of repo.runRecordLines(run, scenarioId, dimensionId)) {
    forEachCopyRow(text, (f) => {
      const no = Number(f[0]);
      if (f[1] !== "\\N") keys[no] = Number(f[1]);
      resting[no] = Number(f[2]);
    });
  }
  return { keys, resting };
}

export async function* recordCostCsv(
  source: StarSource,
  dimensionId: number,
  records: number,
): AsyncGenerator<Uint8Array> {
  const { repo, run, digits } = source;
  const { keys, resting } = await recordKeysAndResting(source, dimensionId, records);
  const explained = new Float64Array(records);
  const out = new CopyWriter();
  const row = (no: number, middle: Buffer, amount: number) => {
    if (!Number.isNaN(keys[no]!)) out.int(keys[no]!);
    out.bytes(middle);
    writeMajor(out, amount, digits);
    out.byte(NEWLINE);
  };
  for await (const line of copyRows(repo.costVectorsCopy(run, dimensionId))) {
    // step, kind, activity, pool, amounts
    const starts = [0];
    for (let i = 0; starts.length < 5; i++) if (line[i] === TAB) starts.push(i + 1);
    starts.push(line.length + 1);
    const kind = fieldText(line, starts, 1);
    const key = (at: number) => {
      const text = fieldText(line, starts, at);
      return text === "\\N" ? "" : text;
    };
    const middle = Buffer.from(
      `,${dimensionId},${key(2)},${key(3)},${fieldText(line, starts, 0)},${kind},`,
      "latin1",
    );
    const sign = kind === "SENT" ? -1 : 1;
    let no = 0;
    let i = starts[4]!;
    if (line[i] !== OPEN) throw new Error("fact_record_cost: a detail array expected");
    for (i++; i < line.length && line[i] !== CLOSE; i++, no++) {
      let negative = false;
      if (line[i] === MINUS) {
        negative = true;
        i++;
      }
      let value = 0;
      for (let c = line[i]!; c !== COMMA && c !== CLOSE; c = line[++i]!) value = value * 10 + (c - ZERO);
      if (value === 0) {
        if (line[i] === CLOSE) i--;
        continue;
      }
      const amount = sign * (negative ? -value : value);
      explained[no] = explained[no]! + amount;
      row(no, middle, amount);
      if (line[i] === CLOSE) i--;
      if (out.chunks.length) yield* out.chunks.splice(0);
    }
  }
  const rest = Buffer.from(`,${dimensionId},,,,REST,`, "latin1");
  for (let no = 0; no < records; no++) {
    const amount = resting[no]! - explained[no]!;
    if (amount !== 0) row(no, rest, amount);
    if (out.chunks.length) yield* out.chunks.splice(0);
  }
  yield* out.flush().splice(0);
}
