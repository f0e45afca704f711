import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../client.ts";
import { resultPushes, resultUnallocated } from "../../schema/results.ts";
import { orderBy, type PageRequest } from "../paging.ts";
import { type Filter, resultReads, type TotalledPage } from "./run-reads.ts";

// The per-record detail of steps 4-6: the pushes of steps 5 and 6, the detail arrays
// (result_vectors) with their records' identifiers, the activities behind a step 4 record, and
// what each push left unallocated. The pushes and the unallocated rows are remembered per run
// (run-read-cache.ts); the detail arrays are not (tens of millions of numbers at size L).

export type PushRow = typeof resultPushes.$inferSelect;

/** Which detail arrays a page reads. */
type VectorFilter = {
  kinds: readonly string[];
  sourceNos?: readonly number[] | undefined;
  dimension?: number | undefined;
};

/** One non-zero entry of a detail array, with its record's identifier (and its parent's). */
type VectorEntry = {
  sourceNo: number;
  kind: string;
  dimensionId: number | null;
  recordNo: number;
  identifier: string;
  parentIdentifier: string | null;
  amount: number;
};

/**
 * The non-zero entries of the detail arrays `filter` selects in a step, as a subquery of
 * (source_no, kind, dimension_id, amount, record_no, parent_no).
 */
function vectorEntries(f: Filter, step: number, filter: VectorFilter): SQL {
  const kinds = sql.join(
    filter.kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const sources = filter.sourceNos
    ? sql` and v.source_no in (${sql.join(
        [...filter.sourceNos, -1].map((n) => sql`${n}`),
        sql`, `,
      )})`
    : sql``;
  const dimension = filter.dimension !== undefined ? sql` and v.dimension_id = ${filter.dimension}` : sql``;
  const where = sql`v.company_id = ${f.companyId} and v.calculation_id = ${f.calculationId} and v.step = ${step}
        and v.kind in (${kinds})${sources}${dimension}`;
  return sql`select v.source_no, v.kind, v.dimension_id, a.amount, a.no - 1 as record_no,
          case when v.links is null then null else v.links[a.no] end as parent_no
        from result_vectors v, unnest(v.amounts) with ordinality as a(amount, no)
        where ${where} and a.amount <> 0`;
}

/**
 * ORDER BY of vector entries under `alias` for a page's ordering (amount, transaction_id, or by
 * source). Records are numbered in identifier order: ordering by transaction_id is by record_no.
 */
function vectorOrder(ordering: string | undefined) {
  const descending = ordering?.startsWith("-") ?? false;
  const field = ordering?.replace(/^-/, "");
  const direction = sql.raw(descending ? "desc" : "asc");
  return (alias: string) => {
    const a = sql.raw(alias);
    return field === "amount"
      ? sql`${a}.amount ${direction}, ${a}.source_no, ${a}.dimension_id, ${a}.record_no`
      : field === "transaction_id"
        ? sql`${a}.dimension_id, ${a}.record_no ${direction}, ${a}.source_no`
        : sql`${a}.source_no ${direction}, ${a}.dimension_id, ${a}.record_no`;
  };
}

function toVectorEntry(r: Record<string, unknown>): VectorEntry {
  return {
    sourceNo: Number(r.sourceNo),
    kind: String(r.kind),
    dimensionId: r.dimensionId === null ? null : Number(r.dimensionId),
    recordNo: Number(r.recordNo),
    identifier: String(r.identifier ?? ""),
    parentIdentifier:
      r.parentIdentifier === null || r.parentIdentifier === undefined ? null : String(r.parentIdentifier),
    amount: Number(r.amount),
  };
}

export function detailResultsRepository(db: Database) {
  const { execute, totalled, byRun } = resultReads(db);

  const reads = {
    async pushes(f: Filter, step: number): Promise<PushRow[]> {
      const t = resultPushes;
      return db
        .select()
        .from(t)
        .where(and(eq(t.companyId, f.companyId), eq(t.calculationId, f.calculationId), eq(t.step, step)))
        .orderBy(t.pushNo);
    },

    async unallocated(
      f: Filter,
      step: number,
      filter: { pushNos?: readonly number[] | undefined },
      p: PageRequest,
    ): Promise<TotalledPage<{ pushNo: number; identifier: string; amount: number }>> {
      const t = resultUnallocated;
      const conditions: SQL[] = [
        eq(t.companyId, f.companyId),
        eq(t.calculationId, f.calculationId),
        eq(t.step, step),
      ];
      if (filter.pushNos) conditions.push(inArray(t.pushNo, [...filter.pushNos, -1]));
      const where = and(...conditions);
      const sortable = {
        transaction_id: sql`${t.identifier} collate "C"`,
        amount: t.amount,
        source_name: t.pushNo,
      };
      return totalled(
        (limit, offset) =>
          db
            .select({ pushNo: t.pushNo, identifier: t.identifier, amount: t.amount })
            .from(t)
            .where(where)
            .orderBy(
              ...orderBy(p.ordering, sortable, "source_name", t.step).slice(0, -1),
              t.pushNo,
              t.recordNo,
            )
            .limit(limit)
            .offset(offset),
        t,
        where,
        { amount: t.amount },
        p,
      );
    },
  };

  return {
    pushes: byRun("pushes", reads.pushes),
    unallocated: byRun("unallocated", reads.unallocated),

    /**
     * Per-record rows from the detail arrays of a step: the non-zero entries of the arrays of
     * `kinds`, limited to `sourceNos` and one dimension when given, each with its record's
     * identifier and (RECEIVED arrays) its parent's. A page is cut before the identifiers are
     * looked up, so a page of a million-entry array costs one pass over it.
     */
    async vectors(
      f: Filter,
      step: number,
      filter: VectorFilter,
      p: PageRequest,
    ): Promise<TotalledPage<VectorEntry>> {
      const entries = vectorEntries(f, step, filter);
      const orderOn = vectorOrder(p.ordering);
      const rows = await execute(sql`
        with e as (${entries}),
        page as (select * from e order by ${orderOn("e")} limit ${p.limit} offset ${p.offset})
        select page.source_no as "sourceNo", page.kind, page.dimension_id as "dimensionId",
          page.record_no as "recordNo", page.amount, r.identifier, pr.identifier as "parentIdentifier"
        from page
        left join result_records r on r.company_id = ${f.companyId} and r.calculation_id = ${f.calculationId}
          and r.dimension_id = page.dimension_id and r.record_no = page.record_no
        left join result_pushes pu on page.parent_no is not null and pu.company_id = ${f.companyId}
          and pu.calculation_id = ${f.calculationId} and pu.step = ${step} and pu.push_no = page.source_no
        left join result_records pr on page.parent_no >= 0 and pr.company_id = ${f.companyId}
          and pr.calculation_id = ${f.calculationId} and pr.dimension_id = pu.parent_id and pr.record_no = page.parent_no
        order by ${orderOn("page")}`);
      const [total] = (
        await execute(sql`select count(*) as n, coalesce(sum(e.amount), 0) as amount from (${entries}) e`)
      ).rows;
      return {
        count: Number(total?.n ?? 0),
        totals: { amount: Number(total?.amount ?? 0) },
        rows: rows.rows.map(toVectorEntry),
      };
    },

    /**
     * Step 4: the names of the activities that sent a non-zero amount to each record (for the
     * aggregated view, whose rows sum over activities), keyed `dimension:record`.
     */
    async contributors(
      f: Filter,
      records: readonly { dimensionId: number | null; recordNo: number }[],
    ): Promise<Map<string, string[]>> {
      const wanted = records.filter((r) => r.dimensionId !== null);
      if (wanted.length === 0) return new Map();
      const dims = `{${wanted.map((r) => r.dimensionId).join(",")}}`;
      const nos = `{${wanted.map((r) => r.recordNo).join(",")}}`;
      const { rows } = await execute(sql`
        select u.dimension_id, u.record_no, array_agg(s.source_name order by s.row_no) as names
        from unnest(${dims}::int[], ${nos}::int[]) as u(dimension_id, record_no)
        join result_vectors v on v.company_id = ${f.companyId} and v.calculation_id = ${f.calculationId}
          and v.step = 4 and v.kind = 'ALLOCATED' and v.dimension_id = u.dimension_id
          and v.amounts[u.record_no + 1] <> 0
        join result_sources s on s.company_id = ${f.companyId} and s.calculation_id = ${f.calculationId}
          and s.step = 4 and s.row_no = v.source_no
        group by u.dimension_id, u.record_no`);
      return new Map(
        rows.map((r) => [`${Number(r.dimension_id)}:${Number(r.record_no)}`, (r.names as string[]) ?? []]),
      );
    },
  };
}
