import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "../src/client.ts";
import { MIGRATIONS_FOLDER } from "../src/migrate.ts";
import { companiesRepository } from "../src/repositories/companies.ts";

describe.skipIf(Boolean(process.env.DATABASE_URL))("PGlite on a data directory", () => {
  const dir = mkdtempSync(join(tmpdir(), "costflow-pglite-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps its data and its migration state across restarts", async () => {
    const first = await createDatabase({ dataDir: dir });
    await companiesRepository(first.db).create({ name: "Survivor" });
    await first.close();

    const second = await createDatabase({ dataDir: dir });
    try {
      expect((await companiesRepository(second.db).findByName("Survivor"))?.name).toBe("Survivor");
      const { rows } = await second.executeSql("select count(*)::int as n from drizzle.__drizzle_migrations");
      expect(rows[0]?.n).toBe(readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length);
    } finally {
      await second.close();
    }
  });
});
