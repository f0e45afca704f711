import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DatabaseClient } from "@costflow/db/client";
import { seedDemo } from "@costflow/db/seed";
import { createTestDatabase } from "@costflow/db/test-database";
import { readBundle } from "@costflow/engine/bundle/read-bundle";
import { calculate } from "@costflow/engine/calc/calculate";
import type { ModelData } from "@costflow/engine/model/types";
import { buildSummary } from "@costflow/engine/summary/build-summary";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/lib/passwords.ts";
import { loadModelData } from "../../src/modules/model-io/load-model-data.ts";
import { saveModelData } from "../../src/modules/model-io/save-model-data.ts";
import { demoCompanyId } from "../helpers/test-app.ts";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const acceptance = join(repoRoot, "../shared/acceptance");
const engineFixture = join(repoRoot, "packages/engine/test/fixtures/bundles/distribution");

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
  const saved = await saveModelData(database.db, company, null, model);
  return loadModelData(database.db, company, saved.scenario);
}

describe("saveModelData then loadModelData", () => {
  it.each([
    ["the engine's distribution fixture", engineFixture],
    ["tdabc-customer-service", join(acceptance, "tdabc-customer-service")],
    ["reciprocal-support-departments", join(acceptance, "reciprocal-support-departments")],
  ])("gives back %s unchanged", async (_name, path) => {
    const model = await readBundle(path);
    const loaded = await roundTrip(model);
    expect(loaded).toEqual(model);
    expect(buildSummary(loaded, calculate(loaded))).toEqual(buildSummary(model, calculate(model)));
  });
});
