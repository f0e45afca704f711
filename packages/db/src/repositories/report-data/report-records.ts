import { sql } from "drizzle-orm";
import type { Database } from "../../client.ts";
import { bytesView, type Filter, rawExecute } from "./report-sql.ts";

// The per-record report data of a run (report_records, with the stored orderings in
// report_orders): pages by position or ordering, search, whole columns, identifiers, and the
// display names of the scenario's records.

export interface ReportRecord {
  recordNo: number;
  identifier: string;
  /** Minor units, in the order of the dimension row's columns. */
  values: number[];
  profit: number;
  cost: number;
  margin: number | null;
}

/** A text[] literal (drizzle would spread a JS array into a list of parameters). */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;
const toNumbers = (v: unknown): number[] => ((v as (string | number)[] | null) ?? []).map(Number);

function recordOf(r: Record<string, unknown>): ReportRecord {
  return {
    recordNo: Number(r.record_no),
    identifier: String(r.identifier),
    values: toNumbers(r.values),
    profit: Number(r.profit),
    cost: Number(r.cost),
    margin: r.margin === null || r.margin === undefined ? null : Number(r.margin),
  };
}

/** A sort key of the SQL path (search): a column index, or one of the record's own fields. */
export type SortKey = { column: number } | "identifier" | "profit" | "cost" | "margin_percent";

export function reportRecordsRepository(db: Database) {
  const execute = rawExecute(db);

  return {
    /** Records with numbers in [from, to] (inclusive), ascending or descending. */
    async recordRange(
      f: Filter,
      dimensionId: number,
      from: number,
      to: number,
      descending: boolean,
    ): Promise<ReportRecord[]> {
      const { rows } = await execute(sql`
        select record_no, identifier, values, profit, cost, margin from report_records
        where company_id = ${f.companyId} and calculation_id = ${f.calculationId}
          and dimension_id = ${dimensionId} and record_no between ${from} and ${to}
        order by record_no ${sql.raw(descending ? "desc" : "asc")}`);
      return rows.map(recordOf);
    },

    /**
     * Record numbers at positions [offset, offset + limit) of the stored ascending ordering by
     * `key` (or of its reverse when descending): one or two blocks read, sliced in the database
     * (4 bytes a position; an uncompressed bytea's slice reads only its TOAST chunks).
     */
    async orderedNos(
      f: Filter,
      dimensionId: number,
      key: string,
      n: number,
      window: { offset: number; limit: number },
      descending: boolean,
    ): Promise<number[]> {
      const take = Math.max(0, Math.min(window.limit, n - window.offset));
      if (take === 0) return [];
      const from = descending ? n - window.offset - take : window.offset;
      const to = from + take; // exclusive
      const { rows } = await execute(sql`
        with b as (
          select o.block_size as size from report_orders o
          where o.company_id = ${f.companyId} and o.calculation_id = ${f.calculationId}
            and o.dimension_id = ${dimensionId} and o.key = ${key} and o.block_no = 0)
        select o.block_no, substring(o.nos from 4 * greatest(0, ${from} - o.block_no * b.size) + 1
          for 4 * (least(b.size, ${to} - o.block_no * b.size) - greatest(0, ${from} - o.block_no * b.size))) as nos
        from report_orders o, b
        where o.company_id = ${f.companyId} and o.calculation_id = ${f.calculationId}
          and o.dimension_id = ${dimensionId} and o.key = ${key}
          and o.block_no between ${from}::int / b.size and greatest(0, ${to}::int - 1) / b.size
        order by o.block_no`);
      const nos: number[] = [];
      for (const r of rows) {
        const view = bytesView(r.nos);
        for (let at = 0; at + 4 <= view.byteLength; at += 4) nos.push(view.getInt32(at));
      }
      return descending ? nos.reverse() : nos;
    },

    /** Records by number, in the order given (one index probe each). */
    async recordsByNo(f: Filter, dimensionId: number, nos: readonly number[]): Promise<ReportRecord[]> {
      if (nos.length === 0) return [];
      const { rows } = await execute(sql`
        select r.record_no, r.identifier, r.values, r.profit, r.cost, r.margin
        from unnest(${`{${nos.join(",")}}`}::int[]) with ordinality as u(no, at)
        cross join lateral (select * from report_records x where x.company_id = ${f.companyId}
          and x.calculation_id = ${f.calculationId} and x.dimension_id = ${dimensionId}
          and x.record_no = u.no limit 1) r
        order by u.at`);
      return rows.map(recordOf);
    },

    /** A record by identifier (a single record's waterfall). */
    async recordByIdentifier(
      f: Filter,
      dimensionId: number,
      identifier: string,
    ): Promise<ReportRecord | undefined> {
      const { rows } = await execute(sql`
        select record_no, identifier, values, profit, cost, margin from report_records
        where company_id = ${f.companyId} and calculation_id = ${f.calculationId}
          and dimension_id = ${dimensionId} and identifier = ${identifier} limit 1`);
      return rows[0] ? recordOf(rows[0]) : undefined;
    },

    /**
     * Records whose identifier or record fields (names) contain `search`, sorted in SQL (a scan
     * of the dimension: the search path, not the paging path), with their count.
     */
    async search(
      f: Filter,
      where: { scenarioId: number; dimensionId: number; search: string },
      sort: SortKey,
      descending: boolean,
      window: { offset: number; limit: number },
    ): Promise<{ rows: ReportRecord[]; count: number }> {
      const pattern = `%${where.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const key =
        sort === "identifier"
          ? sql`r.record_no`
          : sort === "profit"
            ? sql`r.profit`
            : sort === "cost"
              ? sql`r.cost`
              : sort === "margin_percent"
                ? sql`r.margin`
                : sql`r.values[${sort.column + 1}]`;
      const direction = sql.raw(descending ? "desc nulls first" : "asc nulls last");
      const matches = sql`from report_records r
        left join dimension_records d on d.company_id = ${f.companyId} and d.scenario_id = ${where.scenarioId}
          and d.dimension_id = ${where.dimensionId} and d.identifier = r.identifier
        where r.company_id = ${f.companyId} and r.calculation_id = ${f.calculationId}
          and r.dimension_id = ${where.dimensionId}
          and (r.identifier ilike ${pattern} or d.fields::text ilike ${pattern})`;
      const [{ rows }, counted] = await Promise.all([
        execute(sql`select r.record_no, r.identifier, r.values, r.profit, r.cost, r.margin ${matches}
          order by ${key} ${direction}, r.record_no ${sql.raw(descending ? "desc" : "asc")}
          limit ${window.limit} offset ${window.offset}`),
        execute(sql`select count(*) as n ${matches}`),
      ]);
      return { rows: rows.map(recordOf), count: Number(counted.rows[0]?.n ?? 0) };
    },

    /**
     * A page of two columns of a dimension's `records` records (compare of two lines), sorted by
     * the database: by `by` ("a", "b", their difference b - a, or the identifier in code-point
     * order), ties by identifier; the minor units of both. A dimension of millions of records is never read
     * whole (its count is the dimension row's).
     */
    async twoColumnsPage(
      f: Filter,
      dimensionId: number,
      columns: readonly [number, number],
      order: { by: "a" | "b" | "variance" | "identifier"; descending: boolean },
      window: { limit: number; offset: number },
      records: number,
    ): Promise<{ identifier: string; a: number; b: number }[]> {
      const a = sql`coalesce(values[${columns[0] + 1}], 0)`;
      const b = sql`coalesce(values[${columns[1] + 1}], 0)`;
      const key =
        order.by === "a" ? a : order.by === "b" ? b : order.by === "variance" ? sql`(${b} - ${a})` : null;
      const direction = sql.raw(order.descending ? "desc" : "asc");
      const scope = sql`from report_records
        where company_id = ${f.companyId} and calculation_id = ${f.calculationId} and dimension_id = ${dimensionId}`;
      // Record numbers are the identifiers' code-point order (the run read its records `order by
      // identifier collate "C"`) and run from 0 to records - 1: a page by identifier is a range of
      // them, read from the index (sorting 5 M order lines by identifier took 1.2 s, skipping to
      // the middle of the index 0.6 s).
      if (!key) {
        const from = order.descending ? records - window.offset - window.limit : window.offset;
        const to = from + window.limit;
        const { rows } = await execute(sql`select identifier, ${a} as a, ${b} as b ${scope}
          and record_no >= ${Math.max(0, from)} and record_no < ${Math.max(0, to)}
          order by record_no ${direction}`);
        return rows.map((r) => ({ identifier: String(r.identifier), a: Number(r.a), b: Number(r.b) }));
      }
      const { rows } = await execute(sql`select identifier, ${a} as a, ${b} as b ${scope}
        order by ${key} ${direction}, record_no asc
        limit ${window.limit} offset ${window.offset}`);
      return rows.map((r) => ({ identifier: String(r.identifier), a: Number(r.a), b: Number(r.b) }));
    },

    /**
     * Every record's value of some columns (compare between scenarios and dimensions).
     * Columns of every record of a dimension in record order, with the identifiers: one row of
     * JSON arrays (50,000 row objects per column cost compare more in parsing and collection
     * than the query at size L).
     */
    async columnValues(
      f: Filter,
      dimensionId: number,
      columns: readonly number[],
    ): Promise<{ identifiers: string[]; values: number[][] }> {
      const picked = columns.map(
        (c, k) => sql`, json_agg(values[${c + 1}] order by record_no) as ${sql.identifier(`v${k}`)}`,
      );
      const { rows } = await execute(sql`
        select json_agg(identifier order by record_no) as ids ${sql.join(picked, sql``)} from report_records
        where company_id = ${f.companyId} and calculation_id = ${f.calculationId} and dimension_id = ${dimensionId}`);
      const row = rows[0] ?? {};
      const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as unknown[] | null;
      return {
        identifiers: ((json(row.ids) ?? []) as string[]).map(String),
        values: columns.map((_, k) =>
          ((json(row[`v${k}`]) ?? []) as (number | null)[]).map((v) => Number(v ?? 0)),
        ),
      };
    },

    /** Identifiers of records by number (second-level names of the tree map). */
    async identifiers(f: Filter, dimensionId: number, nos: readonly number[]): Promise<Map<number, string>> {
      if (nos.length === 0) return new Map();
      const { rows } = await execute(sql`
        select r.record_no, r.identifier
        from unnest(${`{${nos.join(",")}}`}::int[]) as u(no)
        cross join lateral (select x.record_no, x.identifier from report_records x
          where x.company_id = ${f.companyId} and x.calculation_id = ${f.calculationId}
          and x.dimension_id = ${dimensionId} and x.record_no = u.no limit 1) r`);
      return new Map(rows.map((r) => [Number(r.record_no), String(r.identifier)]));
    },

    /**
     * Ids and display names of a scenario's records by identifier: the name is the first record
     * field called `name` or ending in `_name` (the templates' `customer_name`, `product_name`),
     * else the identifier.
     */
    async recordNames(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      identifiers: readonly string[],
    ): Promise<Map<string, { id: number; name: string }>> {
      if (identifiers.length === 0) return new Map();
      const { rows } = await execute(sql`
        select d.id, d.identifier, (select e.value from jsonb_each_text(d.fields) e
            where lower(e.key) = 'name' or lower(e.key) like '%\\_name' order by e.key limit 1) as name
        from dimension_records d
        where d.company_id = ${companyId} and d.scenario_id = ${scenarioId} and d.dimension_id = ${dimensionId}
          and d.identifier = any(${textArray(identifiers)}::text[])`);
      return new Map(
        rows.map((r) => [
          String(r.identifier),
          { id: Number(r.id), name: r.name ? String(r.name) : String(r.identifier) },
        ]),
      );
    },
  };
}
