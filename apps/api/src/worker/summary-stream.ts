import { once } from "node:events";
import { createGzip } from "node:zlib";
import { byCode } from "@costflow/engine/calc/context";
import { roundMajor, toMajor } from "@costflow/engine/calc/decimal";
import type { CalcResult } from "@costflow/engine/calc/result-types";
import type { ModelData } from "@costflow/engine/model/types";
import { buildSummary } from "@costflow/engine/summary/build-summary";

// The results summary (shared/guide/results-summary.md) as gzip-compressed JSON text. The engine's
// buildSummary makes an object per record, and at benchmark size L the text passes V8's largest
// string; so the engine builds everything but the per-record parts (given dimensions without
// identifiers), and the per-record parts are written here as text in chunks, with the same
// rounding helpers. JSON.parse of the result equals buildSummary(model, result) (tested).

const PART_CHARS = 1 << 20;
/** Identifiers that JSON needs no escapes for. */
const PLAIN_KEY = /^[\w .:/-]*$/;

export async function summaryGzip(model: ModelData, result: CalcResult): Promise<Buffer> {
  const light: CalcResult = {
    ...result,
    dimensions: new Map([...result.dimensions].map(([code, dim]) => [code, { ...dim, identifiers: [] }])),
  };
  const head = buildSummary(model, light) as unknown as Record<string, unknown>;
  const d = result.minorDigits;
  const scale = 10 ** d;
  const major = (minor: number) => toMajor(minor, d);
  // roundMajor reads the double as a decimal first (exact, ~1 us); millions of P&L values go
  // through this shortcut instead, which gives the same result whenever the value is not within
  // float noise of a half unit (|error| of v*scale is below 1e-4 under 1e10; else the slow path).
  const money = (v: number) => {
    const r = v * scale;
    if (r > -1e10 && r < 1e10) {
      const f = Math.abs(r) - Math.floor(Math.abs(r));
      if (Math.abs(f - 0.5) > 1e-3) return toMajor(r < 0 ? -Math.round(-r) : Math.round(r), d);
    }
    return roundMajor(v, d);
  };
  const num = (v: number) => (Number.isFinite(v) ? String(v) : "null");
  const key = (id: string) => (PLAIN_KEY.test(id) ? `"${id}"` : JSON.stringify(id));
  const lineCodes = model.pnlLines
    .slice()
    .sort((a, b) => a.rank - b.rank || byCode(a.code, b.code))
    .map((l) => l.code);
  const lineKeys = lineCodes.map((c) => JSON.stringify(c));

  /** The JSON text in pieces of about PART_CHARS (a generator: compression keeps pace). */
  function* pieces(): Generator<string> {
    // Small strings gathered in an array and joined per piece (fewer temporary strings for the GC).
    let part: string[] = [];
    let size = 0;
    const add = (text: string) => {
      part.push(text);
      size += text.length;
    };
    const take = () => {
      const text = part.join("");
      part = [];
      size = 0;
      return text;
    };
    const perRecord = function* (keys: string[], entry: (code: string, i: number) => string) {
      add("{");
      for (let k = 0; k < keys.length; k++) {
        const code = keys[k]!;
        add(`${k > 0 ? "," : ""}${JSON.stringify(code)}:{`);
        const ids = result.dimensions.get(code)!.identifiers;
        for (let i = 0; i < ids.length; i++) {
          add(`${i > 0 ? "," : ""}${key(ids[i]!)}:${entry(code, i)}`);
          if (size >= PART_CHARS) yield take();
        }
        add("}");
      }
      add("}");
    };
    add("{");
    const names = Object.keys(head);
    for (let k = 0; k < names.length; k++) {
      const name = names[k]!;
      add(`${k > 0 ? "," : ""}${JSON.stringify(name)}:`);
      const value = head[name] as Record<string, unknown>;
      if (name === "records") {
        yield* perRecord(Object.keys(value), (code, i) => {
          const dim = result.dimensions.get(code)!;
          return `{"cost":${num(major(dim.cost[i]!))},"unallocated":${num(major(dim.unallocated[i]!))}}`;
        });
      } else if (name === "pnl") {
        const columns = new Map(
          [...result.pnl.byDimension].map(([code, dim]) => [
            code,
            lineCodes.map((line) => dim.values.get(line)!),
          ]),
        );
        yield* perRecord(Object.keys(value), (code, i) => {
          const cols = columns.get(code)!;
          let text = "{";
          for (let l = 0; l < cols.length; l++)
            text += `${l > 0 ? "," : ""}${lineKeys[l]}:${num(money(cols[l]![i]!))}`;
          return `${text}}`;
        });
      } else if (name === "profit") {
        yield* perRecord(Object.keys(value), (code, i) =>
          num(money(result.pnl.byDimension.get(code)!.profit[i]!)),
        );
      } else add(JSON.stringify(value));
    }
    add("}");
    yield take();
  }

  const gzip = createGzip({ level: 1 });
  const out: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    gzip.on("end", resolve);
    gzip.on("error", reject);
  });
  for (const piece of pieces()) if (!gzip.write(piece)) await once(gzip, "drain");
  gzip.end();
  await done;
  return Buffer.concat(out);
}
