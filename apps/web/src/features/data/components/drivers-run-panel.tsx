// The calculated-driver run of the scenario: calculate, live progress (polled), cancel after a
// confirm dialog, then the results: per-driver sums (paged), their total and CSV exports.

import type { DriversCalculation } from "@costflow/contract/calculated-drivers";
import type { Calculation } from "@costflow/contract/calculation";
import type { BetaResult, ResultsSum } from "@costflow/contract/transactional-data";
import { ActionIcon, Alert, Button, Group, Progress, Stack, Text, Title, Tooltip } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconCalculator, IconDownload, IconPlayerStop } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ApiTable } from "../../../components/api-table";
import { CalculationStatusBadge } from "../../../components/status-badge";
import { useLatestCalculation } from "../../../lib/api/get-latest-calculation";
import { CALCULATION_CATEGORY } from "../../../lib/api/step-endpoints";
import { ApiError } from "../../../lib/api-client";
import { isActive } from "../../../lib/calculation-status";
import { formatDateTime, formatNumber, formatPercent } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { useCalculateDrivers } from "../api/calculate-drivers";
import { useCancelDriversRun } from "../api/cancel-drivers-run";
import { downloadText } from "../api/download-file";
import { CALCULATED_DRIVERS_KEY } from "../api/get-calculated-drivers";
import { getDriverResults } from "../api/get-driver-results";
import { useLatestDriversRun } from "../api/get-latest-drivers-run";
import { useResultsSum } from "../api/get-results-sum";

export function DriversRunPanel({
  scenario,
  dimension,
  classic,
}: {
  scenario: number;
  dimension: string | null;
  classic: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const run = useLatestDriversRun(scenario);
  // A calculate-all computes the drivers too (step 6): with no run of their own, that run is the
  // latest calculation of them, not "No calculation found".
  const allRun = useLatestCalculation(scenario, CALCULATION_CATEGORY[6]);
  const viaAll = allRun.data?.kind === "found" ? allRun.data.calculation : null;
  const latest = run.data ?? null;
  const running = isActive(latest?.status);
  const finished = latest?.status === "FINISHED";
  const sum = useResultsSum(scenario, dimension, finished);

  return (
    <Stack gap="md" data-testid="drivers-run">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={2} fz="md">
            {t("data:calcDrivers.runTitle")}
          </Title>
          <RunStatusLine latest={latest} viaAll={viaAll} loading={run.isLoading || allRun.isLoading} />
        </Stack>
        <RunActions scenario={scenario} classic={classic} latest={latest} running={running} />
      </Group>
      {running && latest && (
        <Stack gap={4}>
          <Progress
            value={Math.round(latest.progress * 100)}
            animated
            striped
            aria-label={t("data:calcDrivers.progress")}
          />
          <Text fz="xs" c="dimmed" className="cf-num">
            {formatPercent(latest.progress, lang, 0)}
          </Text>
        </Stack>
      )}
      {latest?.status === "ERROR" && (
        <Alert color="red" variant="light" title={t("common:messages.calculationFailed")}>
          <Text fz="sm">{latest.error ?? t("common:messages.somethingWentWrong")}</Text>
        </Alert>
      )}
      {finished && (
        <DriverResults
          scenario={scenario}
          dimension={dimension}
          calculationId={latest?.calculation_id}
          sum={sum.data}
        />
      )}
    </Stack>
  );
}

/** The latest run's status, or the calculate-all that computed the drivers, or none. */
function RunStatusLine({
  latest,
  viaAll,
  loading,
}: {
  latest: DriversCalculation | null;
  viaAll: Calculation | null;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return latest ? (
    <Group gap="xs">
      <CalculationStatusBadge status={latest.status} />
      <Text fz="xs" c="dimmed">
        {t("data:calcDrivers.requestedBy", {
          time: formatDateTime(latest.requested_at, lang),
          user: latest.requested_by ?? "—",
        })}
      </Text>
    </Group>
  ) : viaAll ? (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="drivers-run-via-all">
      {/* Never shrunk beside the long line: the badge showed 'F…' at 1366 px. */}
      <span style={{ flexShrink: 0 }}>
        <CalculationStatusBadge status={viaAll.calculation_status} />
      </span>
      <Text fz="xs" c="dimmed">
        {t("data:calcDrivers.computedByAll", {
          time: formatDateTime(viaAll.requested_at ?? null, lang),
          user: viaAll.requested_by_user ?? "—",
        })}
      </Text>
    </Group>
  ) : (
    <Text fz="sm" c="dimmed">
      {loading ? "" : t("common:messages.noCalculation")}
    </Text>
  );
}

/** Cancels the running run after a confirm dialog naming when it started and by whom. */
function useCancelRun(scenario: number, latest: DriversCalculation | null) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const cancel = useCancelDriversRun();
  const askCancel = () => {
    if (!latest) return;
    modals.openConfirmModal({
      title: t("data:calcDrivers.cancelTitle"),
      children: (
        <Text fz="sm">
          {t("common:messages.cancelCalculationConfirm", {
            time: formatDateTime(latest.started_at ?? latest.requested_at, lang),
            user: latest.requested_by ?? "—",
          })}
        </Text>
      ),
      labels: { confirm: t("common:actions.confirm"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red", "data-testid": "confirm-cancel-run" } as never,
      onConfirm: () =>
        cancel.mutate(
          { scenario, calculation_id: latest.calculation_id, task_id: latest.task_id },
          {
            onSuccess: () =>
              notifySuccess(
                t("common:messages.checkStatusShortly"),
                t("common:messages.stoppedSuccessfully"),
              ),
            onError: () => notifyError(t("common:messages.cancelationFailed")),
          },
        ),
    });
  };
  return { ask: askCancel, isPending: cancel.isPending };
}

/** Calculate, and cancel a running run after a confirm dialog. */
function RunActions({
  scenario,
  classic,
  latest,
  running,
}: {
  scenario: number;
  classic: boolean;
  latest: DriversCalculation | null;
  running: boolean;
}) {
  const { t } = useTranslation();
  const calculate = useCalculateDrivers(classic);
  const cancel = useCancelRun(scenario, latest);

  return (
    <Group gap="xs">
      {running && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconPlayerStop size={16} aria-hidden />}
          onClick={cancel.ask}
          loading={cancel.isPending}
          disabled={latest?.status === "ATTEMPTING_TO_STOP"}
          data-testid="cancel-run"
        >
          {t("data:calcDrivers.cancel")}
        </Button>
      )}
      <Button
        leftSection={<IconCalculator size={16} aria-hidden />}
        loading={calculate.isPending}
        disabled={running}
        data-testid="calculate-drivers"
        onClick={() =>
          calculate.mutate(scenario, {
            onSuccess: () => notifySuccess(t("common:messages.calculateRequested")),
            onError: (error) =>
              notifyError(
                error instanceof ApiError && error.message
                  ? error.message
                  : t("common:messages.calculationRequestFailed"),
              ),
          })
        }
      >
        {t("common:actions.calculate")}
      </Button>
    </Group>
  );
}

function DriverResults({
  scenario,
  dimension,
  calculationId,
  sum,
}: {
  scenario: number;
  dimension: string | null;
  calculationId: string | number | undefined;
  sum: ResultsSum | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;

  const exportDriver = (r: BetaResult) =>
    downloadText(
      "export/files/",
      { scenario, data_type: "RECORDS_ONLY_CALCULATED", driver: r.calculated_driver_id },
      `${r.dimension_name}-${r.calculated_driver_name}.csv`.replace(/[^\w.-]+/g, "_"),
    ).catch((error: unknown) => {
      // Download failures are only logged; a missing run is still worth telling.
      console.warn("calculated driver export failed", error);
      if (error instanceof ApiError && error.status === 404) notifyError(t("common:messages.noCalculation"));
    });

  return (
    <>
      <Group gap="xs" data-testid="results-sum">
        <Text fz="sm" fw={600}>
          {t("data:calcDrivers.resultsSum")}
        </Text>
        <Text fz="lg" fw={700} className="cf-num">
          {sum ? formatNumber(sum.sum_value, lang) : ""}
        </Text>
        {sum && (
          <Text fz="xs" c="dimmed">
            {t("data:calcDrivers.overDrivers", { count: sum.drivers })}
          </Text>
        )}
      </Group>
      <ApiTable<BetaResult>
        queryKey={[...CALCULATED_DRIVERS_KEY, "results", scenario, dimension, calculationId]}
        fetcher={(p: PageParams) => getDriverResults(scenario, dimension, p)}
        emptyTitle={t("common:messages.noResults")}
        testId="driver-results-table"
        getRowId={(r) => String(r.calculated_driver_id)}
        columns={[
          { id: "calculated_driver_name", header: t("data:calcDrivers.name") },
          { id: "dimension_name", header: t("data:calcDrivers.dimension") },
          { id: "records", header: t("data:calcDrivers.records"), kind: "integer" },
          { id: "sum_value", header: t("data:calcDrivers.sumValue"), kind: "number" },
          {
            id: "export",
            header: t("data:calcDrivers.export"),
            cell: (r) => (
              <Tooltip label={t("data:calcDrivers.exportCsv")}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t("data:calcDrivers.exportCsv")}
                  onClick={() => exportDriver(r)}
                  data-testid={`export-driver-${r.calculated_driver_id}`}
                >
                  <IconDownload size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ),
          },
        ]}
      />
    </>
  );
}
