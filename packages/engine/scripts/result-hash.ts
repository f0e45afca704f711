// Digest of a whole CalcResult, to prove an optimisation changes no figure: every typed array by
// its bytes (type and length included), every other value by its text, in field order. Prints the
// digest of each part of the result and of the whole.
//
//   npx tsx packages/engine/scripts/result-hash.ts <bundle> [--budget N] [--limit N] [--roll]
//
// --budget / --limit pass detailBudget / detailRecordLimit to calculate (default: the defaults);
// --roll asks for the roll-up detail (rollUpDetail, as calculate-all does).

import { createHash, type Hash } from "node:crypto";
import { readBundle } from "../src/bundle/read-bundle.ts";
import { calculate } from "../src/calc/calculate.ts";

function feed(h: Hash, v: unknown): void {
  if (ArrayBuffer.isView(v)) {
    h.update(`${v.constructor.name}${v.byteLength}:`);
    h.update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
  } else if (v instanceof Map) {
    h.update("Map{");
    for (const [k, x] of v) {
      feed(h, k);
      feed(h, x);
    }
    h.update("}");
  } else if (Array.isArray(v)) {
    h.update(`[${v.length}`);
    for (const x of v) feed(h, x);
    h.update("]");
  } else if (v !== null && typeof v === "object") {
    h.update("{");
    for (const [k, x] of Object.entries(v)) {
      h.update(k);
      feed(h, x);
    }
    h.update("}");
  } else h.update(`${typeof v}:${Object.is(v, -0) ? "-0" : String(v)};`);
}

function digest(v: unknown): string {
  const h = createHash("sha256");
  feed(h, v);
  return h.digest("hex").slice(0, 16);
}

const args = process.argv.slice(2);
const bundle = args.find((a) => !a.startsWith("--") && !/^\d+$/.test(a));
if (!bundle) {
  process.stderr.write("usage: result-hash.ts <bundle> [--budget N] [--limit N] [--roll]\n");
  process.exit(2);
}
const opt = (name: string): number | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : undefined;
};
const model = await readBundle(bundle);
const result = calculate(model, {
  detailBudget: opt("--budget"),
  detailRecordLimit: opt("--limit"),
  rollUpDetail: args.includes("--roll"),
});
const whole = createHash("sha256");
feed(whole, result);
for (const [k, v] of Object.entries(result)) process.stdout.write(`${k.padEnd(18)} ${digest(v)}\n`);
process.stdout.write(`${"WHOLE".padEnd(18)} ${whole.digest("hex")}\n`);
