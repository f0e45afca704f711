// The streamed results-summary JSON (summary/write-summary-json.ts) against the generic writer over
// buildSummary (cli/write-json.ts): byte-identical text on the acceptance bundles and on a model
// with integer-like identifiers and line codes (which a JavaScript object enumerates first), a
// dimension without records and a whale curve of more than 10,000 points; and the text parses to
// buildSummary's object.

import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { readBundle } from "../../src/bundle/read-bundle.ts";
import { calculate } from "../../src/calc/calculate.ts";
import { writeJsonFile } from "../../src/cli/write-json.ts";
import type { ModelData } from "../../src/model/types.ts";
import { buildSummary } from "../../src/summary/build-summary.ts";
import { writeSummaryJson } from "../../src/summary/write-summary-json.ts";
import { ACCEPTANCE_BUNDLES, acceptanceBundle } from "../support/shared-fixtures.ts";
import { chainModel } from "./chain-model.ts";
import { buildModel } from "./model-builder.ts";

const temps: string[] = [];
afterAll(async () => {
  await Promise.all(temps.map((d) => rm(d, { recursive: true, force: true })));
});

/** The streamed text, read from a stream with a small buffer so that backpressure is exercised. */
async function streamed(model: ModelData): Promise<string> {
  const result = calculate(model);
  const stream = new PassThrough({ highWaterMark: 1024 });
  const chunks: Buffer[] = [];
  stream.on("data", (c: Buffer) => chunks.push(c));
  await writeSummaryJson(model, result, stream);
  stream.end();
  await once(stream, "end");
  return Buffer.concat(chunks).toString("utf8");
}

async function generic(model: ModelData): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "costflow-summary-"));
  temps.push(dir);
  const path = join(dir, "summary.json");
  await writeJsonFile(path, buildSummary(model, calculate(model)));
  return readFile(path, "utf8");
}

async function expectSameText(model: ModelData) {
  const text = await streamed(model);
  expect(text).toBe(await generic(model));
  expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(buildSummary(model, calculate(model)))));
  return text;
}

/** Chain model with integer-like identifiers and line codes, and many lines for a long curve. */
function awkwardModel(lines: number): ModelData {
  const spec = chainModel({
    step5: [
      ["ACC", "CUST", "ORDERS", "EVEN"],
      ["ACC", "ORDERS", "LINES", "DRIVER:qty"],
    ],
    calculatedDrivers: [["LINES", "revenue", "=qty*price", true]],
    pnl: [
      { code: "10", category: "DRI", calculatedDriver: "revenue", dimension: "LINES", rank: 1 },
      { code: "2", category: "ACT", activity: "ACC", factor: -1, rank: 2 },
      { code: "GM", category: "FOR", formula: "=[10]+[2]", rank: 3 },
    ],
  });
  const order = spec.records!.ORDERS![0]!.identifier as string;
  for (let i = 0; i < lines; i++) {
    spec.records!.LINES!.push({
      identifier: String(i + 100),
      ORDERS_ID: order,
      qty: (i % 7) + 1,
      price: 1.5,
    });
  }
  spec.records!.CUST = spec.records!.CUST!.map((r) => ({ ...r, w2: 1 }));
  spec.records!.CUST!.push({ identifier: "7", w2: 2 }, { identifier: "0" }, { identifier: "007", w2: 1 });
  spec.dimensions!.push(["EMPTY", null]);
  return buildModel(spec);
}

describe("streamed results-summary JSON", () => {
  it("equals the generic writer on both acceptance bundles", async () => {
    for (const name of ACCEPTANCE_BUNDLES) {
      await expectSameText(await readBundle(acceptanceBundle(name)));
    }
  });

  it("keeps a JavaScript object's key order and streams a long whale curve", async () => {
    const text = await expectSameText(awkwardModel(12_000));
    // integer-like keys first, ascending: "0" and "7" before "007" and the C codes
    expect(text.indexOf('"0": ')).toBeLessThan(text.indexOf('"7": '));
    expect(text.indexOf('"7": ')).toBeLessThan(text.indexOf('"007": '));
    expect(text).toMatch(/\{"2":-?[\d.]+,"10":[\d.]+,"GM":/);
    const whale = JSON.parse(text).whale.LINES;
    expect(whale.points.length).toBeGreaterThan(10_000);
  });
});
