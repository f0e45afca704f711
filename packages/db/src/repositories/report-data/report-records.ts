import { sql } from "drizzle-orm";
import type { Database } from "../../client.ts";
import {
  columnsOf,
  EXPANDED_NO,
  EXPANDED_RECORDS,
  expandedColumn,
  expandedPairs,
  pairedColumn,
  RECORD_BLOCK,
  type ReportRecord,
  recordAt,
  recordsOf,
} from "./record-blocks.ts";
import { bytesView, type Filter, rawExecute } from "./report-sql.ts";

// The per-record report data of a run (report_records, a row per block of records: layout in
// record-blocks.ts; the stored orderings in report_orders): pages by position or ordering,
// search, whole columns, identifiers, and the display names of the scenario's records.

/** A text[] literal (drizzle would spread a JS array into a list of parameters). */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;
const intArray = (values: readonly number[]) => `{${values.join(",")}}`;
const BLOCK = sql.raw(String(RECORD_BLOCK));
const strings = (v: unknown) => ((v as string[] | null) ?? []).map(String);

const scope = (f: Filter, dimensionId: number, alias = "") => {
  const t = sql.raw(alias ? `${alias}.` : "");
  return sql`${t}company_id = ${f.companyId} and ${t}calculation_id = ${f.calculationId} and ${t}dimension_id = ${dimensionId}`;
};

export function reportRecordsRepository(db: Database) {
  const execute = rawExecute(db);

  const repository = {
    /** Records with numbers in [from, to] (inclusive), ascending or descending. */
    async recordRange(
      f: Filter,
      dimensionId: number,
      from: number,
      to: number,
      descending: boolean,
    ): Promise<ReportRecord[]> {
      if (to < from) return [];
      // Per block the slice of its records in the range (lo: the first one's position).
      const lo = sql`greatest(${from}::int - block_no * ${BLOCK}, 0)`;
      const hi = sql`least(${to}::int - block_no * ${BLOCK}, records - 1)`;
      const { rows } = await execute(sql`
        select block_no, record_bytes, ${lo} as lo, identifiers[${lo} + 1 : ${hi} + 1] as ids,
          substring("values" from ${lo} * record_bytes + 1 for (${hi} - ${lo} + 1) * record_bytes) as v
        from report_records where ${scope(f, dimensionId)}
          and block_no between ${Math.floor(from / RECORD_BLOCK)} and ${Math.floor(to / RECORD_BLOCK)}
        order by block_no`);
      const records = rows.flatMap((r) =>
        recordsOf(
          bytesView(r.v),
          Number(r.record_bytes),
          Number(r.block_no) * RECORD_BLOCK + Number(r.lo),
          strings(r.ids),
        ),
      );
      return descending ? records.reverse() : records;
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
      // No ordering stored: the key's values were all equal, and record order is their stable sort.
      if (rows.length === 0)
        return Array.from({ length: take }, (_, i) => (descending ? to - 1 - i : from + i));
      const nos: number[] = [];
      for (const r of rows) {
        const view = bytesView(r.nos);
        for (let at = 0; at + 4 <= view.byteLength; at += 4) nos.push(view.getInt32(at));
      }
      return descending ? nos.reverse() : nos;
    },

    /** Records by number, in the order given (one index probe and one TOAST slice each). */
    async recordsByNo(f: Filter, dimensionId: number, nos: readonly number[]): Promise<ReportRecord[]> {
      if (nos.length === 0) return [];
      const { rows } = await execute(sql`
        select u.no, b.record_bytes, b.identifiers[u.no % ${BLOCK} + 1] as identifier,
          substring(b."values" from (u.no % ${BLOCK}) * b.record_bytes + 1 for b.record_bytes) as v
        from unnest(${intArray(nos)}::int[]) with ordinality as u(no, at)
        cross join lateral (select x.record_bytes, x.identifiers, x."values" from report_records x
          where ${scope(f, dimensionId, "x")} and x.block_no = u.no / ${BLOCK} limit 1) b
        order by u.at`);
      return rows.flatMap((r) => {
        const view = bytesView(r.v);
        const bytes = Number(r.record_bytes);
        if (view.byteLength < bytes) return [];
        return [recordAt(view, 0, columnsOf(bytes), Number(r.no), String(r.identifier))];
      });
    },

    /**
     * A record by identifier (a single record's waterfall): in the last block whose first
     * identifier is not after it in code-point order (record numbers follow that order), else
     * looked for in every block.
     */
    async recordByIdentifier(
      f: Filter,
      dimensionId: number,
      identifier: string,
    ): Promise<ReportRecord | undefined> {
      const position = sql`block_no * ${BLOCK} + array_position(identifiers, ${identifier}::text) - 1`;
      let { rows } = await execute(sql`
        select ${position} as no from report_records
        where ${scope(f, dimensionId)} and first_identifier collate "C" <= ${identifier}
        order by block_no desc limit 1`);
      if (rows[0]?.no === null || rows[0]?.no === undefined) {
        ({ rows } = await execute(sql`
          select ${position} as no from report_records
          where ${scope(f, dimensionId)} and ${identifier}::text = any(identifiers) limit 1`));
      }
      if (rows[0]?.no === null || rows[0]?.no === undefined) return undefined;
      const [record] = await repository.recordsByNo(f, dimensionId, [Number(rows[0].no)]);
      return record;
    },

    /**
     * Numbers of the records whose identifier or record fields (names) contain `search`,
     * ascending (a scan of the dimension: the search path, not the paging path; the caller
     * orders them by the stored orderings).
     */
    async searchNos(
      f: Filter,
      where: { scenarioId: number; dimensionId: number; search: string },
    ): Promise<number[]> {
      const pattern = `%${where.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { rows } = await execute(sql`
        select coalesce(string_agg((b.block_no * ${BLOCK} + u.i - 1)::text, ','), '') as nos
        from report_records b
        cross join lateral unnest(b.identifiers) with ordinality as u(identifier, i)
        left join dimension_records d on d.company_id = ${f.companyId} and d.scenario_id = ${where.scenarioId}
          and d.dimension_id = ${where.dimensionId} and d.identifier = u.identifier
        where ${scope(f, where.dimensionId, "b")}
          and (u.identifier ilike ${pattern} or d.fields::text ilike ${pattern})`);
      const text = String(rows[0]?.nos ?? "");
      return text === ""
        ? []
        : text
            .split(",")
            .map(Number)
            .sort((a, b) => a - b);
    },

    /**
     * A page of two columns of a dimension's records ordered by their difference b - a (compare
     * of two lines; the other orderings are read from the stored ones), ties by record number;
     * the identifier and the minor units of both. Every record is read by the database, decoded
     * from its block.
     */
    async twoColumnsByVariance(
      f: Filter,
      dimensionId: number,
      columns: readonly [number, number],
      descending: boolean,
      window: { limit: number; offset: number },
    ): Promise<{ identifier: string; a: number; b: number }[]> {
      const a = expandedColumn(columns[0]);
      const b = expandedColumn(columns[1]);
      // Record numbers, not identifiers: a text[] element is found by walking the array, which
      // cost as much as decoding both values (1 M records: 0.61 s with them, 0.35 s without).
      const direction = sql.raw(descending ? "desc" : "asc");
      const { rows } = await execute(sql`select ${EXPANDED_NO} as no, ${a} as a, ${b} as b
        ${EXPANDED_RECORDS} where ${scope(f, dimensionId, "b")}
        order by ${b} - ${a} ${direction}, ${EXPANDED_NO} ${direction}
        limit ${window.limit} offset ${window.offset}`);
      const names = await repository.identifiers(
        f,
        dimensionId,
        rows.map((r) => Number(r.no)),
      );
      return rows.map((r) => ({ identifier: names.get(Number(r.no)) ?? "", a: Number(r.a), b: Number(r.b) }));
    },

    /**
     * Whether run `other` holds the same records of the dimension as run `f`, in the same order
     * (every block's identifiers equal; the caller checks that both hold as many records). Two
     * scenarios of one model usually do: a copy keeps the records.
     */
    async sameRecords(f: Filter, other: Filter, dimensionId: number): Promise<boolean> {
      const { rows } = await execute(sql`
        select count(*) filter (where o.identifiers is distinct from b.identifiers) as different
        from report_records b
        left join report_records o on o.company_id = ${other.companyId}
          and o.calculation_id = ${other.calculationId} and o.dimension_id = b.dimension_id
          and o.block_no = b.block_no
        where ${scope(f, dimensionId, "b")}`);
      return Number(rows[0]?.different ?? 1) === 0;
    },

    /**
     * A page of one column of two runs holding the same records (sameRecords), ordered by the
     * difference other - f, ties by record number (both reversed when descending): the record
     * number, the identifier and both values. A scan of both runs' blocks, side by side.
     */
    async twoRunsByVariance(
      f: Filter,
      other: Filter,
      dimensionId: number,
      columns: readonly [number, number],
      descending: boolean,
      window: { limit: number; offset: number },
    ): Promise<{ recordNo: number; identifier: string; a: number; b: number }[]> {
      const a = expandedColumn(columns[0]);
      const b = pairedColumn(columns[1]);
      const direction = sql.raw(descending ? "desc" : "asc");
      const { rows } = await execute(sql`select ${EXPANDED_NO} as no, ${a} as a, ${b} as b
        ${expandedPairs(other)} where ${scope(f, dimensionId, "b")}
        order by ${b} - ${a} ${direction}, ${EXPANDED_NO} ${direction}
        limit ${window.limit} offset ${window.offset}`);
      const nos = rows.map((r) => Number(r.no));
      const names = await repository.identifiers(f, dimensionId, nos);
      return rows.map((r, i) => ({
        recordNo: nos[i]!,
        identifier: names.get(nos[i]!) ?? "",
        a: Number(r.a),
        b: Number(r.b),
      }));
    },

    /**
     * Every record's value of some columns (compare between scenarios), in record order, with the
     * identifiers: one row of JSON arrays (50,000 row objects per column cost compare more in
     * parsing and collection than the query at size L).
     */
    async columnValues(
      f: Filter,
      dimensionId: number,
      columns: readonly number[],
    ): Promise<{ identifiers: string[]; values: number[][] }> {
      const picked = columns.map(
        (c, k) => sql`, json_agg(${expandedColumn(c)} order by ${EXPANDED_NO}) as ${sql.identifier(`v${k}`)}`,
      );
      // The identifiers unnested in order (an element of a text[] is found by walking the array).
      const { rows } = await execute(sql`
        select (select json_agg(u.identifier order by b.block_no, u.i) from report_records b
            cross join lateral unnest(b.identifiers) with ordinality as u(identifier, i)
            where ${scope(f, dimensionId, "b")}) as ids
          ${sql.join(picked, sql``)}
        ${EXPANDED_RECORDS} where ${scope(f, dimensionId, "b")}`);
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
        select u.no, b.identifiers[u.no % ${BLOCK} + 1] as identifier
        from unnest(${intArray(nos)}::int[]) as u(no)
        cross join lateral (select x.identifiers from report_records x
          where ${scope(f, dimensionId, "x")} and x.block_no = u.no / ${BLOCK} limit 1) b`);
      return new Map(
        rows.filter((r) => r.identifier !== null).map((r) => [Number(r.no), String(r.identifier)]),
      );
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
  return repository;
}
