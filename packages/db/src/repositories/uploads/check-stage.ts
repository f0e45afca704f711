import type { Query } from "../bulk-write.ts";
import type { UploadMode } from "./processes.ts";
import type { UploadTarget } from "./stage.ts";

// The checks of a staged file before anything is written: keys repeated in the file, unknown
// references, keys that already exist (APPEND), pools still used by activities (REPLACE). Each
// check is one SQL query selecting its problem rows.

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

/** The checks every kind uses, on the staging table `table` (aliased `s`). */
function checkBuilders(table: string) {
  return {
    /** Rows whose key repeats an earlier line's. */
    duplicate: (keyColumns: string[], value: string, field: string): Check => ({
      field,
      reason: "duplicate_key",
      sql: `select line, value, first::text as extra from (
        select line, ${value} as value, min(line) over (partition by ${keyColumns.join(", ")}) as first
        from ${table} where ${keyColumns.map((c) => `${c} is not null`).join(" and ")}
      ) d where line > first`,
      values: (r) => ({ value: r.value, first: Number(r.extra) }),
    }),
    /** Rows naming in `column` what `exists` does not find. */
    unknown: (column: string, reason: string, exists: string): Check => ({
      field: column,
      reason,
      sql: `select s.line, s.${column} as value, null::text as extra from ${table} s
      where s.${column} is not null and not exists (${exists})`,
      values: (r) => ({ value: r.value }),
    }),
    /** Rows whose key `exists` already finds (APPEND adds only new keys). */
    existing: (field: string, value: string, exists: string): Check => ({
      field,
      reason: "already_exists",
      sql: `select s.line, ${value} as value, null::text as extra from ${table} s where exists (${exists})`,
      values: (r) => ({ value: r.value }),
    }),
  };
}
type CheckBuilders = ReturnType<typeof checkBuilders>;

const ACCOUNT_EXISTS = `select 1 from financial_accounts a
    where a.company_id = @company and a.model_id = @model and a.code = s.account_code`;
const POOL_EXISTS = `select 1 from cost_pools p
    where p.company_id = @company and p.model_id = @model and p.code = s.pool_code`;

function accountChecks(c: CheckBuilders, mode: UploadMode): Check[] {
  return [
    c.duplicate(["account_code"], "account_code", "account_code"),
    ...(mode === "APPEND" ? [c.existing("account_code", "s.account_code", ACCOUNT_EXISTS)] : []),
  ];
}

function accountValueChecks(c: CheckBuilders, mode: UploadMode): Check[] {
  return [
    c.duplicate(["account_code"], "account_code", "account_code"),
    c.unknown("account_code", "unknown_account", ACCOUNT_EXISTS),
    ...(mode === "APPEND"
      ? [
          c.existing(
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
}

function costPoolChecks(c: CheckBuilders, table: string, mode: UploadMode): Check[] {
  return [
    c.duplicate(["pool_code"], "pool_code", "pool_code"),
    ...(mode === "APPEND" ? [c.existing("pool_code", "s.pool_code", POOL_EXISTS)] : []),
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
}

function poolDriverValueChecks(c: CheckBuilders, mode: UploadMode): Check[] {
  return [
    c.duplicate(["driver_name", "pool_code"], "driver_name || ' / ' || pool_code", "pool_code"),
    c.unknown(
      "driver_name",
      "unknown_pool_driver",
      `select 1 from cost_pool_drivers d
            where d.company_id = @company and d.model_id = @model and d.name = s.driver_name`,
    ),
    c.unknown("pool_code", "unknown_pool", POOL_EXISTS),
    ...(mode === "APPEND"
      ? [
          c.existing(
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
}

/** A record's relationship drivers must name records of their dimension (in the scenario or the file). */
function relationCheck(
  table: string,
  target: UploadTarget,
  relation: UploadTarget["relations"][number],
): Check {
  return {
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
  };
}

function recordChecks(c: CheckBuilders, table: string, target: UploadTarget, mode: UploadMode): Check[] {
  return [
    c.duplicate(["identifier"], "identifier", "identifier"),
    ...target.relations.map((relation) => relationCheck(table, target, relation)),
    ...(mode === "APPEND"
      ? [
          c.existing(
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

function checksOf(table: string, target: UploadTarget, mode: UploadMode): Check[] {
  const c = checkBuilders(table);
  switch (target.kind) {
    case "ACCOUNTS":
      return accountChecks(c, mode);
    case "ACCOUNT_VALUES":
      return accountValueChecks(c, mode);
    case "COST_POOLS":
      return costPoolChecks(c, table, mode);
    case "POOL_DRIVER_VALUES":
      return poolDriverValueChecks(c, mode);
    case "RECORDS":
      return recordChecks(c, table, target, mode);
  }
}
