import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { seedDemo } from "@costflow/db/seed";
import { createTestDatabase } from "@costflow/db/test-database";
import { type BenchSize, isBenchSize } from "@costflow/engine/bench/bench-sizes";
import { generateModel } from "@costflow/engine/bench/generate-model";
import { acceptanceBundle, REPO_ROOT } from "@costflow/engine/test-support/shared-fixtures";
import { unzipSync, zipSync } from "fflate";
import { buildApp } from "../src/app.ts";
import { hashPassword } from "../src/lib/passwords.ts";
import { saveModelData } from "../src/modules/model-io/save-model-data.ts";
import { demoAdminSession } from "./demo-session.ts";

// Not a test: writes the BI template (CSV, Parquet, XLSX) of the acceptance bundles, the step-5
// fixture and optionally a benchmark model, unzipped, to --out. Run it before and after a change
// of the BI export and `diff -r` the two folders: the files must be equal entry by entry (the
// archives' own timestamps aside; docProps/core.xml of the workbook holds its creation time).
//
//   npx tsx apps/api/scripts/bi-export-snapshot.ts --out /tmp/bi-before [--size S]

const { values } = parseArgs({ options: { out: { type: "string" }, size: { type: "string" } } });
if (!values.out) throw new Error("--out DIR is required");
const OUT = values.out;
const BUNDLES = [
  acceptanceBundle("tdabc-customer-service"),
  acceptanceBundle("reciprocal-support-departments"),
  join(REPO_ROOT, "apps/api/test/reports/fixtures/trace-roll-up"),
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
process.env.EXPORT_FILES_DIR = mkdtempSync(join(tmpdir(), "costflow-snapshot-files-"));

function zipFolder(dir: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const walk = (at: string, prefix: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
      else files[`${prefix}${name}`] = readFileSync(path);
    }
  };
  walk(dir, "");
  return zipSync(files);
}

const database = await createTestDatabase();
try {
  await seedDemo(database.db, { hashPassword });
  const app = await buildApp({ database, logger: { level: "error" }, config: { webDist: null } });
  const { headers, get } = await demoAdminSession(app);
  const post = (url: string, payload: unknown) =>
    app.inject({ method: "POST", url: `/api/v1${url}`, headers, payload: payload as object });

  const scenarios: [string, number][] = [];
  for (const dir of BUNDLES) {
    const boundary = "----costflowsnapshot";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      Buffer.from(zipFolder(dir)),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await app.inject({
      method: "POST",
      url: "/api/v1/models/import/",
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    if (imported.statusCode !== 201) throw new Error(imported.body);
    scenarios.push([dir.split("/").pop()!, imported.json().scenario]);
  }
  if (values.size) {
    if (!isBenchSize(values.size)) throw new Error("--size must be S, M or L");
    const me = (await get("/auth/users/me/")).json();
    const model = generateModel(values.size as BenchSize, 1);
    const saved = await saveModelData(me.selected_company, me.id, model, database.db);
    scenarios.push([`bench-${values.size}`, saved.scenario]);
  }
  for (const [name, scenario] of scenarios) {
    const id = (await post("/calculation/calculate-all/", { scenario })).json().calculation_id;
    for (;;) {
      const rows = (await get(`/calculation/calculations/?scenario=${scenario}&limit=100`)).json().results;
      const row = rows.find((r: { id: number }) => r.id === id);
      if (row?.status === "FINISHED") break;
      if (row?.status === "ERROR" || row?.status === "STOPPED") throw new Error(`${name}: ${row.status}`);
      await sleep(300);
    }
    for (const data_type of ["BI_CSV", "BI_PARQUET", "BI_XLSX"]) {
      const file = await post("/export/files/", { scenario, data_type });
      if (file.statusCode !== 201) {
        writeFileSync(join(OUT, `${name}-${data_type}.refused`), file.body);
        continue;
      }
      let row: { status: string; download_url: string };
      for (;;) {
        row = (await get(`/export/files/${file.json().id}/`)).json();
        if (row.status !== "PROCESSING") break;
        await sleep(200);
      }
      if (row.status !== "PROCESSED") throw new Error(`${name} ${data_type}: ${JSON.stringify(row)}`);
      const bytes = (await get(row.download_url.replace("/api/v1", ""))).rawPayload;
      for (const [entry, content] of Object.entries(unzipSync(new Uint8Array(bytes)))) {
        const path = join(OUT, name, data_type, entry);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, content);
      }
      console.log(`${name} ${data_type}: ${bytes.length} bytes`);
    }
  }
  await app.close();
} finally {
  await database.close();
  rmSync(process.env.EXPORT_FILES_DIR!, { recursive: true, force: true });
}
