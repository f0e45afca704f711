import { analyzeStatement } from "../analyze.ts";
import type { Query } from "../bulk-write.ts";
import type { UploadMode } from "./processes.ts";
import type { UploadTarget } from "./stage.ts";

// Writing a checked file (raw SQL on a bulk session, inside the caller's transaction): the staged
// rows into the model's table of their kind, and the upload turned PROCESSED in the same
// transaction.

/** One write of staged rows: where they are, where they go, how, and the file's optional columns. */
interface StageWrite {
  query: Query;
  table: string;
  target: UploadTarget;
  mode: UploadMode;
  present: ReadonlySet<string>;
}

/** Runs an INSERT and answers how many rows it inserted or updated. */
async function countWritten(query: Query, insert: string, params: unknown[]): Promise<number> {
  const [row] = await query<{ n: string }>(
    `with w as (${insert} returning 1) select count(*) as n from w`,
    params,
  );
  return Number(row!.n);
}

/** ON CONFLICT for MERGE/REPLACE: set the listed columns (nothing to set: keep the row). */
function upsert(mode: UploadMode, key: string, set: string[]): string {
  return mode === "APPEND"
    ? ""
    : set.length === 0
      ? `on conflict (${key}) do nothing`
      : `on conflict (${key}) do update set ${set.map((c) => `${c} = excluded.${c}`).join(", ")}`;
}

/** The optional columns a write sets: those of the file (MERGE), or all (REPLACE: the file is the whole set). */
function kept(w: StageWrite, columns: string[]): string[] {
  return columns.filter((column) => w.mode === "REPLACE" || w.present.has(column));
}

async function writeAccounts(w: StageWrite): Promise<number> {
  const { companyId, modelId } = w.target;
  if (w.mode === "REPLACE") {
    await w.query(
      `delete from financial_accounts f where f.company_id = $1 and f.model_id = $2
             and not exists (select 1 from ${w.table} s where s.account_code = f.code)`,
      [companyId, modelId],
    );
  }
  return countWritten(
    w.query,
    `insert into financial_accounts (company_id, model_id, code, name, expense_group)
         select $1, $2, account_code, coalesce(name, ''), coalesce(expense_group, '') from ${w.table} order by line
         ${upsert(w.mode, "company_id, model_id, code", kept(w, ["name", "expense_group"]))}`,
    [companyId, modelId],
  );
}

async function writeCostPools(w: StageWrite): Promise<number> {
  const { companyId, modelId } = w.target;
  if (w.mode === "REPLACE") {
    await w.query(
      `delete from cost_pools p where p.company_id = $1 and p.model_id = $2
             and not exists (select 1 from ${w.table} s where s.pool_code = p.code)`,
      [companyId, modelId],
    );
  }
  return countWritten(
    w.query,
    `insert into cost_pools (company_id, model_id, code, name, is_direct)
         select $1, $2, pool_code, coalesce(name, ''), is_direct from ${w.table} order by line
         ${upsert(w.mode, "company_id, model_id, code", kept(w, ["name", "is_direct"]))}`,
    [companyId, modelId],
  );
}

async function writeAccountValues(w: StageWrite): Promise<number> {
  const { companyId, modelId, scenarioId } = w.target;
  if (w.mode === "REPLACE") {
    await w.query(`delete from account_values where company_id = $1 and scenario_id = $2`, [
      companyId,
      scenarioId,
    ]);
  }
  return countWritten(
    w.query,
    `insert into account_values (company_id, scenario_id, account_id, amount)
         select $1, $2, a.id, s.amount from ${w.table} s
           join financial_accounts a on a.company_id = $1 and a.model_id = $3 and a.code = s.account_code
         where s.amount is not null
         order by s.line
         ${upsert(w.mode, "company_id, scenario_id, account_id", ["amount"])}`,
    [companyId, scenarioId, modelId],
  );
}

async function writePoolDriverValues(w: StageWrite): Promise<number> {
  const { companyId, modelId, scenarioId } = w.target;
  if (w.mode === "REPLACE") {
    await w.query(`delete from cost_pool_driver_values where company_id = $1 and scenario_id = $2`, [
      companyId,
      scenarioId,
    ]);
  }
  return countWritten(
    w.query,
    `insert into cost_pool_driver_values (company_id, scenario_id, driver_id, pool_id, value)
         select $1, $2, d.id, p.id, s.value from ${w.table} s
           join cost_pool_drivers d on d.company_id = $1 and d.model_id = $3 and d.name = s.driver_name
           join cost_pools p on p.company_id = $1 and p.model_id = $3 and p.code = s.pool_code
         order by s.line
         ${upsert(w.mode, "company_id, scenario_id, driver_id, pool_id", ["value"])}`,
    [companyId, scenarioId, modelId],
  );
}

async function writeRecords(w: StageWrite): Promise<number> {
  const { companyId, scenarioId, dimensionId } = w.target;
  if (w.mode === "REPLACE") {
    await w.query(
      `delete from dimension_records where company_id = $1 and scenario_id = $2 and dimension_id = $3`,
      [companyId, scenarioId, dimensionId],
    );
  }
  // MERGE keeps the drivers the file has no column for (jsonb || replaces only the given keys).
  const conflict =
    w.mode === "MERGE"
      ? "on conflict (company_id, scenario_id, dimension_id, identifier) do update set fields = dimension_records.fields || excluded.fields"
      : "";
  const written = await countWritten(
    w.query,
    `insert into dimension_records (company_id, scenario_id, dimension_id, identifier, fields)
         select $1, $2, $3, identifier, fields from ${w.table} order by line ${conflict}`,
    [companyId, scenarioId, dimensionId],
  );
  // Fresh statistics for the lookups by identifier (repositories/analyze.ts).
  await w.query(analyzeStatement("dimension_records"));
  return written;
}

/**
 * Writes the staged rows into the target table in `mode`, inside the caller's transaction, and
 * returns how many rows were inserted or updated. `present` names the file's optional columns:
 * MERGE updates only those; REPLACE makes the file the whole set.
 */
export async function applyStage(
  query: Query,
  table: string,
  target: UploadTarget,
  mode: UploadMode,
  present: ReadonlySet<string>,
): Promise<number> {
  const w: StageWrite = { query, table, target, mode, present };
  switch (target.kind) {
    case "ACCOUNTS":
      return writeAccounts(w);
    case "COST_POOLS":
      return writeCostPools(w);
    case "ACCOUNT_VALUES":
      return writeAccountValues(w);
    case "POOL_DRIVER_VALUES":
      return writePoolDriverValues(w);
    case "RECORDS":
      return writeRecords(w);
  }
}

/**
 * Marks the upload PROCESSED inside the writing transaction, unless a stop was requested: the row
 * is locked first, so a stop request arriving now waits for the outcome. False when stopped.
 */
export async function lockForWriting(query: Query, companyId: number, uploadId: number): Promise<boolean> {
  const [row] = await query<{ stop_requested: number; status: string }>(
    `select stop_requested, status from upload_processes where company_id = $1 and id = $2 for update`,
    [companyId, uploadId],
  );
  return !!row && row.status === "PROCESSING" && row.stop_requested === 0;
}

export async function markProcessed(
  query: Query,
  companyId: number,
  uploadId: number,
  rows: { rowsDone: number; rowsTotal: number },
): Promise<void> {
  await query(
    `update upload_processes set status = 'PROCESSED', progress = 1, rows_done = $3, rows_total = $4,
       errors = '[]'::jsonb, finished_at = now(), file_path = null
     where company_id = $1 and id = $2`,
    [companyId, uploadId, rows.rowsDone, rows.rowsTotal],
  );
}
