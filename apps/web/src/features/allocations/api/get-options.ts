// Option lists of the rule forms: the first 100 matches of a list endpoint (the API caps a page at
// 100), narrowed by the server-side search as the user types.
import { fetchPageOrEmpty } from "../../../lib/paged";

export interface Option {
  value: string;
  label: string;
  /** Extra facts some forms need (a pool's is_direct, an activity's is_tdabc, a driver's dimension). */
  meta?: Record<string, unknown>;
}

export type OptionSource =
  | "accounts"
  | "pools"
  | "indirectPools"
  | "directPools"
  | "poolDrivers"
  | "activities"
  | "dimensions"
  | "dimensionDrivers"
  | "calculatedDrivers"
  | "step6Sources";

type Row = Record<string, unknown>;

interface SourceSpec {
  path: string;
  /** The endpoint takes `search`; other lists are filtered here. */
  search?: boolean;
  params: (ctx: { model: number; scenario: number; dimension?: number | null }) => Record<string, unknown>;
  toOption: (row: Row) => Option;
}

const codeName = (code: unknown, name: unknown) =>
  code ? `${String(code)} · ${String(name ?? "")}` : String(name ?? "");

const SPECS: Record<OptionSource, SourceSpec> = {
  accounts: {
    path: "cost/financial-accounts/get-table/",
    search: true,
    params: ({ scenario }) => ({ scenario }),
    toOption: (r) => ({ value: String(r.account_id), label: codeName(r.ID, r.name) }),
  },
  pools: {
    path: "cost/pools/",
    search: true,
    params: ({ scenario }) => ({ scenario }),
    toOption: (r) => ({
      value: String(r.id),
      label: codeName(r.identifier, r.name),
      meta: { is_direct: r.is_direct },
    }),
  },
  indirectPools: {
    path: "cost/pools/",
    search: true,
    params: ({ scenario }) => ({ scenario, is_direct: false }),
    toOption: (r) => ({ value: String(r.id), label: codeName(r.identifier, r.name) }),
  },
  directPools: {
    path: "cost/pools/",
    search: true,
    params: ({ scenario }) => ({ scenario, is_direct: true }),
    toOption: (r) => ({ value: String(r.id), label: codeName(r.identifier, r.name) }),
  },
  poolDrivers: {
    path: "cost/pool-drivers/",
    params: ({ model }) => ({ model }),
    toOption: (r) => ({ value: String(r.id), label: String(r.name ?? r.id) }),
  },
  activities: {
    path: "activities/",
    search: true,
    params: ({ model }) => ({ model }),
    toOption: (r) => ({
      value: String(r.id),
      label: codeName(r.code, r.name),
      meta: { is_tdabc: r.is_tdabc },
    }),
  },
  dimensions: {
    path: "dimensions/",
    params: ({ model }) => ({ model }),
    toOption: (r) => ({ value: String(r.id), label: codeName(r.code, r.title) }),
  },
  dimensionDrivers: {
    path: "dimension/drivers/",
    params: ({ dimension }) => ({ dimension: dimension ?? undefined, data_type: "decimal" }),
    toOption: (r) => ({ value: String(r.id), label: String(r.name ?? r.id), meta: { name: r.name } }),
  },
  // Step 6: the drivers a push from the parent (ctx.dimension) may carry: defined there, or brought
  // there by an earlier push of the scenario (docs/engine.md, choice 7).
  step6Sources: {
    path: "allocation/calculated-driver-allocations/sources/",
    params: ({ scenario, dimension }) => ({ scenario, parent: dimension ?? undefined }),
    toOption: (r) => ({
      value: String(r.id),
      label: `${String(r.name)} · ${String(r.dimension_name)}`,
      meta: { dimension: r.dimension, pushed: r.pushed },
    }),
  },
  calculatedDrivers: {
    path: "dimension/calculated-drivers/",
    params: ({ model }) => ({ model }),
    toOption: (r) => ({
      value: String(r.id),
      label: r.dimension_name ? `${String(r.name)} · ${String(r.dimension_name)}` : String(r.name ?? r.id),
      meta: { dimension: r.dimension },
    }),
  },
};

export async function getOptions(
  source: OptionSource,
  ctx: { model: number; scenario: number; dimension?: number | null },
  search: string,
): Promise<Option[]> {
  const spec = SPECS[source];
  const page = await fetchPageOrEmpty<Row>(spec.path, {
    ...(spec.params(ctx) as Record<string, string | number | boolean | undefined>),
    search: spec.search && search ? search : undefined,
    limit: 100,
    offset: 0,
  });
  const options = page.results.map(spec.toOption);
  const needle = search.trim().toLowerCase();
  return spec.search || !needle ? options : options.filter((o) => o.label.toLowerCase().includes(needle));
}
