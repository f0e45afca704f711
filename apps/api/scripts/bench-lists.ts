// Times record list pages over a dimension of 1,000,000 records through the real HTTP app
// (app.inject: routing, auth, validation, the queries, serialisation). A benchmark, not a test: it
// prints figures for docs/performance.md ("Lists").
//
//   npx tsx apps/api/scripts/bench-lists.ts [--records 1000000] [--requests 200] [--driver pglite|postgres]
//
// PostgreSQL needs DATABASE_URL (a fresh schema, dropped at the end); PGlite runs on a temporary
// data directory on disk, as the embedded default does. The drivers are created through the API
// before the records are loaded (as a user would: drivers first, then an upload), so the records
// go through the sort indexes and the count triggers.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type DatabaseClient } from "@costflow/db/client";
import { seedDemo } from "@costflow/db/seed";
import { createTestDatabase } from "@costflow/db/test-database";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";
import { hashPassword } from "../src/lib/passwords.ts";

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}
const total = Number(option("records", "1000000"));
const requests = Number(option("requests", "200"));
const driver = option("driver", process.env.DATABASE_URL ? "postgres" : "pglite");
if (driver === "postgres" && !process.env.DATABASE_URL)
  throw new Error("--driver postgres needs DATABASE_URL");
if (driver === "pglite") delete process.env.DATABASE_URL;

const work = await mkdtemp(join(tmpdir(), "costflow-bench-lists-"));
const database: DatabaseClient =
  driver === "postgres"
    ? await createTestDatabase()
    : await createDatabase({ dataDir: join(work, "pglite") });
let app: FastifyInstance | undefined;

async function call(method: "GET" | "POST", url: string, token: string | null, payload?: object) {
  const response = await app!.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  await seedDemo(database.db, { hashPassword });
  app = await buildApp({ database, logger: false, config: { webDist: null, runWorkers: false } });
  const { access } = await call("POST", "/auth/jwt/create", null, {
    email: "client@costflow.demo",
    password: "costflow-demo",
  });
  const model = await call("POST", "/models/", access, { name: "Lists benchmark" });
  const scenario = await call("POST", "/model/scenarios/", access, { model: model.id, name: "S" });
  const dimension = await call("POST", "/dimensions/", access, { model: model.id, title: "Orders" });
  for (const [name, data_type] of [
    ["qty", "DECI"],
    ["price", "DECI"],
    ["shipped", "DATE"],
    ["channel", "TEXT"],
  ]) {
    await call("POST", "/dimension/drivers/", access, { dimension: dimension.id, name, data_type });
  }

  // Records: identifiers ORD-0000001..; prices and quantities spread pseudo-randomly, 1 in 20
  // without a price, dates over a year, four channels.
  const started = performance.now();
  const batch = 100_000;
  for (let from = 1; from <= total; from += batch) {
    const to = Math.min(total, from + batch - 1);
    await database.executeSql(
      `insert into dimension_records (company_id, scenario_id, dimension_id, identifier, fields)
       select $1, $2, $3, 'ORD-' || lpad(g::text, 7, '0'),
              jsonb_strip_nulls(jsonb_build_object(
                'qty', (g::bigint * 7919) % 1000,
                'price', case when g % 20 = 0 then null else ((g::bigint * 104729) % 100000) / 100.0 end,
                'shipped', to_char(date '2025-01-01' + (g % 365), 'YYYY-MM-DD'),
                'channel', (array['web', 'shop', 'phone', 'partner'])[1 + g % 4]))
       from generate_series($4::int, $5::int) g`,
      [model.company, scenario.id, dimension.id, from, to],
    );
  }
  await database.executeSql("analyze dimension_records");
  const loadSeconds = (performance.now() - started) / 1000;
  console.log(`${driver}: ${total.toLocaleString("en")} records loaded in ${loadSeconds.toFixed(1)} s`);

  const base = `/dimension/records/?scenario=${scenario.id}&dimension=${dimension.id}`;
  const tx = `/transactional-data/transactions?scenario=${scenario.id}&dimension=${dimension.id}`;
  const pages = Math.ceil(total / 10);
  let seed = 42;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  // What a user does: open the table, sort by a column (either way), page on (first 100 pages),
  // jump to the last page, search an identifier prefix (sorted or not).
  const workloads: Record<string, () => string> = {
    "first page": () => base,
    "sort by decimal (asc/desc)": () =>
      `${base}&ordering=${random(2) ? "-" : ""}price&offset=${random(100) * 10}`,
    "sort by text": () => `${base}&ordering=${random(2) ? "-" : ""}channel&offset=${random(100) * 10}`,
    "sort by date": () => `${base}&ordering=-shipped&offset=${random(100) * 10}`,
    "sort by identifier, paging": () =>
      `${base}&ordering=${random(2) ? "-" : ""}identifier&offset=${random(100) * 10}`,
    "last pages": () => `${base}&ordering=price&offset=${(pages - 1 - random(100)) * 10}`,
    "search prefix": () => `${base}&search=ord-${String(random(10_000)).padStart(4, "0")}&ordering=-price`,
    "transactions, searchTerm": () => `${tx}&searchTerm=ORD-00${random(100)}&ordering=qty`,
  };
  const all: number[] = [];
  const rows: string[] = [];
  for (const [name, next] of Object.entries(workloads)) {
    await call("GET", next(), access); // warm-up
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      await call("GET", next(), access);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push(
      `| ${name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`,
    );
  }
  all.sort((a, b) => a - b);
  // Reported apart: a page in the middle of a million rows by OFFSET (no user pages there by hand).
  const middle: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await call("GET", `${base}&ordering=price&offset=${(pages / 2 - 50 + random(100)) * 10}`, access);
    middle.push(performance.now() - t0);
  }
  middle.sort((a, b) => a - b);

  console.log(
    `\n| ${driver}, ${total.toLocaleString("en")} records, ${requests} requests each | p50 ms | p95 ms | max ms |`,
  );
  console.log("| --- | ---: | ---: | ---: |");
  for (const row of rows) console.log(row);
  console.log(
    `| **all of the above** | ${percentile(all, 50).toFixed(1)} | **${percentile(all, 95).toFixed(1)}** | ${all.at(-1)!.toFixed(1)} |`,
  );
  console.log(
    `| middle page by OFFSET (sort by decimal, 20 requests) | ${percentile(middle, 50).toFixed(1)} | ${percentile(middle, 95).toFixed(1)} | ${middle.at(-1)!.toFixed(1)} |`,
  );
} finally {
  await app?.close();
  await database.close();
  await rm(work, { recursive: true, force: true });
}
