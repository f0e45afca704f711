import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import {
  costPoolDrivers,
  costPools,
  dimensionDrivers,
  dimensions,
  financialAccounts,
} from "../schema/model-master-data.ts";
import { dimensionRecords, uploadProcesses } from "../schema/scenario-data.ts";
import { users } from "../schema/users.ts";
import type { Query } from "./bulk-write.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type UploadProcess = typeof uploadProcesses.$inferSelect;
export type UploadKind = "ACCOUNTS" | "ACCOUNT_VALUES" | "COST_POOLS" | "POOL_DRIVER_VALUES" | "RECORDS";
type UploadMode = "MERGE" | "APPEND" | "REPLACE";
type UploadStatus = "PROCESSING" | "PROCESSED" | "ERROR" | "STOPPED";

/**
 * One stored problem of a file. `reason` is a key of the `uploads.errors` translations, `values`
 * fill its placeholders (the text is made in the reader's language); `message` is the English
 * text, for whoever reads the table directly. A last entry of reason `more_errors` counts the
 * errors beyond those listed.
 */
export interface StoredUploadError {
  line: number | null;
  column: number | null;
  field: string | null;
  reason: string;
  values?: Record<string, string | number>;
  message: string;
}

export type UploadView = UploadProcess & { requesterName: string | null; errorsCount: number };

const requesterName = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;
// Listed errors, plus the count carried by a trailing "more_errors" entry (minus that entry).
const errorsCount = sql<number>`(jsonb_array_length(${uploadProcesses.errors}) + case
  when ${uploadProcesses.errors}->-1->>'reason' = 'more_errors'
  then (${uploadProcesses.errors}->-1->'values'->>'count')::int - 1 else 0 end)::int`;

/** Upload processes of a company's scenarios; every function filters by the caller's company. */
export function uploadsRepository(db: Database) {
  const view = { upload: uploadProcesses, requesterName, errorsCount };
  const toView = (row: { upload: UploadProcess; requesterName: string | null; errorsCount: number }) => ({
    ...row.upload,
    requesterName: row.requesterName,
    errorsCount: Number(row.errorsCount),
  });

  async function find(companyId: number, id: number, tx: Executor = db): Promise<UploadView | undefined> {
    const [row] = await tx
      .select(view)
      .from(uploadProcesses)
      .leftJoin(users, eq(users.id, uploadProcesses.requestedBy))
      .where(and(eq(uploadProcesses.companyId, companyId), eq(uploadProcesses.id, id)));
    return row && toView(row);
  }

  return {
    find,

    async create(
      companyId: number,
      upload: {
        scenarioId: number;
        kind: UploadKind;
        dimensionId: number | null;
        mode: UploadMode;
        fileName: string;
        filePath: string;
        requestedBy: number;
      },
      tx: Executor = db,
    ): Promise<UploadProcess> {
      const [row] = await tx
        .insert(uploadProcesses)
        .values({ ...upload, companyId, status: "PROCESSING" })
        .returning();
      return row!;
    },

    async setTaskId(companyId: number, id: number, taskId: string, tx: Executor = db): Promise<void> {
      await tx
        .update(uploadProcesses)
        .set({ taskId })
        .where(and(eq(uploadProcesses.companyId, companyId), eq(uploadProcesses.id, id)));
    },

    async list(
      companyId: number,
      filter: {
        scenarioId: number;
        kind?: UploadKind | undefined;
        status?: UploadStatus | undefined;
        dimensionId?: number | undefined;
      },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<UploadView>> {
      const conditions: SQL[] = [
        eq(uploadProcesses.companyId, companyId),
        eq(uploadProcesses.scenarioId, filter.scenarioId),
      ];
      if (filter.kind) conditions.push(eq(uploadProcesses.kind, filter.kind));
      if (filter.status) conditions.push(eq(uploadProcesses.status, filter.status));
      if (filter.dimensionId !== undefined)
        conditions.push(eq(uploadProcesses.dimensionId, filter.dimensionId));
      const where = and(...conditions);
      const rows = await tx
        .select(view)
        .from(uploadProcesses)
        .leftJoin(users, eq(users.id, uploadProcesses.requestedBy))
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              requested_at: uploadProcesses.requestedAt,
              status: uploadProcesses.status,
              kind: uploadProcesses.kind,
              mode: uploadProcesses.mode,
              file_name: uploadProcesses.fileName,
              id: uploadProcesses.id,
            },
            "-requested_at",
            uploadProcesses.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      const count = await tx.$count(uploadProcesses, where);
      return { rows: rows.map(toView), count };
    },

    /**
     * Asks the job to stop. Undefined when the company has no such upload; otherwise the upload,
     * with `stopRequested` set only if it was still PROCESSING.
     */
    async requestStop(companyId: number, id: number, tx: Executor = db): Promise<UploadView | undefined> {
      await tx
        .update(uploadProcesses)
        .set({ stopRequested: 1 })
        .where(
          and(
            eq(uploadProcesses.companyId, companyId),
            eq(uploadProcesses.id, id),
            eq(uploadProcesses.status, "PROCESSING"),
          ),
        );
      return find(companyId, id, tx);
    },

    /**
     * Takes the upload for a worker: sets `started_at` and a lease. Only once per upload: an upload
     * already started (its job attempted before, by a worker that died) answers "started" and is
     * not run again, since a second run could apply a file its user believes failed.
     */
    async claim(
      companyId: number,
      id: number,
      leaseSeconds: number,
      tx: Executor = db,
    ): Promise<"claimed" | "started" | "gone"> {
      const rows = await tx
        .update(uploadProcesses)
        .set({ startedAt: sql`now()`, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(
          and(
            eq(uploadProcesses.companyId, companyId),
            eq(uploadProcesses.id, id),
            eq(uploadProcesses.status, "PROCESSING"),
            sql`${uploadProcesses.startedAt} is null`,
          ),
        )
        .returning({ id: uploadProcesses.id });
      if (rows.length === 1) return "claimed";
      return (await find(companyId, id, tx))?.status === "PROCESSING" ? "started" : "gone";
    },

    /** Renews the lease of a running upload; answers whether a stop was requested meanwhile. */
    async renewLease(companyId: number, id: number, leaseSeconds: number, tx: Executor = db) {
      const [row] = await tx
        .update(uploadProcesses)
        .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(
          and(
            eq(uploadProcesses.companyId, companyId),
            eq(uploadProcesses.id, id),
            eq(uploadProcesses.status, "PROCESSING"),
          ),
        )
        .returning({ stopRequested: uploadProcesses.stopRequested });
      return { stopRequested: (row?.stopRequested ?? 1) !== 0 };
    },

    /**
     * The reaper (every company: the system's own sweep): uploads still PROCESSING past their
     * lease lost their worker; they end in ERROR with `error`, nothing written. Uploads never
     * started have no lease and wait for a worker. Answers the reaped uploads with the file each
     * had staged, for its removal.
     */
    async reapExpired(error: StoredUploadError, running: readonly number[] = [], tx: Executor = db) {
      // The caller's own running uploads are alive even when their lease could not be renewed in
      // time (the embedded database runs one statement at a time: a long check holds it).
      const alive =
        running.length > 0
          ? sql`and id not in (${sql.join(
              running.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``;
      const result = await tx.execute(sql`
        update upload_processes u
           set status = 'ERROR', errors = ${JSON.stringify([error])}::jsonb, finished_at = now(),
               file_path = null, lease_until = null, rows_done = 0
          from (select id, file_path from upload_processes
                 where status = 'PROCESSING' and lease_until < now() ${alive}
                 for update skip locked) old
         where u.id = old.id
        returning u.company_id, u.id, old.file_path`);
      const rows = (
        result as unknown as { rows: { company_id: number; id: number; file_path: string | null }[] }
      ).rows;
      return rows.map((r) => ({ companyId: Number(r.company_id), id: Number(r.id), filePath: r.file_path }));
    },

    /** Records progress; answers whether a stop was requested meanwhile. */
    async reportProgress(
      companyId: number,
      id: number,
      progress: { progress: number; rowsDone: number; rowsTotal: number | null },
      tx: Executor = db,
    ): Promise<{ stopRequested: boolean }> {
      const [row] = await tx
        .update(uploadProcesses)
        .set({
          progress: progress.progress.toFixed(4),
          rowsDone: progress.rowsDone,
          rowsTotal: progress.rowsTotal,
        })
        .where(and(eq(uploadProcesses.companyId, companyId), eq(uploadProcesses.id, id)))
        .returning({ stopRequested: uploadProcesses.stopRequested });
      return { stopRequested: (row?.stopRequested ?? 1) !== 0 };
    },

    /** Ends a process that wrote nothing (ERROR or STOPPED); a finished process is left alone. */
    async finishWithoutWriting(
      companyId: number,
      id: number,
      outcome: {
        status: "ERROR" | "STOPPED";
        errors: StoredUploadError[];
        rowsDone: number;
        rowsTotal: number | null;
      },
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(uploadProcesses)
        .set({
          status: outcome.status,
          errors: outcome.errors as UploadProcess["errors"],
          rowsDone: outcome.rowsDone,
          rowsTotal: outcome.rowsTotal,
          finishedAt: new Date(),
          filePath: null,
        })
        .where(
          and(
            eq(uploadProcesses.companyId, companyId),
            eq(uploadProcesses.id, id),
            eq(uploadProcesses.status, "PROCESSING"),
          ),
        )
        .returning({ id: uploadProcesses.id });
      return rows.length === 1;
    },

    // What a file is checked against -------------------------------------------------------------

    async findDimension(companyId: number, modelId: number, dimensionId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(dimensions)
        .where(
          and(
            eq(dimensions.companyId, companyId),
            eq(dimensions.modelId, modelId),
            eq(dimensions.id, dimensionId),
          ),
        );
      return row;
    },

    async listDimensions(companyId: number, modelId: number, tx: Executor = db) {
      return tx
        .select()
        .from(dimensions)
        .where(and(eq(dimensions.companyId, companyId), eq(dimensions.modelId, modelId)))
        .orderBy(asc(dimensions.code));
    },

    /** The dimension's drivers in column order, with the code of a relationship's target. */
    async listDimensionDrivers(companyId: number, dimensionId: number, tx: Executor = db) {
      const rows = await tx
        .select({ driver: dimensionDrivers, targetCode: dimensions.code })
        .from(dimensionDrivers)
        .leftJoin(
          dimensions,
          and(
            eq(dimensions.companyId, dimensionDrivers.companyId),
            eq(dimensions.id, dimensionDrivers.targetDimensionId),
          ),
        )
        .where(and(eq(dimensionDrivers.companyId, companyId), eq(dimensionDrivers.dimensionId, dimensionId)))
        .orderBy(asc(dimensionDrivers.position), asc(dimensionDrivers.id));
      return rows.map((r) => ({ ...r.driver, targetCode: r.targetCode }));
    },

    /** A few rows of the model's data, for the example rows of the software wizard's file list. */
    async samples(companyId: number, modelId: number, tx: Executor = db) {
      const [account] = await tx
        .select()
        .from(financialAccounts)
        .where(and(eq(financialAccounts.companyId, companyId), eq(financialAccounts.modelId, modelId)))
        .orderBy(asc(financialAccounts.code))
        .limit(1);
      const [pool] = await tx
        .select()
        .from(costPools)
        .where(and(eq(costPools.companyId, companyId), eq(costPools.modelId, modelId)))
        .orderBy(asc(costPools.code))
        .limit(1);
      const [driver] = await tx
        .select()
        .from(costPoolDrivers)
        .where(and(eq(costPoolDrivers.companyId, companyId), eq(costPoolDrivers.modelId, modelId)))
        .orderBy(asc(costPoolDrivers.name))
        .limit(1);
      return { account, pool, driver };
    },

    /** One record identifier of each of the dimensions (any scenario), for example rows. */
    async sampleIdentifiers(companyId: number, dimensionIds: number[], tx: Executor = db) {
      const out = new Map<number, string>();
      for (const dimensionId of dimensionIds) {
        const [row] = await tx
          .select({ identifier: dimensionRecords.identifier })
          .from(dimensionRecords)
          .where(
            and(eq(dimensionRecords.companyId, companyId), eq(dimensionRecords.dimensionId, dimensionId)),
          )
          .limit(1);
        if (row) out.set(dimensionId, row.identifier);
      }
      return out;
    },
  };
}

// Staging and writing (raw SQL on a bulk session) ------------------------------------------------

/** Where a file's rows go: the scenario, its model and, for records, the dimension and its links. */
export interface UploadTarget {
  companyId: number;
  modelId: number;
  scenarioId: number;
  kind: UploadKind;
  dimensionId: number | null;
  /** For RECORDS: the relationship drivers (<CODE>_ID) and the dimension they point to. */
  relations: { name: string; targetDimensionId: number; targetCode: string }[];
}

/** Columns of the staging table of each kind, named as the file's columns; `line` is the file line. */
export const STAGE_COLUMNS: Record<UploadKind, readonly (readonly [string, string])[]> = {
  ACCOUNTS: [
    ["line", "integer"],
    ["account_code", "text"],
    ["name", "text"],
    ["expense_group", "text"],
  ],
  ACCOUNT_VALUES: [
    ["line", "integer"],
    ["account_code", "text"],
    ["amount", "numeric"],
  ],
  COST_POOLS: [
    ["line", "integer"],
    ["pool_code", "text"],
    ["name", "text"],
    ["is_direct", "boolean"],
  ],
  POOL_DRIVER_VALUES: [
    ["line", "integer"],
    ["driver_name", "text"],
    ["pool_code", "text"],
    ["value", "numeric"],
  ],
  RECORDS: [
    ["line", "integer"],
    ["identifier", "text"],
    ["fields", "jsonb"],
  ],
};

export function stageTableName(uploadId: number): string {
  if (!Number.isInteger(uploadId) || uploadId <= 0) throw new Error(`Invalid upload id ${uploadId}`);
  return `upload_stage_${uploadId}`;
}

/** A temporary table of the session (gone when it ends); created empty, dropped first if left over. */
export async function createStage(query: Query, table: string, kind: UploadKind): Promise<void> {
  await query(`drop table if exists ${table}`);
  const columns = STAGE_COLUMNS[kind].map(([name, type]) => `${name} ${type}`).join(", ");
  await query(`create temporary table ${table} (${columns})`);
}

export async function dropStage(query: Query, table: string): Promise<void> {
  await query(`drop table if exists ${table}`);
}

/** One problem found in the staged rows: the file line (null for a row not in the file), the column, why. */
interface StageProblem {
  line: number | null;
  field: string;
  reason: string;
  values: Record<string, string | number>;
}

interface Check {
  field: string;
  reason: string;
  /**
   * Selects (line, value, extra) of the problem rows. Parameters by name: @company, @model,
   * @scenario, @dimension, and those of `params`.
   */
  sql: string;
  params?: Record<string, unknown>;
  values: (row: { value: string; extra: string | null }) => Record<string, string | number>;
}

/** Turns @name placeholders into $n parameters, numbering only the names the text uses. */
function bind(text: string, named: Record<string, unknown>): [string, unknown[]] {
  const order: string[] = [];
  const out = text.replace(/@(\w+)/g, (_, name: string) => {
    if (!(name in named)) throw new Error(`No value for @${name}`);
    let k = order.indexOf(name);
    if (k < 0) k = order.push(name) - 1;
    return `$${k + 1}`;
  });
  return [out, order.map((name) => named[name])];
}

/**
 * Checks the staged rows against each other and the database: keys repeated in the file, unknown
 * references, keys that already exist (APPEND), pools still used by activities (REPLACE).
 * Returns at most `limit` problems and the number of all of them.
 */
export async function checkStage(
  query: Query,
  table: string,
  target: UploadTarget,
  mode: UploadMode,
  limit: number,
): Promise<{ problems: StageProblem[]; total: number }> {
  // Temporary tables are never analysed automatically: without statistics, joins on a million
  // staged rows get nested-loop plans.
  await query(`analyze ${table}`);
  const problems: StageProblem[] = [];
  let total = 0;
  for (const check of checksOf(table, target, mode)) {
    const named = {
      company: target.companyId,
      model: target.modelId,
      scenario: target.scenarioId,
      dimension: target.dimensionId,
      ...check.params,
    };
    const room = limit - problems.length;
    if (room <= 0) {
      const [text, params] = bind(`select count(*) as n from (${check.sql}) c`, named);
      total += Number((await query<{ n: string }>(text, params))[0]!.n);
      continue;
    }
    const [text, params] = bind(
      `select line, value, extra, count(*) over () as total from (${check.sql}) c
       order by line nulls first limit @limit`,
      { ...named, limit: room },
    );
    const rows = await query<{ line: number | null; value: string; extra: string | null; total: string }>(
      text,
      params,
    );
    if (rows.length > 0) total += Number(rows[0]!.total);
    for (const row of rows) {
      problems.push({ line: row.line, field: check.field, reason: check.reason, values: check.values(row) });
    }
  }
  return { problems, total };
}

function checksOf(table: string, target: UploadTarget, mode: UploadMode): Check[] {
  const duplicate = (keyColumns: string[], value: string, field: string): Check => ({
    field,
    reason: "duplicate_key",
    sql: `select line, value, first::text as extra from (
        select line, ${value} as value, min(line) over (partition by ${keyColumns.join(", ")}) as first
        from ${table} where ${keyColumns.map((c) => `${c} is not null`).join(" and ")}
      ) d where line > first`,
    values: (r) => ({ value: r.value, first: Number(r.extra) }),
  });
  const unknown = (column: string, reason: string, exists: string): Check => ({
    field: column,
    reason,
    sql: `select s.line, s.${column} as value, null::text as extra from ${table} s
      where s.${column} is not null and not exists (${exists})`,
    values: (r) => ({ value: r.value }),
  });
  const existing = (field: string, value: string, exists: string): Check => ({
    field,
    reason: "already_exists",
    sql: `select s.line, ${value} as value, null::text as extra from ${table} s where exists (${exists})`,
    values: (r) => ({ value: r.value }),
  });
  const account = `select 1 from financial_accounts a
    where a.company_id = @company and a.model_id = @model and a.code = s.account_code`;
  const pool = `select 1 from cost_pools p
    where p.company_id = @company and p.model_id = @model and p.code = s.pool_code`;

  switch (target.kind) {
    case "ACCOUNTS":
      return [
        duplicate(["account_code"], "account_code", "account_code"),
        ...(mode === "APPEND" ? [existing("account_code", "s.account_code", account)] : []),
      ];
    case "ACCOUNT_VALUES":
      return [
        duplicate(["account_code"], "account_code", "account_code"),
        unknown("account_code", "unknown_account", account),
        ...(mode === "APPEND"
          ? [
              existing(
                "account_code",
                "s.account_code",
                `select 1 from account_values v join financial_accounts a
                   on a.company_id = v.company_id and a.id = v.account_id
                 where v.company_id = @company and v.scenario_id = @scenario and a.model_id = @model
                   and a.code = s.account_code`,
              ),
            ]
          : []),
      ];
    case "COST_POOLS":
      return [
        duplicate(["pool_code"], "pool_code", "pool_code"),
        ...(mode === "APPEND" ? [existing("pool_code", "s.pool_code", pool)] : []),
        ...(mode === "REPLACE"
          ? [
              {
                // Activities keep their pool (restrict): a pool left out of the file must be unused.
                field: "pool_code",
                reason: "pool_in_use",
                sql: `select null::int as line, p.code as value, min(a.code) as extra
                  from cost_pools p join activities a on a.company_id = p.company_id and a.cost_pool_id = p.id
                  where p.company_id = @company and p.model_id = @model
                    and not exists (select 1 from ${table} s where s.pool_code = p.code)
                  group by p.code`,
                values: (r) => ({ value: r.value, activity: r.extra ?? "" }),
              } satisfies Check,
            ]
          : []),
      ];
    case "POOL_DRIVER_VALUES":
      return [
        duplicate(["driver_name", "pool_code"], "driver_name || ' / ' || pool_code", "pool_code"),
        unknown(
          "driver_name",
          "unknown_pool_driver",
          `select 1 from cost_pool_drivers d
            where d.company_id = @company and d.model_id = @model and d.name = s.driver_name`,
        ),
        unknown("pool_code", "unknown_pool", pool),
        ...(mode === "APPEND"
          ? [
              existing(
                "pool_code",
                "s.driver_name || ' / ' || s.pool_code",
                `select 1 from cost_pool_driver_values v
                   join cost_pool_drivers d on d.company_id = v.company_id and d.id = v.driver_id
                   join cost_pools p on p.company_id = v.company_id and p.id = v.pool_id
                 where v.company_id = @company and v.scenario_id = @scenario and d.model_id = @model
                   and d.name = s.driver_name and p.code = s.pool_code`,
              ),
            ]
          : []),
      ];
    case "RECORDS":
      return [
        duplicate(["identifier"], "identifier", "identifier"),
        ...target.relations.map(
          (relation): Check => ({
            field: relation.name,
            reason: "unknown_record",
            params: { driver: relation.name, target: relation.targetDimensionId },
            sql: `select s.line, s.fields->>@driver::text as value, null::text as extra from ${table} s
              where s.fields->>@driver::text is not null
                and not exists (select 1 from dimension_records r where r.company_id = @company
                  and r.scenario_id = @scenario and r.dimension_id = @target
                  and r.identifier = s.fields->>@driver::text)
                ${
                  // A dimension pointing to itself may point to records of the same file.
                  relation.targetDimensionId === target.dimensionId
                    ? `and not exists (select 1 from ${table} o where o.identifier = s.fields->>@driver::text)`
                    : ""
                }`,
            values: (r) => ({ value: r.value, dimension: relation.targetCode }),
          }),
        ),
        ...(mode === "APPEND"
          ? [
              existing(
                "identifier",
                "s.identifier",
                `select 1 from dimension_records r where r.company_id = @company
                   and r.scenario_id = @scenario and r.dimension_id = @dimension
                   and r.identifier = s.identifier`,
              ),
            ]
          : []),
      ];
  }
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
  const { companyId, modelId, scenarioId, dimensionId } = target;
  const count = async (insert: string, params: unknown[]) => {
    const [row] = await query<{ n: string }>(
      `with w as (${insert} returning 1) select count(*) as n from w`,
      params,
    );
    return Number(row!.n);
  };
  /** ON CONFLICT for MERGE/REPLACE: set the listed columns (nothing to set: keep the row). */
  const upsert = (key: string, set: string[]) =>
    mode === "APPEND"
      ? ""
      : set.length === 0
        ? `on conflict (${key}) do nothing`
        : `on conflict (${key}) do update set ${set.map((c) => `${c} = excluded.${c}`).join(", ")}`;
  const keep = (column: string) => mode === "REPLACE" || present.has(column);

  switch (target.kind) {
    case "ACCOUNTS": {
      if (mode === "REPLACE") {
        await query(
          `delete from financial_accounts f where f.company_id = $1 and f.model_id = $2
             and not exists (select 1 from ${table} s where s.account_code = f.code)`,
          [companyId, modelId],
        );
      }
      return count(
        `insert into financial_accounts (company_id, model_id, code, name, expense_group)
         select $1, $2, account_code, coalesce(name, ''), coalesce(expense_group, '') from ${table} order by line
         ${upsert("company_id, model_id, code", ["name", "expense_group"].filter(keep))}`,
        [companyId, modelId],
      );
    }
    case "COST_POOLS": {
      if (mode === "REPLACE") {
        await query(
          `delete from cost_pools p where p.company_id = $1 and p.model_id = $2
             and not exists (select 1 from ${table} s where s.pool_code = p.code)`,
          [companyId, modelId],
        );
      }
      return count(
        `insert into cost_pools (company_id, model_id, code, name, is_direct)
         select $1, $2, pool_code, coalesce(name, ''), is_direct from ${table} order by line
         ${upsert("company_id, model_id, code", ["name", "is_direct"].filter(keep))}`,
        [companyId, modelId],
      );
    }
    case "ACCOUNT_VALUES": {
      if (mode === "REPLACE") {
        await query(`delete from account_values where company_id = $1 and scenario_id = $2`, [
          companyId,
          scenarioId,
        ]);
      }
      return count(
        `insert into account_values (company_id, scenario_id, account_id, amount)
         select $1, $2, a.id, s.amount from ${table} s
           join financial_accounts a on a.company_id = $1 and a.model_id = $3 and a.code = s.account_code
         where s.amount is not null
         order by s.line
         ${upsert("company_id, scenario_id, account_id", ["amount"])}`,
        [companyId, scenarioId, modelId],
      );
    }
    case "POOL_DRIVER_VALUES": {
      if (mode === "REPLACE") {
        await query(`delete from cost_pool_driver_values where company_id = $1 and scenario_id = $2`, [
          companyId,
          scenarioId,
        ]);
      }
      return count(
        `insert into cost_pool_driver_values (company_id, scenario_id, driver_id, pool_id, value)
         select $1, $2, d.id, p.id, s.value from ${table} s
           join cost_pool_drivers d on d.company_id = $1 and d.model_id = $3 and d.name = s.driver_name
           join cost_pools p on p.company_id = $1 and p.model_id = $3 and p.code = s.pool_code
         order by s.line
         ${upsert("company_id, scenario_id, driver_id, pool_id", ["value"])}`,
        [companyId, scenarioId, modelId],
      );
    }
    case "RECORDS": {
      if (mode === "REPLACE") {
        await query(
          `delete from dimension_records where company_id = $1 and scenario_id = $2 and dimension_id = $3`,
          [companyId, scenarioId, dimensionId],
        );
      }
      // MERGE keeps the drivers the file has no column for (jsonb || replaces only the given keys).
      const conflict =
        mode === "MERGE"
          ? "on conflict (company_id, scenario_id, dimension_id, identifier) do update set fields = dimension_records.fields || excluded.fields"
          : "";
      return count(
        `insert into dimension_records (company_id, scenario_id, dimension_id, identifier, fields)
         select $1, $2, $3, identifier, fields from ${table} order by line ${conflict}`,
        [companyId, scenarioId, dimensionId],
      );
    }
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
