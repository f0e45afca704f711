import { sql } from "drizzle-orm";
import type { Database } from "../../client.ts";
import { intArray, type Run, rawExecute, textArray } from "./trace-sql.ts";

// A run's rows a trace reads besides the detail arrays: the record totals of the traced records,
// the step-4 sources and step-5 pushes the detail entries are numbered by, and the step 1-3 flows.

interface RunRecord {
  recordNo: number;
  identifier: string;
  resting: number;
  cost: number;
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

export function traceRunRowsRepository(db: Database) {
  const execute = rawExecute(db);

  return {
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
