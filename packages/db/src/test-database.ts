import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { assertSchemaName, createDatabase, type DatabaseClient } from "./client.ts";
import { MIGRATIONS_FOLDER } from "./migrate.ts";

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, when DATABASE_URL is set,
 * a new schema `t_<random>` on that PostgreSQL (search_path points at it), dropped on close()
 * together with every schema whose name starts with it (e.g. the job queue's `t_<random>_pgboss`).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<DatabaseClient> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    if (options.migrate === false) return createDatabase({ dataDir: "memory", migrate: false });
    // Migrating an empty PGlite costs seconds per test file; a migrated data directory, dumped
    // once per set of migrations and shared by the test processes, loads in a fraction of that.
    // The migrations still run on it (none pending), so a stale dump cannot hide a new one.
    return createDatabase({ dataDir: "memory", loadDataDir: await migratedDump() });
  }

  const schema = assertSchemaName(`t_${randomBytes(6).toString("hex")}`);
  await withAdminConnection(url, (admin) => admin.query(`create schema ${schema}`));
  const client = await createDatabase({ url, schema, poolSize: 4, migrate: options.migrate });
  return {
    ...client,
    close: async () => {
      await client.close();
      await dropSchemas(url, schema);
    },
  };
}

async function dropSchemas(url: string, prefix: string): Promise<void> {
  await withAdminConnection(url, async (admin) => {
    const { rows } = await admin.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname = $1 or nspname like $2",
      [prefix, `${prefix}\\_%`],
    );
    for (const { nspname } of rows) await admin.query(`drop schema ${assertSchemaName(nspname)} cascade`);
  });
}

async function withAdminConnection<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** A dump of a freshly migrated PGlite data directory, cached in the OS temp folder by the migrations' hash. */
async function migratedDump(): Promise<Blob> {
  const hash = createHash("sha256");
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    if (name.endsWith(".sql") || name.endsWith(".json")) {
      hash.update(name).update(readFileSync(join(MIGRATIONS_FOLDER, name)));
    }
  }
  const dir = join(tmpdir(), "costflow-test-pglite");
  const file = join(dir, `${hash.digest("hex").slice(0, 16)}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const client = await createDatabase({ dataDir: "memory" });
    try {
      const dump = await (client.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
      mkdirSync(dir, { recursive: true });
      // Written aside and renamed: test processes building it at once never read half a file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await client.close();
    }
  }
}
