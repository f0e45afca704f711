import { Activity } from "@costflow/contract/activities";
import { CalculatedDriver } from "@costflow/contract/calculated-drivers";
import { Dimension } from "@costflow/contract/dimensions";
import { Scenario } from "@costflow/contract/models";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ZodType } from "zod";
import { fetchPageOrEmpty } from "../../../lib/paged";

export interface ReportOption {
  value: string;
  label: string;
  /** A calculated driver's dimension. */
  dimension?: number;
}

/** One list call of the report filters and the P&L line form: its row, and a row as an option. */
interface OptionSource<T> {
  path: string;
  row: ZodType<T>;
  params?: Record<string, string>;
  option: (row: T) => ReportOption;
}

const source = <T>(spec: OptionSource<T>) => spec;

const SOURCES = {
  dimensions: source({
    path: "dimensions/",
    row: Dimension,
    option: (d) => ({ value: String(d.id), label: d.title }),
  }),
  activities: source({
    path: "activities/",
    row: Activity,
    option: (a) => ({ value: String(a.id), label: a.name }),
  }),
  calculatedDrivers: source({
    path: "dimension/calculated-drivers/",
    row: CalculatedDriver,
    params: { is_pnl_line: "True" },
    option: (c) => ({ value: String(c.id), label: c.name, dimension: c.dimension }),
  }),
  scenarios: source({
    path: "model/scenarios/",
    row: Scenario,
    option: (s) => ({ value: String(s.id), label: s.name }),
  }),
};

/** Option lists for report filters and the P&L line form: the first 100 items of a list call. */
async function options<T>(spec: OptionSource<T>, model: number): Promise<ReportOption[]> {
  const page = await fetchPageOrEmpty(spec.path, { model, ...spec.params, limit: 100, offset: 0 }, spec.row);
  return page.results.map(spec.option);
}

export function useReportOptions(kind: keyof typeof SOURCES, model: number | null) {
  return useQuery(
    queryOptions({
      queryKey: ["report", "options", kind, model],
      queryFn: () => options<unknown>(SOURCES[kind] as OptionSource<unknown>, model ?? 0),
      enabled: model !== null,
    }),
  );
}
