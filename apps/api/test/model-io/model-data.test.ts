import type { DatabaseClient } from "@costflow/db/client";
import { rawQuery } from "@costflow/db/repositories/model-data/raw-client";
import { codePointOrder, isCodePointCollation } from "@costflow/db/repositories/model-data/read-records";
import { seedDemo } from "@costflow/db/seed";
import { createTestDatabase } from "@costflow/db/test-database";
import { readBundle } from "@costflow/engine/bundle/read-bundle";
import { calculate } from "@costflow/engine/calc/calculate";
import type { ModelData } from "@costflow/engine/model/types";
import { buildSummary } from "@costflow/engine/summary/build-summary";
import { acceptanceBundle, fixtureBundle } from "@costflow/engine/test-support/shared-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/lib/passwords.ts";
import { loadModelData } from "../../src/modules/model-io/load-model-data.ts";
import { saveModelData } from "../../src/modules/model-io/save-model-data.ts";
import { demoCompanyId } from "../helpers/test-app.ts";
import { countRows } from "./bundle-helpers.ts";

const engineFixture = fixtureBundle("distribution");

let database: DatabaseClient;
let company: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, { hashPassword });
  company = await demoCompanyId(database);
});
afterAll(async () => {
  await database?.close();
});

async function roundTrip(model: ModelData): Promise<ModelData> {
  const saved = await saveModelData(company, null, model, database.db);
  return loadModelData(company, saved.scenario, database.db);
}

describe("saveModelData then loadModelData", () => {
  it.each([
    ["the engine's distribution fixture", engineFixture],
    ["tdabc-customer-service", acceptanceBundle("tdabc-customer-service")],
    ["reciprocal-support-departments", acceptanceBundle("reciprocal-support-departments")],
  ])("gives back %s unchanged", async (_name, path) => {
    const model = await readBundle(path);
    const loaded = await roundTrip(model);
    expect(loaded).toEqual(model);
    expect(buildSummary(loaded, calculate(loaded))).toEqual(buildSummary(model, calculate(model)));
  });
});

describe("loadModelData", () => {
  it("keeps the engine's identifier order where the database's differs", async () => {
    const model = await readBundle(acceptanceBundle("tdabc-customer-service"));
    const records = model.records.get("CUST")!;
    // Code-unit order: "Z" < U+1F600 (a surrogate pair, 0xD83D...) < U+FFFD; the database's
    // COLLATE "C" on UTF-8 puts U+FFFD before U+1F600.
    records.identifiers = ["A", "Z", "\u{1F600}", "\uFFFD"];
    const loaded = await roundTrip(model);
    expect(loaded.records.get("CUST")).toEqual(records);
    expect(loaded).toEqual(model);
  });

  it("reads records in the identifiers' index order on a database ordering text by code point", async () => {
    // Only libc's code-point collations order as COLLATE "C" does; ICU's and the languages' do not.
    expect(isCodePointCollation("C", "c")).toBe(true);
    expect(isCodePointCollation("C.UTF-8", "c")).toBe(true);
    expect(isCodePointCollation("POSIX", null)).toBe(true);
    expect(isCodePointCollation("en_US.UTF-8", "c")).toBe(false);
    expect(isCodePointCollation("C.UTF-8", "i")).toBe(false);
    // PGlite's database is one (as is this machine's PostgreSQL, C.UTF-8): the test above, with
    // identifiers whose code-point and code-unit orders differ, runs through that path.
    if (database.driver === "pglite") expect(await codePointOrder(database.db)).toBe(true);
  });

  it("reads every kind of cell from the bytes COPY sends: escapes, NULL, non-ASCII, dangling, long decimals", async () => {
    const saved = await saveModelData(company, null, await readBundle(engineFixture), database.db);
    const set = (dimension: string, identifier: string, fields: Record<string, unknown>) =>
      rawQuery(
        `update dimension_records r set fields = r.fields || $4::jsonb from dimensions d
          where d.id = r.dimension_id and d.code = $2 and r.scenario_id = $1 and r.identifier = $3`,
        [saved.scenario, dimension, identifier, JSON.stringify(fields)],
        database.db,
      );
    // C1 gets an identifier COPY escapes (backslash, tab) with a non-ASCII letter, C2 one with a
    // non-ASCII letter only; O1 and O3 point at them, O2 at a missing non-ASCII one, O4 at a
    // missing ASCII one (C9, read from the bytes).
    const rename = (from: string, to: string) =>
      rawQuery(
        `update dimension_records set identifier = $3 where scenario_id = $1 and identifier = $2`,
        [saved.scenario, from, to],
        database.db,
      );
    const c1 = "C1\\é\tx";
    await rename("C1", c1);
    await rename("C2", "Cé2");
    await set("ORDERS", "O1", { CUSTOMERS_ID: c1 });
    await set("ORDERS", "O2", { CUSTOMERS_ID: "Cé9", freight: 1234567890.1234567 });
    await set("ORDERS", "O3", { CUSTOMERS_ID: "Cé2", freight: " 12 " });
    await set("CUSTOMERS", "Cé2", { region: "a\\b\tc", visits: null });
    await set("PRODUCTS", "P1", { unit_cost: 1e21 });
    await set("PRODUCTS", "P2", { unit_cost: -0.000001 });

    const loaded = await loadModelData(company, saved.scenario, database.db);
    const customers = loaded.records.get("CUSTOMERS")!;
    expect(customers.identifiers).toEqual(["C10", c1, "Cé2"]);
    expect(Array.from(customers.decimals.get("visits")!)).toEqual([Number.NaN, 12, Number.NaN]);
    expect(customers.texts.get("region")).toEqual(["East\r\ncoast", "South", "a\\b\tc"]);
    const orders = loaded.records.get("ORDERS")!;
    const toCustomer = orders.relations.get("CUSTOMERS_ID")!;
    expect(Array.from(toCustomer.index)).toEqual([1, -2, 2, -2, -1]);
    expect(toCustomer.dangling).toEqual([
      { row: 1, value: "Cé9" },
      { row: 3, value: "C9" },
    ]);
    expect(Array.from(orders.decimals.get("freight")!)).toEqual([
      12.5,
      1234567890.1234567,
      12,
      Number.NaN,
      3,
    ]);
    expect(Array.from(loaded.records.get("PRODUCTS")!.decimals.get("unit_cost")!)).toEqual([1e21, -0.000001]);

    await set("ORDERS", "O3", { freight: "12,5" });
    await expect(loadModelData(company, saved.scenario, database.db)).rejects.toMatchObject({
      name: "RecordValueError",
      dimension: "ORDERS",
      identifier: "O3",
      driver: "freight",
      value: "12,5",
    });
  });

  it("is 404 for a scenario of another company", async () => {
    const saved = await saveModelData(
      company,
      null,
      await readBundle(acceptanceBundle("reciprocal-support-departments")),
      database.db,
    );
    await expect(loadModelData(company + 1000, saved.scenario, database.db)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("saveModelData", () => {
  it("keeps the record counts per dimension exact", async () => {
    const saved = await saveModelData(company, null, await readBundle(engineFixture), database.db);
    const counted = await rawQuery<{ dimension: number; n: string }>(
      `select dimension_id as dimension, count(*) as n from dimension_records
        where scenario_id = $1 group by 1 order by 1`,
      [saved.scenario],
      database.db,
    );
    const kept = await rawQuery<{ dimension: number; n: string }>(
      `select dimension_id as dimension, records as n from dimension_record_counts
        where scenario_id = $1 order by 1`,
      [saved.scenario],
      database.db,
    );
    expect(counted.length).toBe(4);
    expect(kept.map((r) => [r.dimension, Number(r.n)])).toEqual(
      counted.map((r) => [r.dimension, Number(r.n)]),
    );
  });

  it("writes nothing when the database refuses the last part (records)", async () => {
    const model = await readBundle(engineFixture);
    const before = await countRows(database.db);
    model.records.get("PRODUCTS")!.identifiers[0] = "P\u0000";
    await expect(saveModelData(company, null, model, database.db)).rejects.toThrow();
    expect(await countRows(database.db)).toEqual(before);
  });
});
