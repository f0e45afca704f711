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

export async function summaryGzip(model: ModelData, result: CalcResult): Promise<Buffer> {
  const light: CalcResult = {
    ...result,
    dimensions: new Map([...result.dimensions].map(([code, dim]) => [code, { ...dim, identifiers: [] }])),
  };
  const head = buildSummary(model, light) as unknown as Record<string, unknown>;
  const d = result.minorDigits;
  const major = (minor: number) => toMajor(minor, d);
  const money = (v: number) => roundMajor(v, d);
  const num = (v: number) => JSON.stringify(v);
  const lineCodes = model.pnlLines
    .slice()
    .sort((a, b) => a.rank - b.rank || byCode(a.code, b.code))
    .map((l) => l.code);
  const lineKeys = lineCodes.map((c) => JSON.stringify(c));

  const gzip = createGzip({ level: 1 });
  const out: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    gzip.on("end", resolve);
    gzip.on("error", reject);
  });
  let part = "";
  const write = (text: string) => {
    part += text;
    if (part.length >= PART_CHARS) {
      gzip.write(part);
      part = "";
    }
  };

  /** `{"<dim>":{"<id>":<entry>,...},...}` for the dimensions listed in `keys` order. */
  const perRecord = (keys: string[], entry: (code: string, i: number) => string) => {
    write("{");
    keys.forEach((code, k) => {
      if (k > 0) write(",");
      write(`${JSON.stringify(code)}:{`);
      const ids = result.dimensions.get(code)!.identifiers;
      for (let i = 0; i < ids.length; i++)
        write(`${i > 0 ? "," : ""}${JSON.stringify(ids[i])}:${entry(code, i)}`);
      write("}");
    });
    write("}");
  };

  write("{");
  Object.keys(head).forEach((key, k) => {
    write(`${k > 0 ? "," : ""}${JSON.stringify(key)}:`);
    const value = head[key] as Record<string, unknown>;
    if (key === "records") {
      perRecord(Object.keys(value), (code, i) => {
        const dim = result.dimensions.get(code)!;
        return `{"cost":${num(major(dim.cost[i]!))},"unallocated":${num(major(dim.unallocated[i]!))}}`;
      });
    } else if (key === "pnl") {
      perRecord(Object.keys(value), (code, i) => {
        const values = result.pnl.byDimension.get(code)!.values;
        let text = "{";
        for (let l = 0; l < lineCodes.length; l++) {
          text += `${l > 0 ? "," : ""}${lineKeys[l]}:${num(money(values.get(lineCodes[l]!)![i]!))}`;
        }
        return `${text}}`;
      });
    } else if (key === "profit") {
      perRecord(Object.keys(value), (code, i) => num(money(result.pnl.byDimension.get(code)!.profit[i]!)));
    } else write(JSON.stringify(value));
  });
  write("}");
  if (part) gzip.write(part);
  gzip.end();
  await done;
  return Buffer.concat(out);
}
