import pg from "pg";
import { MAIL_FILE, SMTP_PORT } from "./e2e-env";
import { startSmtpSink } from "./smtp-sink";

export default async function globalSetup(): Promise<() => Promise<void>> {
  await dropEarlierSchemas();
  return startSmtpSink(SMTP_PORT, MAIL_FILE);
}

/** On PostgreSQL each run has its own schema (see playwright.config.ts); earlier runs' are dropped. */
async function dropEarlierSchemas(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const current = process.env.E2E_DATABASE_SCHEMA;
  if (!url || !current) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'e2e\\_%' and nspname <> $1 and nspname not like $2",
      [current, `${current}\\_%`],
    );
    for (const { nspname } of rows) {
      if (/^e2e_[a-z0-9_]+$/.test(nspname)) await client.query(`drop schema if exists ${nspname} cascade`);
    }
  } finally {
    await client.end();
  }
}
