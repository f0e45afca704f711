import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type DatabaseClient } from "@costflow/db/client";
import { seedDemo } from "@costflow/db/seed";
import { createTestDatabase } from "@costflow/db/test-database";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { hashPassword } from "../src/lib/passwords.ts";
import { API, as, login } from "./helpers/test-app.ts";

/**
 * Two consecutive runs of the product on the same database: PGlite in one data directory, or
 * (with DATABASE_URL) a second connection pool to the same test schema. Each run opens the
 * database, migrates, seeds and serves, exactly as main.ts does.
 */
const dir = mkdtempSync(join(tmpdir(), "costflow-restart-"));
let testDatabase: DatabaseClient | undefined;
afterAll(async () => {
  await testDatabase?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openDatabase(): Promise<DatabaseClient> {
  if (!process.env.DATABASE_URL) return createDatabase({ dataDir: dir });
  testDatabase ??= await createTestDatabase();
  return createDatabase({ url: process.env.DATABASE_URL, schema: testDatabase.schema, poolSize: 2 });
}

async function run<T>(
  work: (app: Awaited<ReturnType<typeof buildApp>>, seeded: boolean) => Promise<T>,
): Promise<T> {
  const database = await openDatabase();
  try {
    const { created } = await seedDemo(database.db, { hashPassword });
    const app = await buildApp({ database, logger: false, config: { webDist: null, jwtSecret: undefined } });
    try {
      return await work(app, created);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

describe("restarting on the same database", () => {
  it("keeps data, the seed stays single, and sessions survive (the JWT key is stored)", async () => {
    const first = await run(async (app, seeded) => {
      expect(seeded).toBe(true);
      const tokens = await login(app, "client@costflow.demo");
      const model = await as(app, tokens.access)("POST", "/models", { name: "Survives restarts" });
      expect(model.statusCode).toBe(201);
      return { tokens, modelId: model.json().id as number };
    });

    await run(async (app, seeded) => {
      expect(seeded).toBe(false);
      const call = as(app, first.tokens.access);
      const model = await call("GET", `/models/${first.modelId}`);
      expect(model.statusCode).toBe(200);
      expect(model.json().name).toBe("Survives restarts");
      const refreshed = await app.inject({
        method: "POST",
        url: `${API}/auth/jwt/refresh`,
        payload: { refresh: first.tokens.refresh },
      });
      expect(refreshed.statusCode).toBe(200);
      const companies = await call("GET", "/account/companies");
      expect(companies.json()).toHaveLength(1);
    });
  });
});
