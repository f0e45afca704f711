import { Card, Group, Select, Switch, Tabs, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiTable, type ColumnSpec } from "../../../components/api-table";
import { EmptyState } from "../../../components/empty-state";
import { useLatestCalculation } from "../../../lib/api/get-latest-calculation";
import { useScenario } from "../../../lib/api/get-scenario";
import { getStepResults, type ResultRow, STEP_RESULTS_KEY } from "../../../lib/api/get-step-results";
import {
  CALCULATION_CATEGORY,
  RESULT_VIEWS,
  type ResultEndpoint,
  type StepNumber,
  UNALLOCATED_RESULTS,
} from "../../../lib/api/step-endpoints";
import type { PageParams } from "../../../lib/paged";
import { getStepRules } from "../api/get-step-rules";
import { useStepSources } from "../api/get-step-sources";
import { SourceStateBadge } from "./source-state-badge";

type T = (key: string) => string;

/** The columns of each result view (contract: calculation.ts result rows). */
function columnsFor(step: StepNumber, view: string, t: T): ColumnSpec<ResultRow>[] {
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
        ...(step === 4
          ? [
              c("destination_name", "model:allocation.columns.destination"),
              c("quantity", "model:allocation.columns.quantity", "number"),
              c("cost_per_unit", "model:allocation.columns.costPerUnit", "number"),
            ]
          : []),
        {
          id: "status",
          header: t("model:allocation.columns.state"),
          cell: (r) => <SourceStateBadge state={"status" in r ? r.status : null} />,
        },
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
        c("source_capacity", "allocation:results.sourceCapacity", "number"),
        c("cost_per_minute", "model:allocation.columns.costPerMinute", "number"),
        c("cost_per_unit", "model:allocation.columns.costPerUnit", "number"),
        c("time_driven_amount", "allocation:results.timeDrivenAmount", "number"),
        c("unallocated_capacity", "model:allocation.columns.unallocatedCapacity", "number"),
        c("total_cost", "model:allocation.columns.totalCost", "currency"),
      ];
    case "aggregated":
    case "byLine":
      if (step === 4)
        return [
          c("transaction_id", "allocation:results.transaction"),
          c("dimension_name", "allocation:results.dimension"),
          c("source_name", "model:allocation.columns.source"),
          c("amount", "model:allocation.columns.amount", "number"),
        ];
      return pushColumns(t, view);
    case "parentToChild":
    case "childToParent":
      return pushColumns(t, view);
    default:
      return [
        c("source_name", "model:allocation.columns.source"),
        c("destination_name", "model:allocation.columns.destination"),
        c("amount", "model:allocation.columns.amount", "number"),
      ];
  }
}

function pushColumns(t: T, view: string): ColumnSpec<ResultRow>[] {
  return [
    { id: "source_name", header: t("model:allocation.columns.source") },
    { id: "source_parent_name", header: t("model:allocation.columns.parent") },
    { id: "destination_child_name", header: t("model:allocation.columns.child") },
    ...(view === "parentToChild"
      ? [{ id: "parent_transaction_id", header: t("allocation:results.parentRecord") }]
      : []),
    { id: "transaction_id", header: t("allocation:results.transaction") },
    {
      id: "category",
      header: t("allocation:results.category"),
      cell: (r) => ("category" in r ? t(`allocation:results.categories.${r.category}`) : ""),
    },
    { id: "amount", header: t("model:allocation.columns.amount"), kind: "number", sortable: true },
  ];
}

interface ResultsPanelProps {
  step: StepNumber;
  scenario: number;
  initialView?: string;
  initialUnallocated?: boolean;
  /** Positive/negative allocations: rows by amount, largest first (toggle the sort for negatives). */
  sortByAmount?: boolean;
}

/**
 * Results show only for a FINISHED latest calculation (docs/calculation.md, "Which results a view
 * shows"): tabs by view, the step-4 by-line view after choosing an allocation, the time-driven tab
 * only when time-driven costing is on, and for steps 5 and 6 the unallocated toggle adding the two
 * original_* columns on the by-line table.
 */
export function ResultsPanel({
  step,
  scenario,
  initialView,
  initialUnallocated = false,
  sortByAmount = false,
}: ResultsPanelProps) {
  const { t } = useTranslation();
  // Money columns carry the scenario's currency (its sign shows on total cost).
  const currency = useScenario(scenario).data?.currency ?? null;
  const latest = useLatestCalculation(scenario, CALCULATION_CATEGORY[step]);
  const { views, view, setView } = useResultViews(step, scenario, initialView);
  const [unallocated, setUnallocated] = useState(initialUnallocated);
  const finished = latest.data?.kind === "found" && latest.data.finished;
  const needsAllocation = step === 4 && view === "byLine";
  const choice = useAllocationChoice(scenario, needsAllocation);
  const filters =
    needsAllocation && choice.chosen
      ? { source: choice.chosen.source, dimension: choice.chosen.destination }
      : {};

  const current = views.find((v) => v.id === view) ?? views[0]!;
  const endpoint: ResultEndpoint =
    unallocated && view === "byLine" && UNALLOCATED_RESULTS[step] ? UNALLOCATED_RESULTS[step]! : current;
  const path = endpoint.path;

  return (
    <Card data-testid={`results-step-${step}`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          {t("model:allocation.results")}
        </Title>
        {(step === 5 || step === 6) && (
          <UnallocatedToggle
            checked={unallocated}
            onChange={setUnallocated}
            disabled={!finished || view !== "byLine"}
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
      {needsAllocation && <AllocationSelect choice={choice} />}
      {!finished ? (
        <NoFinishedCalculation failed={latest.data?.kind === "error"} />
      ) : needsAllocation && !choice.chosen ? (
        <Text fz="sm" c="dimmed">
          {t("common:messages.selectActivityOrDimension")}
        </Text>
      ) : (
        <ApiTable<ResultRow>
          // One table per view: its sort and page belong to that view (an amount sort carried over
          // to a view without an amount column was refused with 400 'ordering').
          key={path}
          queryKey={[...STEP_RESULTS_KEY, step, scenario, path, filters]}
          fetcher={(p: PageParams) => getStepResults(endpoint, scenario, p, filters)}
          emptyTitle={t("common:messages.noResults")}
          columns={resultColumns(step, view, unallocated, currency, t)}
          defaultSort={
            sortByAmount && (view === "byLine" || view === "aggregated")
              ? [{ id: "amount", desc: true }]
              : undefined
          }
          testId="results-table"
        />
      )}
    </Card>
  );
}

/** The step's views (the time-driven one only when step 3 has a time-driven pool) and the one shown:
 * the chosen one while it exists, else the first. */
function useResultViews(step: StepNumber, scenario: number, initialView: string | undefined) {
  const sources = useStepSources(3, scenario);
  const timeDriven = step === 3 && (sources.data ?? []).some((s) => s.time_driven);
  const views = RESULT_VIEWS[step].filter((v) => v.id !== "tdabc" || timeDriven);
  const [chosenView, setView] = useState(initialView ?? views[0]!.id);
  const view = views.some((v) => v.id === chosenView) ? chosenView : views[0]!.id;
  return { views, view, setView };
}

/** No results yet: the latest calculation could not be read, or none has finished. */
function NoFinishedCalculation({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={failed ? t("common:messages.errorSomethingHappen") : t("common:messages.noCalculation")}
      description={t("model:allocation.resultsHint")}
    />
  );
}

/** Steps 5 and 6: the by-line view of what was left unallocated instead of what was allocated. */
function UnallocatedToggle({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Switch
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
      label={t("model:allocation.showUnallocated")}
      disabled={disabled}
      data-testid="unallocated-toggle"
    />
  );
}

/** The view's columns, with the original_* pair on the unallocated by-line table of steps 5 and 6,
 * money in the scenario's currency and the amount sortable on the by-line and aggregated views. */
function resultColumns(
  step: StepNumber,
  view: string,
  unallocated: boolean,
  currency: string | null,
  t: T,
): ColumnSpec<ResultRow>[] {
  const base = columnsFor(step, view, t);
  const extra: ColumnSpec<ResultRow>[] =
    unallocated && view === "byLine" && step >= 5
      ? [
          { id: "original_dimension_name", header: t("model:allocation.columns.originalDimension") },
          { id: "original_transaction_id", header: t("model:allocation.columns.originalTransaction") },
        ]
      : [];
  return [...base, ...extra]
    .map((c) => (c.kind === "currency" ? { ...c, currency } : c))
    .map((c) =>
      c.id === "amount" && (view === "byLine" || view === "aggregated") ? { ...c, sortable: true } : c,
    );
}

/** Step 4's by-line view shows one allocation at a time: the rules to choose from and the choice. */
function useAllocationChoice(scenario: number, needsAllocation: boolean) {
  const [allocation, setAllocation] = useState<string | null>(null);
  const rules = useQuery({
    queryKey: ["allocation", "rules", 4, scenario, "choices"],
    queryFn: () => getStepRules(4, scenario, { limit: 100, offset: 0 }),
    enabled: needsAllocation,
  });
  // Until the user picks one, the first allocation is shown: the page is never empty by default.
  const chosen =
    rules.data?.results.find((r) => String(r.id) === allocation) ??
    (allocation === null ? rules.data?.results[0] : undefined);
  return { rules: rules.data?.results ?? [], allocation, setAllocation, chosen };
}

function AllocationSelect({ choice }: { choice: ReturnType<typeof useAllocationChoice> }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t("allocation:results.chooseAllocation")}
      data={choice.rules.map((r) => ({
        value: String(r.id),
        label: `${r.source_name} → ${r.destination_name}`,
      }))}
      value={choice.chosen ? String(choice.chosen.id) : choice.allocation}
      onChange={choice.setAllocation}
      searchable
      mb="md"
      maw={480}
      data-testid="choose-allocation"
    />
  );
}
