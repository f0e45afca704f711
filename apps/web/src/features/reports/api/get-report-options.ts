import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchPageOrEmpty } from "../../../lib/paged";

interface Named {
  id: number;
  name?: string;
  title?: string;
  dimension?: number;
}

/** Option lists for report filters and the P&L line form: the first 100 items of a list call. */
function options(path: string, params: Record<string, string | number | undefined>) {
  return fetchPageOrEmpty<Named>(path, { ...params, limit: 100, offset: 0 }).then((p) =>
    p.results.map((r) => ({
      value: String(r.id),
      label: r.name ?? r.title ?? String(r.id),
      dimension: r.dimension,
    })),
  );
}

export function useReportOptions(
  kind: "dimensions" | "activities" | "calculatedDrivers" | "scenarios",
  model: number | null,
) {
  const path = {
    dimensions: "dimensions/",
    activities: "activities/",
    calculatedDrivers: "dimension/calculated-drivers/",
    scenarios: "model/scenarios/",
  }[kind];
  const extra = kind === "calculatedDrivers" ? { is_pnl_line: "True" } : {};
  return useQuery(
    queryOptions({
      queryKey: ["report", "options", kind, model],
      queryFn: () => options(path, { model: model ?? undefined, ...extra }),
      enabled: model !== null,
    }),
  );
}
