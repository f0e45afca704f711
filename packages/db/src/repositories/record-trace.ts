import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";

// Reads behind a record's trace (docs/reports.md, "Trace"): the record and the records that
// reach it through relationship drivers, the entries of the detail arrays at those records, and
// the step 1-3 flows. Every query names the company (and the run or scenario).

type Run = { companyId: number; calculationId: number };
const intArray = (values: readonly number[]) => `{${values.join(",")}}`;

/** The arrays an OWN row's kind codes name (writeOwnDetail in apps/api/src/worker/result-rows.ts). */
const OWN_KINDS: readonly (readonly [number, string])[] = [
  [4, "ALLOCATED"],
  [5, "RECEIVED"],
  [5, "SENT"],
];
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;

interface TraceRecord {
  id: number;
  dimensionId: number;
  identifier: string;
  name: string;
}

interface RunRecord {
  recordNo: number;
  identifier: string;
  resting: number;
  cost: number;
}

interface VectorEntries {
  step: number;
  sourceNo: number;
  kind: string;
  /** Entries at the asked record numbers, in their order. */
  amounts: number[];
  /** RECEIVED: the parent record_no of each asked record (-1 none). */
  links: number[] | null;
}

export interface FlowRow {
  step: number;
  sourceId: number | null;
  sourceCode: string;
  sourceName: string;
  destinationId: number | null;
  destinationCode: string;
  destinationName: string;
  amount: number;
  reciprocal: boolean;
}

// The display name of a record: its first field called `name` or ending in `_name`, else the identifier.
const nameOf = (alias: string) =>
  sql.raw(`coalesce((select e.value from jsonb_each_text(${alias}.fields) e
    where lower(e.key) = 'name' or lower(e.key) like '%\\_name' order by e.key limit 1), ${alias}.identifier)`);

export function recordTraceRepository(db: Database) {
  const execute = async (query: SQL) =>
    (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

  /**
   * The entries of ALLOCATED, RECEIVED and SENT arrays at `nos`, rebuilt from the OWN rows
   * (apps/api/src/worker/result-rows.ts, writeOwnDetail: triples of kind code, array source_no and
   * parent record_no, one amount each). Undefined when the run has no complete OWN rows for the
   * dimension (its marker row, source_no -1, is missing).
   */
  async function ownEntries(run: Run, dimensionId: number, nos: readonly number[]) {
    const { rows } = await execute(sql`select v.source_no, v.amounts, v.links from result_vectors v
      where v.company_id = ${run.companyId} and v.calculation_id = ${run.calculationId}
        and v.step = 5 and v.kind = 'OWN' and v.dimension_id = ${dimensionId}
        and v.source_no = any(${intArray([-1, ...nos])}::int[])`);
    if (!rows.some((r) => Number(r.source_no) === -1)) return undefined;
    const index = new Map(nos.map((no, i) => [no, i]));
    const entries = new Map<string, VectorEntries>();
    for (const row of rows) {
      const i = index.get(Number(row.source_no));
      if (i === undefined) continue;
      const links = (row.links as (string | number)[]).map(Number);
      const amounts = (row.amounts as (string | number)[]).map(Number);
      for (let k = 0; k < amounts.length; k++) {
        const [step, kind] = OWN_KINDS[links[3 * k]!]!;
        const sourceNo = links[3 * k + 1]!;
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
        entry.amounts[i] = amounts[k]!;
        if (entry.links) entry.links[i] = links[3 * k + 2]!;
      }
    }
    return [...entries.values()];
  }

  return {
    /** A record of the scenario by id. */
    async record(companyId: number, scenarioId: number, id: number): Promise<TraceRecord | undefined> {
      const { rows } = await execute(sql`select r.id, r.dimension_id, r.identifier, ${nameOf("r")} as name
        from dimension_records r
        where r.company_id = ${companyId} and r.scenario_id = ${scenarioId} and r.id = ${id}`);
      const r = rows[0];
      return r
        ? {
            id: Number(r.id),
            dimensionId: Number(r.dimension_id),
            identifier: String(r.identifier),
            name: String(r.name),
          }
        : undefined;
    },

    /** Records of one dimension by identifier, with ids and names. */
    async recordsByIdentifier(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      identifiers: readonly string[],
    ): Promise<TraceRecord[]> {
      if (identifiers.length === 0) return [];
      const { rows } = await execute(sql`select r.id, r.dimension_id, r.identifier, ${nameOf("r")} as name
        from dimension_records r
        where r.company_id = ${companyId} and r.scenario_id = ${scenarioId} and r.dimension_id = ${dimensionId}
          and r.identifier = any(${textArray(identifiers)}::text[])`);
      return rows.map((r) => ({
        id: Number(r.id),
        dimensionId: Number(r.dimension_id),
        identifier: String(r.identifier),
        name: String(r.name),
      }));
    },

    /**
     * The relationship drivers of the model a dimension belongs to, each dimension's name with
     * them: (dimension, driver name) -> target dimension.
     */
    async relationships(
      companyId: number,
      dimensionId: number,
    ): Promise<{
      edges: { dimensionId: number; name: string; targetId: number }[];
      names: Map<number, string>;
    }> {
      const model = sql`(select m.model_id from dimensions m where m.company_id = ${companyId} and m.id = ${dimensionId})`;
      const { rows } =
        await execute(sql`select d.dimension_id, d.name, d.target_dimension_id from dimension_drivers d
        join dimensions x on x.company_id = d.company_id and x.id = d.dimension_id
        where d.company_id = ${companyId} and d.data_type = 'DIMENSION' and x.model_id = ${model}
        order by d.dimension_id, d.name`);
      const names = await execute(
        sql`select x.id, x.name from dimensions x where x.company_id = ${companyId} and x.model_id = ${model}`,
      );
      return {
        edges: rows.map((r) => ({
          dimensionId: Number(r.dimension_id),
          name: String(r.name),
          targetId: Number(r.target_dimension_id),
        })),
        names: new Map(names.rows.map((r) => [Number(r.id), String(r.name)])),
      };
    },

    /** Identifiers of the records of `dimensionId` whose relationship driver `driver` names one of `targets`. */
    async pointingTo(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      driver: string,
      targets: readonly string[],
    ): Promise<string[]> {
      if (targets.length === 0) return [];
      const { rows } = await execute(sql`select r.identifier from dimension_records r
        where r.company_id = ${companyId} and r.scenario_id = ${scenarioId} and r.dimension_id = ${dimensionId}
          and r.fields ->> ${driver} = any(${textArray(targets)}::text[])`);
      return rows.map((r) => String(r.identifier));
    },

    /** Records of a dimension in the run: count, and those with the given identifiers. */
    async dimensionSize(run: Run, dimensionId: number): Promise<number> {
      const { rows } = await execute(sql`select r.record_no from result_records r
        where r.company_id = ${run.companyId} and r.calculation_id = ${run.calculationId}
          and r.dimension_id = ${dimensionId} order by r.record_no desc limit 1`);
      return rows[0] ? Number(rows[0].record_no) + 1 : 0;
    },

    /** Whether any record of the dimension holds cost of its own in the run. */
    async holdsCost(run: Run, dimensionId: number): Promise<boolean> {
      const { rows } = await execute(sql`select exists (select 1 from result_records r
        where r.company_id = ${run.companyId} and r.calculation_id = ${run.calculationId}
          and r.dimension_id = ${dimensionId} and r.resting <> 0) as holds`);
      return rows[0]?.holds === true || rows[0]?.holds === "t";
    },

    async runRecords(run: Run, dimensionId: number, identifiers: readonly string[]): Promise<RunRecord[]> {
      if (identifiers.length === 0) return [];
      const { rows } =
        await execute(sql`select r.record_no, r.identifier, r.resting, r.cost from result_records r
        where r.company_id = ${run.companyId} and r.calculation_id = ${run.calculationId}
          and r.dimension_id = ${dimensionId} and r.identifier = any(${textArray(identifiers)}::text[])
        order by r.record_no`);
      return rows.map((r) => ({
        recordNo: Number(r.record_no),
        identifier: String(r.identifier),
        resting: Number(r.resting),
        cost: Number(r.cost),
      }));
    },

    async runRecordsByNo(run: Run, dimensionId: number, nos: readonly number[]): Promise<RunRecord[]> {
      if (nos.length === 0) return [];
      const { rows } =
        await execute(sql`select r.record_no, r.identifier, r.resting, r.cost from result_records r
        where r.company_id = ${run.companyId} and r.calculation_id = ${run.calculationId}
          and r.dimension_id = ${dimensionId} and r.record_no = any(${intArray(nos)}::int[])`);
      return rows.map((r) => ({
        recordNo: Number(r.record_no),
        identifier: String(r.identifier),
        resting: Number(r.resting),
        cost: Number(r.cost),
      }));
    },

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

    /** Step-4 sources (activities) by row number and step-5 pushes by number. */
    async activitySources(
      run: Run,
    ): Promise<{ rowNo: number; id: number | null; code: string; name: string }[]> {
      const { rows } =
        await execute(sql`select s.row_no, s.source_id, s.source_code, s.source_name from result_sources s
        where s.company_id = ${run.companyId} and s.calculation_id = ${run.calculationId} and s.step = 4`);
      return rows.map((r) => ({
        rowNo: Number(r.row_no),
        id: r.source_id === null ? null : Number(r.source_id),
        code: String(r.source_code),
        name: String(r.source_name),
      }));
    },

    async pushes(run: Run): Promise<
      {
        pushNo: number;
        sourceId: number | null;
        sourceCode: string;
        sourceName: string;
        parentId: number | null;
        parentName: string;
      }[]
    > {
      const { rows } =
        await execute(sql`select p.push_no, p.source_id, p.source_code, p.source_name, p.parent_id, p.parent_name
        from result_pushes p
        where p.company_id = ${run.companyId} and p.calculation_id = ${run.calculationId} and p.step = 5`);
      return rows.map((r) => ({
        pushNo: Number(r.push_no),
        sourceId: r.source_id === null ? null : Number(r.source_id),
        sourceCode: String(r.source_code),
        sourceName: String(r.source_name),
        parentId: r.parent_id === null ? null : Number(r.parent_id),
        parentName: String(r.parent_name),
      }));
    },

    /** The rule rows of steps 1-3 of a run (step 2 with its reciprocal flag). */
    async flows(run: Run, step: 1 | 2 | 3): Promise<FlowRow[]> {
      const { rows } =
        await execute(sql`select a.step, a.source_id, a.source_code, a.source_name, a.destination_id,
          a.destination_code, a.destination_name, a.amount, a.reciprocal
        from result_allocations a
        where a.company_id = ${run.companyId} and a.calculation_id = ${run.calculationId} and a.step = ${step}
        order by a.row_no`);
      return rows.map((r) => ({
        step: Number(r.step),
        sourceId: r.source_id === null ? null : Number(r.source_id),
        sourceCode: String(r.source_code),
        sourceName: String(r.source_name),
        destinationId: r.destination_id === null ? null : Number(r.destination_id),
        destinationCode: String(r.destination_code),
        destinationName: String(r.destination_name),
        amount: Number(r.amount),
        reciprocal: r.reciprocal === true || r.reciprocal === "t",
      }));
    },
  };
}
