import { Card, Group, Switch, Tabs, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiTable, type ColumnSpec } from "../../../components/api-table";
import { EmptyState } from "../../../components/empty-state";
import type { PageParams } from "../../../lib/paged";
import { useLatestCalculation } from "../api/get-latest-calculation";
import { getStepResults, type ResultRow, STEP_RESULTS_KEY } from "../api/get-step-results";
import { CALCULATION_CATEGORY, RESULT_VIEWS, type StepNumber, UNALLOCATED_PATH } from "../api/step-endpoints";

/** Results show only for a FINISHED latest calculation (spec 4). */
export function ResultsPanel({ step, scenario }: { step: StepNumber; scenario: number }) {
  const { t } = useTranslation();
  const latest = useLatestCalculation(scenario, CALCULATION_CATEGORY[step]);
  const views = RESULT_VIEWS[step];
  const [view, setView] = useState(views[0]!.id);
  const [unallocated, setUnallocated] = useState(false);
  const finished = latest.data?.kind === "found" && latest.data.finished;

  const base: ColumnSpec<ResultRow>[] = [
    { id: "source_name", header: t("model:allocation.columns.source") },
    { id: "destination_name", header: t("model:allocation.columns.destination") },
    { id: "original_amount", header: t("model:allocation.columns.originalAmount"), kind: "number" },
    { id: "allocated_amount", header: t("model:allocation.columns.allocatedAmount"), kind: "number" },
    { id: "status", header: t("model:allocation.columns.state") },
  ];
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
