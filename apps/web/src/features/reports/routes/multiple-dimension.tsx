import { COMPARE_MODES } from "@costflow/contract/reports";
import { Card, Grid, MultiSelect, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import type { SortingState } from "@tanstack/react-table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { PAGE_SIZE } from "../../../lib/constants";
import { offsetFor, orderingFor } from "../../../lib/paged";
import { tableErrorText } from "../../../lib/table-error";
import { useReportCompare } from "../api/get-report-compare";
import { useAllReportLines } from "../api/get-report-lines";
import { useReportOptions } from "../api/get-report-options";
import type { CompareMode } from "../api/report-types";
import { CompareView } from "../components/compare-view";
import { FillFilters } from "../components/report-query-state";
import { SaveReportButton } from "../components/save-report-button";
import { useReportParams } from "../components/use-report-params";

/** Comparison reports take exactly two items: two scenarios, dimensions or report lines. */
const COMPARISON_SIZE = 2;

function MultipleDimension({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const p = useReportParams();
  const mode: CompareMode = COMPARE_MODES.find((m) => m === p.get("mode")) ?? "dimensions";
  const picked = (p.get("items") ?? "").split(",").filter(Boolean);
  const options = useCompareOptions(model, mode);
  // The one dimension and line of the modes that compare something else: the first until chosen.
  const dimension = p.get("dimension") ?? options.dimensions[0]?.value ?? null;
  const line = p.get("line") ?? options.defaultLine ?? null;
  const ready =
    picked.length === COMPARISON_SIZE && (mode === "dimensions" || dimension) && (mode === "lines" || line);
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<SortingState>([]);
  const query = useReportCompare(
    ready
      ? {
          scenario: mode === "scenarios" ? picked.join(",") : String(scenario),
          dimension: mode === "dimensions" ? picked.join(",") : String(dimension),
          line: mode === "lines" ? picked.join(",") : String(line),
          limit: PAGE_SIZE,
          offset: offsetFor(page, PAGE_SIZE),
          ordering: orderingFor(sorting[0]),
        }
      : null,
  );

  return (
    <>
      <PageHeader
        title={t("report:multiDimension.title")}
        description={t("report:multiDimension.subtitle")}
        actions={
          <SaveReportButton
            type="MULTIPLE_DIMENSION"
            params={{
              mode,
              items: picked.join(","),
              ...(dimension && mode !== "dimensions" ? { dimension } : {}),
              ...(line && mode !== "lines" ? { line } : {}),
              scenario,
            }}
            defaultTitle={t("report:catalogue.multiple.title")}
            disabled={!ready}
          />
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <CompareFilters
            p={p}
            mode={mode}
            picked={picked}
            options={options}
            dimension={dimension}
            line={line}
            onChange={() => setPage(1)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Card mih={320}>
            <CompareResult
              ready={!!ready}
              query={query}
              page={page}
              onPage={setPage}
              sorting={sorting}
              onSorting={setSorting}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}

/** The comparison, or what is missing for it: two items picked, or a finished calculation. */
function CompareResult({
  ready,
  query,
  page,
  onPage,
  sorting,
  onSorting,
}: {
  ready: boolean;
  query: ReturnType<typeof useReportCompare>;
  page: number;
  onPage: (page: number) => void;
  sorting: SortingState;
  onSorting: (sorting: SortingState) => void;
}) {
  const { t } = useTranslation();
  return !ready ? (
    <FillFilters />
  ) : query.data === null ? (
    <EmptyState title={t("common:messages.noCalculation")} description={t("report:needCalculation")} />
  ) : (
    <CompareView
      data={query.data}
      loading={query.isLoading}
      error={query.isError ? (tableErrorText(query.error) ?? true) : false}
      page={page}
      onPage={onPage}
      sorting={sorting}
      onSorting={(s) => {
        onSorting(s);
        onPage(1);
      }}
    />
  );
}

/** The items each mode compares, and the dimensions and lines the other modes need. */
function useCompareOptions(model: number, mode: CompareMode) {
  const dims = useReportOptions("dimensions", model);
  const scenarios = useReportOptions("scenarios", model);
  const lines = useAllReportLines(model);
  const dimensions = dims.data ?? [];
  const lineOptions = (lines.data?.results ?? []).map((l) => ({
    value: l.code,
    label: `${l.code} · ${l.description}`,
  }));
  // The last top-level line by rank until one is chosen.
  const defaultLine = [...(lines.data?.results ?? [])]
    .filter((l) => l.parent === null)
    .sort((a, b) => a.rank - b.rank)
    .at(-1)?.code;
  const items = { scenarios: scenarios.data ?? [], dimensions, lines: lineOptions }[mode];
  return { items, dimensions, lines: lineOptions, defaultLine };
}
type CompareOptions = ReturnType<typeof useCompareOptions>;

function CompareFilters({
  p,
  mode,
  picked,
  options,
  dimension,
  line,
  onChange,
}: {
  p: ReturnType<typeof useReportParams>;
  mode: CompareMode;
  picked: string[];
  options: CompareOptions;
  dimension: string | null;
  line: string | null;
  /** The mode or the items changed: back to the first page. */
  onChange: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <Title order={2} fz="md" mb="md">
        {t("report:filters")}
      </Title>
      <Stack gap="sm">
        <SegmentedControl
          orientation="vertical"
          value={mode}
          onChange={(v) => {
            p.set({ mode: v, items: null });
            onChange();
          }}
          data={[
            { value: "scenarios", label: t("report:multiDimension.compareScenarios") },
            { value: "dimensions", label: t("report:multiDimension.compareDimensions") },
            { value: "lines", label: t("report:multiDimension.compareLines") },
          ]}
          data-testid="compare-mode"
        />
        <MultiSelect
          label={t(`report:multiDimension.${mode}`)}
          data={options.items}
          value={picked}
          onChange={(v) => {
            p.set({ items: v.join(",") });
            onChange();
          }}
          maxValues={COMPARISON_SIZE}
          placeholder={picked.length < COMPARISON_SIZE ? t("report:multiDimension.pickTwo") : undefined}
          disabled={options.items.length === 0}
          error={picked.length === 1 ? t("report:multiDimension.exactlyTwo") : undefined}
          data-testid="compare-items"
        />
        <CompareFixedFilters p={p} mode={mode} options={options} dimension={dimension} line={line} />
        <Text fz="xs" c="dimmed">
          {t("report:multiDimension.hint")}
        </Text>
      </Stack>
    </Card>
  );
}

/** The dimension and the line the comparison holds fixed (the ones it does not compare). */
function CompareFixedFilters({
  p,
  mode,
  options,
  dimension,
  line,
}: {
  p: ReturnType<typeof useReportParams>;
  mode: CompareMode;
  options: CompareOptions;
  dimension: string | null;
  line: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {mode !== "dimensions" && (
        <Select
          label={t("report:dimension")}
          data={options.dimensions}
          value={dimension}
          onChange={(v) => p.set({ dimension: v })}
          allowDeselect={false}
        />
      )}
      {mode !== "lines" && (
        <Select
          label={t("report:profitability.line")}
          data={options.lines}
          value={line}
          onChange={(v) => p.set({ line: v })}
          allowDeselect={false}
          placeholder={
            options.lines.length ? t("report:profitability.pickLine") : t("report:profitability.noLines")
          }
        />
      )}
    </>
  );
}

export default function MultipleDimensionPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && <MultipleDimension model={ctx.model.id} scenario={ctx.scenario.id} />}
    </RequireScenario>
  );
}
