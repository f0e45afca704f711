import { sql } from "drizzle-orm";
import type { Database } from "../../client.ts";
import { int64At } from "../report-data/record-blocks.ts";
import { bytesView } from "../report-data/report-sql.ts";
import { intArray, type Run, rawExecute } from "./trace-sql.ts";

// The detail arrays of a run at the traced records: the entries of steps 4 and 5 at some record
// numbers, and a kept dimension's roll-up detail.

/** The arrays an OWN row's kind codes name (writeOwnDetail in apps/api/src/worker/result-rows.ts). */
const OWN_KINDS: readonly (readonly [number, string])[] = [
  [4, "ALLOCATED"],
  [5, "RECEIVED"],
  [5, "SENT"],
];
/**
 * Bytes of one entry of an OWN row's `bytes` (written by writeOwnDetail): kind code (1), the
 * array's source_no (4), the parent record_no or -1 (4), the amount (8), big-endian.
 */
export const OWN_ENTRY_BYTES = 17;

interface VectorEntries {
  step: number;
  sourceNo: number;
  kind: string;
  /** Entries at the asked record numbers, in their order. */
  amounts: number[];
  /** RECEIVED: the parent record_no of each asked record (-1 none). */
  links: number[] | null;
}

export function traceDetailRepository(db: Database) {
  const execute = rawExecute(db);

  /**
   * The entries of ALLOCATED, RECEIVED and SENT arrays at `nos`, rebuilt from the OWN rows
   * (apps/api/src/worker/result-rows.ts, writeOwnDetail: per non-zero amount an entry of
   * OWN_ENTRY_BYTES, the kind code, the array's source_no, the parent record_no, the amount).
   * Undefined when the run has no complete packed OWN rows for the dimension (its marker row,
   * source_no -1, is missing: runs made before them, or made before they were packed, whose OWN
   * rows hold arrays; the arrays are read instead).
   */
  async function ownEntries(run: Run, dimensionId: number, nos: readonly number[]) {
    const { rows } = await execute(sql`select v.source_no, v.bytes from result_vectors v
      where v.company_id = ${run.companyId} and v.calculation_id = ${run.calculationId}
        and v.step = 5 and v.kind = 'OWN' and v.dimension_id = ${dimensionId} and v.bytes is not null
        and v.source_no = any(${intArray([-1, ...nos])}::int[])`);
    if (!rows.some((r) => Number(r.source_no) === -1)) return undefined;
    const index = new Map(nos.map((no, i) => [no, i]));
    const entries = new Map<string, VectorEntries>();
    for (const row of rows) {
      const i = index.get(Number(row.source_no));
      if (i === undefined) continue;
      const view = bytesView(row.bytes);
      for (let at = 0; at + OWN_ENTRY_BYTES <= view.byteLength; at += OWN_ENTRY_BYTES) {
        const [step, kind] = OWN_KINDS[view.getUint8(at)]!;
        const sourceNo = view.getInt32(at + 1);
        const key = `${step}:${kind}:${sourceNo}`;
        let entry = entries.get(key);
        if (!entry) {
          entry = {
            step,
            sourceNo,
            kind,
            amounts: new Array<number>(nos.length).fill(0),
            links: kind === "RECEIVED" ? new Array<number>(nos.length).fill(-1) : null,
          };
          entries.set(key, entry);
        }
        entry.amounts[i] = int64At(view, at + 9);
        if (entry.links) entry.links[i] = view.getInt32(at + 5);
      }
    }
    return [...entries.values()];
  }

  return {
    /**
     * The step-4 (ALLOCATED) and step-5 (RECEIVED, SENT) arrays of one dimension, reduced to the
     * entries at `nos` (record numbers): from the run's per-record OWN rows when it wrote them
     * for the dimension (one short row per record), else from the arrays in SQL (each array read
     * whole by the database, for an element: hundreds of long arrays at L).
     */
    async vectorEntries(run: Run, dimensionId: number, nos: readonly number[]): Promise<VectorEntries[]> {
      if (nos.length === 0) return [];
      const own = await ownEntries(run, dimensionId, nos);
      if (own) return own;
      const at = intArray(nos);
      const { rows } = await execute(sql`select v.step, v.source_no, v.kind,
          array(select v.amounts[n + 1] from unnest(${at}::int[]) with ordinality u(n, o) order by o) as amounts,
          case when v.links is null then null
            else array(select coalesce(v.links[n + 1], -1) from unnest(${at}::int[]) with ordinality u(n, o) order by o) end as links
        from result_vectors v
        where v.company_id = ${run.companyId} and v.calculation_id = ${run.calculationId}
          and ((v.step = 4 and v.kind = 'ALLOCATED') or (v.step = 5 and v.kind in ('RECEIVED', 'SENT')))
          and v.dimension_id = ${dimensionId}`);
      return rows.map((r) => ({
        step: Number(r.step),
        sourceNo: Number(r.source_no),
        kind: String(r.kind),
        amounts: (r.amounts as (string | number | null)[]).map((x) => Number(x ?? 0)),
        links: r.links === null ? null : (r.links as (string | number)[]).map(Number),
      }));
    },

    /**
     * The roll-up detail of one record of a kept dimension (docs/calculation.md, "Roll-up
     * detail"): per activity (step-4 source number) what it leaves on the record's descendants
     * past the detail limit, and per such descendant dimension their cost and how many reach it.
     * Empty for a record without any (or a run made before the detail was stored).
     */
    async rolledDetail(
      run: Run,
      dimensionId: number,
      recordNo: number,
    ): Promise<{
      activities: { sourceNo: number; amount: number }[];
      dimensions: { dimensionId: number; amount: number; records: number }[];
    }> {
      const { rows } = await execute(sql`select v.kind, v.amounts, v.links from result_vectors v
        where v.company_id = ${run.companyId} and v.calculation_id = ${run.calculationId}
          and v.step = 5 and v.kind in ('ROLLED', 'ROLLED_UP', 'ROLLED_COUNT') and v.source_no = ${recordNo}
          and v.dimension_id = ${dimensionId}`);
      const of = (kind: string) => {
        const row = rows.find((r) => r.kind === kind);
        if (!row) return [];
        const links = (row.links as (string | number)[]).map(Number);
        return (row.amounts as (string | number)[]).map((a, i) => ({ no: links[i]!, amount: Number(a) }));
      };
      const counts = new Map(of("ROLLED_COUNT").map((c) => [c.no, c.amount]));
      return {
        activities: of("ROLLED").map((a) => ({ sourceNo: a.no, amount: a.amount })),
        dimensions: of("ROLLED_UP").map((d) => ({
          dimensionId: d.no,
          amount: d.amount,
          records: counts.get(d.no) ?? 0,
        })),
      };
    },
  };
}
