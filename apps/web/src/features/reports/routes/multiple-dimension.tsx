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
export const COMPARISON_SIZE = 2;

function MultipleDimension({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const p = useReportParams();
  const mode: CompareMode = COMPARE_MODES.find((m) => m === p.get("mode")) ?? "dimensions";
  const picked = (p.get("items") ?? "").split(",").filter(Boolean);
  const dims = useReportOptions("dimensions", model);
  const scenarios = useReportOptions("scenarios", model);
  const lines = useAllReportLines(model);
  const dimOptions = dims.data ?? [];
  const lineOptions = (lines.data?.results ?? []).map((l) => ({
    value: l.code,
    label: `${l.code} · ${l.description}`,
  }));
  const itemOptions = { scenarios: scenarios.data ?? [], dimensions: dimOptions, lines: lineOptions }[mode];
  // The one dimension and line of the modes that compare something else: the first until chosen.
  const dimension = p.get("dimension") ?? dimOptions[0]?.value ?? null;
  const defaultLine = [...(lines.data?.results ?? [])]
    .filter((l) => l.parent === null)
    .sort((a, b) => a.rank - b.rank)
    .at(-1)?.code;
  const line = p.get("line") ?? defaultLine ?? null;
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
                  setPage(1);
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
                data={itemOptions}
                value={picked}
                onChange={(v) => {
                  p.set({ items: v.join(",") });
                  setPage(1);
                }}
                maxValues={COMPARISON_SIZE}
                placeholder={picked.length < COMPARISON_SIZE ? t("report:multiDimension.pickTwo") : undefined}
                disabled={itemOptions.length === 0}
                error={picked.length === 1 ? t("report:multiDimension.exactlyTwo") : undefined}
                data-testid="compare-items"
              />
              {mode !== "dimensions" && (
                <Select
                  label={t("report:dimension")}
                  data={dimOptions}
                  value={dimension}
                  onChange={(v) => p.set({ dimension: v })}
                  allowDeselect={false}
                />
              )}
              {mode !== "lines" && (
                <Select
                  label={t("report:profitability.line")}
                  data={lineOptions}
                  value={line}
                  onChange={(v) => p.set({ line: v })}
                  allowDeselect={false}
                  placeholder={
                    lineOptions.length
                      ? t("report:profitability.pickLine")
                      : t("report:profitability.noLines")
                  }
                />
              )}
              <Text fz="xs" c="dimmed">
                {t("report:multiDimension.hint")}
              </Text>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Card mih={320}>
            {!ready ? (
              <FillFilters />
            ) : query.data === null ? (
              <EmptyState
                title={t("common:messages.noCalculation")}
                description={t("report:needCalculation")}
              />
            ) : (
              <CompareView
                data={query.data}
                loading={query.isLoading}
                error={query.isError ? (tableErrorText(query.error) ?? true) : false}
                page={page}
                onPage={setPage}
                sorting={sorting}
                onSorting={(s) => {
                  setSorting(s);
                  setPage(1);
                }}
              />
            )}
          </Card>
        </Grid.Col>
      </Grid>
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
