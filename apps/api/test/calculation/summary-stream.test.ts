import { gunzipSync } from "node:zlib";
import { generateModel } from "@costflow/engine/bench/generate-model";
import { calculate } from "@costflow/engine/calc/calculate";
import { buildSummary } from "@costflow/engine/summary/build-summary";
import { describe, expect, it } from "vitest";
import { summaryGzip } from "../../src/worker/summary-stream.ts";

// The streamed summary (written piece by piece, with a fast rounding path for P&L values) must be
// exactly the engine's buildSummary: checked on the benchmark company at size S (121,200 records,
// 11 P&L lines, so about 1.5 million rounded values).

describe("the streamed results summary", () => {
  it("parses to exactly the engine's summary", async () => {
    const model = generateModel("S", 3);
    const result = calculate(model);
    const streamed = JSON.parse(gunzipSync(await summaryGzip(model, result)).toString("utf8"));
    const expected = JSON.parse(JSON.stringify(buildSummary(model, result)));
    expect(Object.keys(streamed)).toEqual(Object.keys(expected));
    for (const key of Object.keys(expected)) expect(streamed[key], key).toEqual(expected[key]);
  }, 120_000);

  it("escapes identifiers that JSON needs escaped", async () => {
    const model = generateModel("S", 5);
    const customers = model.records.get("CUSTOMERS")!;
    // Identifiers stay sorted: a quote and a backslash sort before letters and digits.
    customers.identifiers[0] = 'A"quoted\\id';
    const result = calculate(model);
    const streamed = JSON.parse(gunzipSync(await summaryGzip(model, result)).toString("utf8"));
    expect(streamed.records.CUSTOMERS['A"quoted\\id']).toEqual(
      buildSummary(model, result).records!.CUSTOMERS!['A"quoted\\id'],
    );
  }, 120_000);
});
