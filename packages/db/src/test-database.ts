import { randomBytes } from "node:crypto";
import pg from "pg";
import { assertSchemaName, createDatabase, type DatabaseClient } from "./client.ts";

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, when DATABASE_URL is set,
 * a new schema `t_<random>` on that PostgreSQL (search_path points at it), dropped on close()
 * together with every schema whose name starts with it (e.g. the job queue's `t_<random>_pgboss`).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<DatabaseClient> {
  const url = process.env.DATABASE_URL;
  if (!url) return createDatabase({ dataDir: "memory", migrate: options.migrate });

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
