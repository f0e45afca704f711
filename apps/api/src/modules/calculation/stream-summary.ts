import type { reportSummaryRepository, SummarySection } from "@costflow/db/repositories/report-summary";
import { toMajor } from "@costflow/engine/calc/decimal";
import { whaleCurve } from "@costflow/engine/calc/whale";

// The results summary (shared/guide/results-summary.md) of a report run, written as JSON text when
// it is asked for: the run keeps its head (everything but the per-record parts, worker/compute-run.ts
// summaryHeadText) and the per-record parts come from the report data, page by page in record
// order. Calculate-all no longer builds the whole text (at size L about two gigabytes).
//
// Exactly the engine's buildSummary: the report data keeps line values and profit in minor units
// rounded as the summary rounds them (reportedMinor), cost and unallocated as the engine's minor
// units, and the whale curve is redrawn from the stored profits by the engine's whaleCurve.

type Repository = ReturnType<typeof reportSummaryRepository>;
type Filter = { companyId: number; calculationId: number };

interface SummaryHead {
  /** Dimension code -> id (the report data's dimension_id). */
  dimensions: Record<string, number>;
  /** P&L line codes in rank order: the first values of each record row. */
  lines: string[];
  summary: Record<string, unknown>;
}

/** Rows per query, and the size of the text pieces handed to the response. */
const PAGE = 20_000;
const PIECE_CHARS = 1 << 20;
/** Identifiers that JSON needs no escapes for. */
const PLAIN_KEY = /^[\w .:/-]*$/;

const num = (v: number) => (Number.isFinite(v) ? String(v) : "null");
const key = (id: string) => (PLAIN_KEY.test(id) ? `"${id}"` : JSON.stringify(id));

export async function* summaryPieces(
  repo: Repository,
  run: Filter,
  headText: string,
  minorDigits: number,
): AsyncGenerator<string> {
  const head = JSON.parse(headText) as SummaryHead;
  const major = (minor: number) => num(toMajor(minor, minorDigits));
  const lineKeys = head.lines.map((line) => JSON.stringify(line));
  const out = new SummaryWriter(repo, run, head, minorDigits);

  const summary = head.summary;
  const names = Object.keys(summary);
  out.add("{");
  for (let k = 0; k < names.length; k++) {
    const name = names[k]!;
    out.add(`${k > 0 ? "," : ""}${JSON.stringify(name)}:`);
    const value = summary[name] as Record<string, unknown>;
    const codes = Object.keys(value);
    if (name === "records") {
      yield* out.perRecord(
        codes,
        "records",
        (_, v) => `{"cost":${major(v[0]!)},"unallocated":${major(v[1]!)}}`,
      );
    } else if (name === "pnl") {
      yield* out.perRecord(codes, "pnl", (_, v) => {
        let text = "{";
        for (let l = 0; l < lineKeys.length; l++) text += `${l > 0 ? "," : ""}${lineKeys[l]}:${major(v[l]!)}`;
        return `${text}}`;
      });
    } else if (name === "profit") {
      const wanted = new Set(
        Object.entries((summary.whale ?? {}) as Record<string, Record<string, unknown>>)
          .filter(([, w]) => "points" in w)
          .map(([code]) => code),
      );
      for (const code of wanted) out.profits.set(code, []);
      yield* out.perRecord(codes, "profit", (code, v) => {
        out.profits.get(code)?.push(v[0]!);
        return major(v[0]!);
      });
    } else if (name === "whale") {
      yield* out.whale(value as Record<string, Record<string, unknown>>);
    } else out.add(JSON.stringify(value));
  }
  out.add("}");
  yield out.take();
}

/** The summary's text as it is written, taken in pieces of about PIECE_CHARS. */
class SummaryWriter {
  private part: string[] = [];
  private size = 0;
  /** Profits of each dimension in record order, kept from the `profit` section for the whale. */
  readonly profits = new Map<string, number[]>();

  constructor(
    private readonly repo: Repository,
    private readonly run: Filter,
    private readonly head: SummaryHead,
    private readonly minorDigits: number,
  ) {}

  add(text: string) {
    this.part.push(text);
    this.size += text.length;
  }

  take() {
    const text = this.part.join("");
    this.part = [];
    this.size = 0;
    return text;
  }

  /** Every record of a dimension in record order, one page at a time. */
  private async *rowsOf(code: string, section: SummarySection) {
    const id = this.head.dimensions[code];
    if (id === undefined) return;
    let after = -1;
    for (;;) {
      const rows = await this.repo.page(this.run, id, section, {
        after,
        limit: PAGE,
        lines: this.head.lines.length,
      });
      yield rows;
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]!.recordNo;
    }
  }

  /** A section keyed by dimension, then identifier. */
  async *perRecord(
    codes: string[],
    section: SummarySection,
    entry: (code: string, values: number[]) => string,
  ) {
    this.add("{");
    for (let k = 0; k < codes.length; k++) {
      const code = codes[k]!;
      this.add(`${k > 0 ? "," : ""}${JSON.stringify(code)}:{`);
      let first = true;
      for await (const rows of this.rowsOf(code, section)) {
        for (const row of rows) {
          this.add(`${first ? "" : ","}${key(row.identifier)}:${entry(code, row.values)}`);
          first = false;
        }
        if (this.size >= PIECE_CHARS) yield this.take();
      }
      this.add("}");
    }
    this.add("}");
  }

  async *whale(entries: Record<string, Record<string, unknown>>) {
    this.add("{");
    const codes = Object.keys(entries);
    for (let k = 0; k < codes.length; k++) {
      const code = codes[k]!;
      this.add(`${k > 0 ? "," : ""}${JSON.stringify(code)}:{`);
      const fields = Object.keys(entries[code]!);
      for (let f = 0; f < fields.length; f++) {
        const field = fields[f]!;
        this.add(`${f > 0 ? "," : ""}${JSON.stringify(field)}:`);
        if (field !== "points") {
          this.add(JSON.stringify(entries[code]![field]));
          continue;
        }
        let values = this.profits.get(code);
        if (!values) {
          values = [];
          for await (const rows of this.rowsOf(code, "profit"))
            for (const row of rows) values.push(row.values[0]!);
        }
        yield* this.curve(code, values);
      }
      this.add("}");
    }
    this.add("}");
  }

  /**
   * The whale points of engine/calc/whale.ts, from the stored profits (minor units, rounded as
   * the summary and the whale round them: as major units they round back to themselves).
   */
  private *curve(code: string, values: number[]) {
    const profit = Float64Array.from(values, (minor) => toMajor(minor, this.minorDigits));
    const points = whaleCurve(code, "", profit, this.minorDigits).points ?? new Float64Array(0);
    this.add("[");
    for (let p = 0; p < points.length; p += 2) {
      this.add(`${p > 0 ? "," : ""}[${num(points[p]!)},${num(points[p + 1]!)}]`);
      if (this.size >= PIECE_CHARS) yield this.take();
    }
    this.add("]");
  }
}
