import { gunzipSync } from "node:zlib";
import { generateModel } from "@costflow/engine/bench/generate-model";
import { calculate } from "@costflow/engine/calc/calculate";
import { buildSummary } from "@costflow/engine/summary/build-summary";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadModelData } from "../../src/modules/model-io/load-model-data.ts";
import { saveModelData } from "../../src/modules/model-io/save-model-data.ts";
import { as, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { type Call, waitForRun } from "./helpers.ts";

// GET calculation/summary/ is written from the report data when asked (stream-summary.ts), not
// stored whole by calculate-all. It must be exactly the engine's buildSummary: checked on the
// benchmark company at size S (121,200 records over several pages of 20,000, one dimension of
// exactly one page; 11 P&L lines, so about 1.5 million values rounded as the summary rounds them;
// a whale curve per dimension redrawn from the stored profits), with an identifier JSON escapes.

let t: TestApp;
let call: Call;
let access: string;
let expected: Record<string, unknown>;
let scenario: number;

beforeAll(async () => {
  if (process.env.DATABASE_URL) return;
  t = await startTestApp();
  const session = await login(t.app, "admin@costflow.demo");
  access = session.access;
  call = as(t.app, access);
  const me = (await call("GET", "/auth/users/me/")).json();
  const model = generateModel("S", 3);
  // Identifiers stay sorted: a quote and a backslash sort before letters and digits.
  model.records.get("CUSTOMERS")!.identifiers[0] = 'A"quoted\\id';
  scenario = (await saveModelData(me.selected_company, me.id, model, t.database.db)).scenario;
  const run = await call("POST", "/calculation/calculate-all/", { scenario });
  expect(run.statusCode).toBe(201);
  const id = run.json().calculation_id;
  const ended = await waitForRun(call, scenario, id, 240_000);
  // The run's log says why when it did not finish.
  const logs =
    ended.status === "FINISHED" ? "" : (await call("GET", `/calculation/logs/?calculation=${id}`)).body;
  expect(ended.status, logs.slice(0, 2000)).toBe("FINISHED");
  // The model as the run read it back from the database.
  const stored = await loadModelData(me.selected_company, scenario, t.database.db);
  expected = JSON.parse(JSON.stringify(buildSummary(stored, calculate(stored))));
}, 300_000);
afterAll(async () => t?.close());

// At this size the test is about the paging, rounding and escaping of stream-summary.ts, the same
// on either database (views.test.ts checks the route on both with a small bundle), and about
// PGlite's COPY of chunks cut inside rows; a second pass on PostgreSQL would add a minute and a
// half to CI for nothing more.
describe.skipIf(Boolean(process.env.DATABASE_URL))("the results summary written from the report data", () => {
  it("parses to exactly the engine's summary, section by section", async () => {
    const response = await call("GET", `/calculation/summary/?scenario=${scenario}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    const served = response.json();
    expect(Object.keys(served)).toEqual(Object.keys(expected));
    for (const key of Object.keys(expected)) expect(served[key], key).toEqual(expected[key]);
    const records = served.records as Record<string, Record<string, unknown>>;
    expect(Object.keys(records.ORDER_LINES!)).toHaveLength(100_000);
    expect(Object.keys(records.ORDERS!)).toHaveLength(20_000);
    expect(records.CUSTOMERS!['A"quoted\\id']).toBeDefined();
    const whale = served.whale as Record<string, { points?: unknown[] }>;
    expect(whale.ORDER_LINES!.points).toHaveLength(100_001);
  }, 120_000);

  it("is sent gzip-compressed to a client that accepts it", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v1/calculation/summary/?scenario=${scenario}`,
      headers: { authorization: `Bearer ${access}`, "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    const served = JSON.parse(gunzipSync(response.rawPayload).toString("utf8"));
    expect(served.profit).toEqual(expected.profit);
    expect(served.whale).toEqual(expected.whale);
  }, 120_000);

  it("is not stored whole by the run", async () => {
    const [row] = (
      await t.database.executeSql(
        "select summary_gz is null as none, length(summary_head) as head from calculation_results where scenario_id = $1",
        [scenario],
      )
    ).rows as { none: boolean; head: number }[];
    expect(row!.none).toBe(true);
    // The head is small: everything but the per-record parts (a few hundred entries at size S).
    expect(row!.head).toBeLessThan(200_000);
  });
});
