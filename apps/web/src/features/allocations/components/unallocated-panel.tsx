import type { PushResultRow } from "@costflow/contract/calculation";
import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ApiTable, type ColumnSpec } from "../../../components/api-table";
import { EmptyState } from "../../../components/empty-state";
import { useLatestCalculation } from "../../../lib/api/get-latest-calculation";
import { getStepResults, STEP_RESULTS_KEY } from "../../../lib/api/get-step-results";
import { CALCULATION_CATEGORY, UNALLOCATED_RESULTS } from "../../../lib/api/step-endpoints";
import type { PageParams } from "../../../lib/paged";

/**
 * The unallocated pages of steps 5 and 6: the money that stayed on parent records, in two tables
 * side by side in the reading order — what NOT_ALLOCATE kept on each parent record (a choice of
 * the rules: allocation-semantics, steps 5-6) and what could not be allocated (no children, or
 * weights summing to 0). Before, only the second showed, so a run that kept 88,163.86 by
 * NOT_ALLOCATE read "No Results Found." beside a validation report naming that sum.
 */
export function UnallocatedPanel({ step, scenario }: { step: 5 | 6; scenario: number }) {
  const { t } = useTranslation();
  const latest = useLatestCalculation(scenario, CALCULATION_CATEGORY[step]);
  const finished = latest.data?.kind === "found" && latest.data.finished;
  const endpoint = UNALLOCATED_RESULTS[step]!;
  const columns: ColumnSpec<PushResultRow>[] = [
    {
      id: "source_name",
      header: t(step === 5 ? "allocation:unallocated.activity" : "allocation:unallocated.driver"),
    },
    { id: "dimension_name", header: t("allocation:results.dimension") },
    { id: "transaction_id", header: t("allocation:unallocated.parentRecord") },
    { id: "amount", header: t("model:allocation.columns.amount"), kind: "number", sortable: true },
  ];
  const sections = [
    {
      category: "NOT_ALLOCATED",
      title: t("allocation:unallocated.keptTitle"),
      hint: t("allocation:unallocated.keptHint"),
      empty: t("allocation:unallocated.keptEmpty"),
    },
    {
      category: "UNALLOCATED",
      title: t("allocation:unallocated.stuckTitle"),
      hint: t("allocation:unallocated.stuckHint"),
      empty: t("allocation:unallocated.stuckEmpty"),
    },
  ];
  if (!finished)
    return (
      <Card>
        <EmptyState
          title={
            latest.data?.kind === "error"
              ? t("common:messages.errorSomethingHappen")
              : t("common:messages.noCalculation")
          }
          description={t("model:allocation.resultsHint")}
        />
      </Card>
    );
  return (
    <Stack gap="md">
      {sections.map((s) => (
        <Card key={s.category} data-testid={`unallocated-${s.category}`}>
          <Title order={2} fz="md">
            {s.title}
          </Title>
          <Text fz="sm" c="dimmed" mb="sm">
            {s.hint}
          </Text>
          <ApiTable<PushResultRow>
            queryKey={[...STEP_RESULTS_KEY, step, scenario, endpoint.path, s.category]}
            fetcher={(p: PageParams) => getStepResults(endpoint, scenario, p, { category: s.category })}
            emptyTitle={s.empty}
            columns={columns}
            defaultSort={[{ id: "amount", desc: true }]}
            testId={`unallocated-table-${s.category}`}
          />
        </Card>
      ))}
    </Stack>
  );
}
