import { Card, Group, Switch, Tabs, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiTable, type ColumnSpec } from "../../../components/api-table";
import { EmptyState } from "../../../components/empty-state";
import type { PageParams } from "../../../lib/paged";
import { useLatestCalculation } from "../api/get-latest-calculation";
import { getStepResults, type ResultRow, STEP_RESULTS_KEY } from "../api/get-step-results";
import { CALCULATION_CATEGORY, RESULT_VIEWS, type StepNumber, UNALLOCATED_PATH } from "../api/step-endpoints";

/** The columns of each result view (contract: calculation.ts result rows). */
function columnsFor(view: string, t: (key: string) => string): ColumnSpec<ResultRow>[] {
  const c = (id: string, header: string, kind?: ColumnSpec<ResultRow>["kind"]): ColumnSpec<ResultRow> => ({
    id,
    header: t(header),
    kind,
  });
  switch (view) {
    case "source":
      return [
        c("source_ext_id", "model:allocation.columns.sourceId"),
        c("source_name", "model:allocation.columns.source"),
        c("original_amount", "model:allocation.columns.originalAmount", "number"),
        c("allocated_amount", "model:allocation.columns.allocatedAmount", "number"),
        c("unallocated_amount", "model:allocation.columns.unallocatedAmount", "number"),
        c("status", "model:allocation.columns.state"),
      ];
    case "destination":
      return [
        c("destination_ext_id", "model:allocation.columns.destinationId"),
        c("destination_name", "model:allocation.columns.destination"),
        c("amount", "model:allocation.columns.amount", "number"),
        c("sources", "model:allocation.columns.sources", "integer"),
      ];
    case "tdabc":
      return [
        c("source_name", "model:allocation.columns.source"),
        c("destination_name", "model:allocation.columns.destination"),
        c("unit_minutes", "model:allocation.columns.unitMinutes", "number"),
        c("quantity", "model:allocation.columns.quantity", "number"),
        c("capacity", "model:allocation.columns.capacity", "number"),
        c("cost_per_minute", "model:allocation.columns.costPerMinute", "number"),
        c("cost_per_unit", "model:allocation.columns.costPerUnit", "number"),
        c("unallocated_capacity", "model:allocation.columns.unallocatedCapacity", "number"),
        c("total_cost", "model:allocation.columns.totalCost", "currency"),
      ];
    default:
      return [
        c("source_name", "model:allocation.columns.source"),
        c("destination_name", "model:allocation.columns.destination"),
        c("amount", "model:allocation.columns.amount", "number"),
      ];
  }
}

/** Results show only for a FINISHED latest calculation (spec 4). */
export function ResultsPanel({ step, scenario }: { step: StepNumber; scenario: number }) {
  const { t } = useTranslation();
  const latest = useLatestCalculation(scenario, CALCULATION_CATEGORY[step]);
  const views = RESULT_VIEWS[step];
  const [view, setView] = useState(views[0]!.id);
  const [unallocated, setUnallocated] = useState(false);
  const finished = latest.data?.kind === "found" && latest.data.finished;

  const base = columnsFor(view, t);
  const extra: ColumnSpec<ResultRow>[] =
    unallocated && view === "byLine"
      ? [
          { id: "original_dimension_name", header: t("model:allocation.columns.originalDimension") },
          { id: "original_transaction_id", header: t("model:allocation.columns.originalTransaction") },
        ]
      : [];
  const current = views.find((v) => v.id === view) ?? views[0]!;
  const path =
    unallocated && view === "byLine" && UNALLOCATED_PATH[step] ? UNALLOCATED_PATH[step]! : current.path;

  return (
    <Card>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          {t("model:allocation.results")}
        </Title>
        {(step === 5 || step === 6) && (
          <Switch
            checked={unallocated}
            onChange={(e) => setUnallocated(e.currentTarget.checked)}
            label={t("model:allocation.showUnallocated")}
            disabled={!finished}
          />
        )}
      </Group>
      <Tabs value={view} onChange={(v) => setView(v ?? views[0]!.id)} keepMounted={false}>
        <Tabs.List mb="md">
          {views.map((v) => (
            <Tabs.Tab key={v.id} value={v.id}>
              {t(v.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {finished ? (
        <ApiTable<ResultRow>
          queryKey={[...STEP_RESULTS_KEY, step, scenario, path]}
          fetcher={(p: PageParams) => getStepResults(path, scenario, p)}
          emptyTitle={t("common:messages.noResults")}
          columns={[...base, ...extra]}
        />
      ) : (
        <EmptyState
          title={
            latest.data?.kind === "error"
              ? t("common:messages.errorSomethingHappen")
              : t("common:messages.noCalculation")
          }
          description={t("model:allocation.resultsHint")}
        />
      )}
    </Card>
  );
}
