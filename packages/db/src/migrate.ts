import { fileURLToPath } from "node:url";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { DatabaseClient } from "./client.ts";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));
// Any fixed number: serialises migrations of several API processes starting at once.
const MIGRATION_LOCK = 727_001;

/**
 * Applies the committed drizzle-kit migrations (drizzle/*.sql) that the database lacks.
 *
 * drizzle-kit qualifies foreign-key targets with "public"; those qualifiers are dropped so the
 * same SQL builds the tables in whatever schema search_path names (a test's `t_<random>`).
 * The migration journal lives in the same schema unless it is "public" (then "drizzle").
 */
export async function migrateDatabase(client: DatabaseClient): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => ({
    ...m,
    sql: m.sql.map((statement) => statement.replaceAll('"public".', "")),
  }));
  const config = {
    migrationsFolder: MIGRATIONS_FOLDER,
    migrationsSchema: client.schema === "public" ? "drizzle" : client.schema,
  };
  if (client.driver === "pglite") {
    await runMigrations(client.db, migrations, config);
    return;
  }
  // On PostgreSQL: one connection holding an advisory lock, so concurrent starts take turns.
  const pool = (client.db as unknown as { $client: pg.Pool }).$client;
  const connection = await pool.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await runMigrations(drizzlePg(connection), migrations, config);
  } finally {
    await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    connection.release();
  }
}

type Migrations = ReturnType<typeof readMigrationFiles>;

async function runMigrations(db: unknown, migrations: Migrations, config: object): Promise<void> {
  // drizzle's migrate() reads the files itself; calling its dialect lets us pass the rewritten SQL.
  const { dialect, session } = db as { dialect: PgDialect; session: PgSession };
  await dialect.migrate(migrations, session, config as Parameters<PgDialect["migrate"]>[2]);
}
