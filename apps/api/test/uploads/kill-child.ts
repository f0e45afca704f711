// The process the kill test (upload-kill.test.ts) kills with SIGKILL: the real app with its
// workers on the database the test names (KILL_DB_URL + KILL_DB_SCHEMA, or KILL_DB_DIR for
// PGlite). It prepares a scenario holding one record, starts a 300,000-row Replace upload and,
// once the worker is reading the file, prints one JSON line with the ids and waits to be killed.
import { createDatabase } from "@costflow/db/client";
import { seedDemo } from "@costflow/db/seed";
import { buildApp } from "../../src/app.ts";
import { hashPassword } from "../../src/lib/passwords.ts";
import { as, demoCompanyId, eventually, login } from "../helpers/test-app.ts";
import { modelData, uploader } from "./upload-helpers.ts";

const database = process.env.KILL_DB_DIR
  ? await createDatabase({ dataDir: process.env.KILL_DB_DIR })
  : await createDatabase({ url: process.env.KILL_DB_URL!, schema: process.env.KILL_DB_SCHEMA!, poolSize: 4 });
await seedDemo(database.db, { hashPassword });
const app = await buildApp({
  database,
  logger: false,
  config: {
    webDist: null,
    jwtSecret: undefined,
    runWorkers: true,
    authRateLimit: { max: 1000, windowMs: 60_000 },
  },
});
const access = (await login(app, "client@costflow.demo")).access;
const call = as(app, access);
const model = (await call("POST", "/models/", { name: "Killed" })).json().id;
const scenario = (await call("POST", "/model/scenarios/", { model, name: "Base" })).json().id;
const data = modelData(database, await demoCompanyId(database), model);
const dimension = (await data.dimension("LINES", [{ name: "amount", dataType: "DECI" }])).id;
const u = uploader(app, access);
const kept = await u.process(
  { scenario, kind: "RECORDS", mode: "MERGE", dimension },
  { name: "keep.csv", content: "identifier,amount\nK1,1\n" },
);
if (kept.status !== "PROCESSED") throw new Error(JSON.stringify(kept));
const rows = Array.from({ length: 300_000 }, (_, i) => `L${i},${i % 100}.25`).join("\n");
const accepted = await u.upload(
  { scenario, kind: "RECORDS", mode: "REPLACE", dimension },
  { name: "big.csv", content: `identifier,amount\n${rows}\n` },
);
const upload = accepted.json().id;
await eventually(async () => {
  const detail = (await u.get(`/uploads/${upload}/`)).json();
  if (!(detail.status === "PROCESSING" && detail.rows_done > 0)) throw new Error("not reading yet");
}, 120_000);
console.log(JSON.stringify({ upload, scenario, dimension, model }));
// Killed from here on; never exits by itself.
setInterval(() => {}, 1000);
