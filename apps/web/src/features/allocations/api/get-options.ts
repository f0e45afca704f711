// Option lists of the rule forms: the first 100 matches of a list endpoint (the API caps a page at
// 100), narrowed by the server-side search as the user types. Each list call names its row schema
// in the contract, so development builds check the answer.
import { Activity } from "@costflow/contract/activities";
import { Step6Source } from "@costflow/contract/allocation";
import { CalculatedDriver } from "@costflow/contract/calculated-drivers";
import { CostPool, FinancialAccountRow, PoolDriver } from "@costflow/contract/cost";
import { Dimension, DimensionDriver } from "@costflow/contract/dimensions";
import type { ZodType } from "zod";
import type { QueryValue } from "../../../lib/api-client";
import { fetchPageOrEmpty } from "../../../lib/paged";

export interface Option {
  value: string;
  label: string;
  /** Extra facts some forms need (a pool's is_direct, an activity's is_tdabc, a driver's dimension). */
  meta?: Record<string, unknown>;
}

interface OptionContext {
  model: number;
  scenario: number;
  dimension?: number | null;
}

/** One list call of the rule forms: its row in the contract, its parameters, a row as an option. */
interface SourceSpec<T> {
  path: string;
  row: ZodType<T>;
  /** The endpoint takes `search`; other lists are filtered here. */
  search?: boolean;
  params: (ctx: OptionContext) => Record<string, QueryValue>;
  toOption: (row: T) => Option;
}

const source = <T>(spec: SourceSpec<T>) => spec;

const codeName = (code: string, name: string) => (code ? `${code} · ${name}` : name);

const SPECS = {
  accounts: source({
    path: "cost/financial-accounts/get-table/",
    row: FinancialAccountRow,
    search: true,
    params: ({ scenario }) => ({ scenario }),
    toOption: (r) => ({ value: String(r.account_id), label: codeName(r.ID, r.name) }),
  }),
  pools: source({
    path: "cost/pools/",
    row: CostPool,
    search: true,
    params: ({ scenario }) => ({ scenario }),
    toOption: (r) => ({
      value: String(r.id),
      label: codeName(r.identifier, r.name),
      meta: { is_direct: r.is_direct },
    }),
  }),
  indirectPools: source({
    path: "cost/pools/",
    row: CostPool,
    search: true,
    params: ({ scenario }) => ({ scenario, is_direct: false }),
    toOption: (r) => ({ value: String(r.id), label: codeName(r.identifier, r.name) }),
  }),
  directPools: source({
    path: "cost/pools/",
    row: CostPool,
    search: true,
    params: ({ scenario }) => ({ scenario, is_direct: true }),
    toOption: (r) => ({ value: String(r.id), label: codeName(r.identifier, r.name) }),
  }),
  poolDrivers: source({
    path: "cost/pool-drivers/",
    row: PoolDriver,
    params: ({ model }) => ({ model }),
    toOption: (r) => ({ value: String(r.id), label: r.name }),
  }),
  activities: source({
    path: "activities/",
    row: Activity,
    search: true,
    params: ({ model }) => ({ model }),
    toOption: (r) => ({
      value: String(r.id),
      label: codeName(r.code, r.name),
      meta: { is_tdabc: r.is_tdabc },
    }),
  }),
  dimensions: source({
    path: "dimensions/",
    row: Dimension,
    params: ({ model }) => ({ model }),
    toOption: (r) => ({ value: String(r.id), label: codeName(r.code, r.title) }),
  }),
  dimensionDrivers: source({
    path: "dimension/drivers/",
    row: DimensionDriver,
    params: ({ dimension }) => ({ dimension: dimension ?? undefined, data_type: "decimal" }),
    toOption: (r) => ({ value: String(r.id), label: r.name, meta: { name: r.name } }),
  }),
  // Step 6: the drivers a push from the parent (ctx.dimension) may carry: defined there, or brought
  // there by an earlier push of the scenario (docs/engine.md, choice 7).
  step6Sources: source({
    path: "allocation/calculated-driver-allocations/sources/",
    row: Step6Source,
    params: ({ scenario, dimension }) => ({ scenario, parent: dimension ?? undefined }),
    toOption: (r) => ({
      value: String(r.id),
      label: `${r.name} · ${r.dimension_name}`,
      meta: { dimension: r.dimension, pushed: r.pushed },
    }),
  }),
  calculatedDrivers: source({
    path: "dimension/calculated-drivers/",
    row: CalculatedDriver,
    params: ({ model }) => ({ model }),
    toOption: (r) => ({
      value: String(r.id),
      label: r.dimension_name ? `${r.name} · ${r.dimension_name}` : r.name,
      meta: { dimension: r.dimension },
    }),
  }),
};

export type OptionSource = keyof typeof SPECS;

async function options<T>(spec: SourceSpec<T>, ctx: OptionContext, search: string): Promise<Option[]> {
  const page = await fetchPageOrEmpty(
    spec.path,
    { ...spec.params(ctx), search: spec.search && search ? search : undefined, limit: 100, offset: 0 },
    spec.row,
  );
  const all = page.results.map(spec.toOption);
  const needle = search.trim().toLowerCase();
  return spec.search || !needle ? all : all.filter((o) => o.label.toLowerCase().includes(needle));
}

export function getOptions(source: OptionSource, ctx: OptionContext, search: string): Promise<Option[]> {
  return options<unknown>(SPECS[source] as SourceSpec<unknown>, ctx, search);
}
