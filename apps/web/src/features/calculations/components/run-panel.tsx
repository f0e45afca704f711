import type { Calculation } from "@costflow/contract/calculation";
import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconCalculator, IconPlayerStop } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { RunProgress } from "../../../components/run-progress";
import { CalculationStatusBadge } from "../../../components/status-badge";
import { useConfirmStopCalculation } from "../../../components/stop-calculation-confirm";
import { STEP_RESULTS_KEY } from "../../../lib/api/get-step-results";
import type { Strategy } from "../../../lib/api/request-calculation";
import { isStoppable } from "../../../lib/calculation-status";
import { formatDateTime } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/use-session";
import { CALCULATIONS_KEY } from "../api/get-calculations";
import { useLatestRun } from "../api/get-latest-run";
import { START_TYPES, type StartType, useStartCalculation, WITH_STRATEGY } from "../api/start-calculation";
import { DebugPanel } from "./debug-panel";

/** Settings and start of a calculation, and the latest run with its live progress, stop and logs. */
export function RunPanel({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  const { ability } = useSession();
  const queryClient = useQueryClient();
  const canCalculate = ability.can("manage", "Calculation") || ability.can("create", "Calculation");
  const [type, setType] = useState<StartType>("all");
  const [strategy, setStrategy] = useState<Strategy>("not_allocate");
  const latest = useLatestRun(scenario);
  const start = useStartCalculation();
  const data = latest.data;
  const calc = data?.kind === "found" ? data.calculation : null;
  const status = calc?.calculation_status;

  // The table follows the latest run as its status moves.
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: CALCULATIONS_KEY });
  }, [status, queryClient]);

  // Starting or cancelling clears the results shown.
  const clearResults = () => {
    queryClient.removeQueries({ queryKey: STEP_RESULTS_KEY });
    queryClient.removeQueries({ queryKey: ["results"] });
  };

  const run = () => {
    clearResults();
    start.mutate(
      { type, scenario, strategy },
      {
        onSuccess: () => notifySuccess(t("common:messages.calculateRequested")),
        onError: () => notifyError(t("common:messages.calculationRequestFailed")),
      },
    );
  };

  return (
    <Grid gap="lg" mb="lg">
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <RunSettings
          type={type}
          onType={setType}
          strategy={strategy}
          onStrategy={setStrategy}
          canCalculate={canCalculate}
          onRun={run}
          starting={start.isPending}
          running={isStoppable(status)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <LatestRunCard
          loading={latest.isLoading}
          failed={data?.kind === "error"}
          calc={calc}
          canStop={canCalculate}
          onStop={clearResults}
        />
      </Grid.Col>
    </Grid>
  );
}

/** The latest run: its status and details, with a stop button while it can be stopped. */
function LatestRunCard({
  loading,
  failed,
  calc,
  canStop,
  onStop,
}: {
  loading: boolean;
  failed: boolean;
  calc: Calculation | null;
  canStop: boolean;
  /** Called as a stop is confirmed, before it is sent. */
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const stop = useConfirmStopCalculation(calc, onStop, "stop-confirm-text");
  const status = calc?.calculation_status;
  return (
    <Card h="100%" data-testid="latest-run">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          {t("allocation:calc.latest")}
        </Title>
        <Group gap="xs">
          {calc && <CalculationStatusBadge status={status} />}
          {calc && canStop && isStoppable(status) && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconPlayerStop size={14} aria-hidden />}
              onClick={stop.open}
              loading={stop.isPending}
              data-testid="stop-calculation"
            >
              {t("model:allocation.stop")}
            </Button>
          )}
        </Group>
      </Group>
      {loading ? (
        <Skeleton h={80} />
      ) : failed ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {t("common:messages.errorSomethingHappen")}
        </Alert>
      ) : !calc ? (
        <Text fz="sm" c="dimmed" data-testid="finished-at">
          {t("common:messages.noCalculation")}
        </Text>
      ) : (
        <LatestRunDetails calc={calc} />
      )}
    </Card>
  );
}

function RunSettings({
  type,
  onType,
  strategy,
  onStrategy,
  canCalculate,
  onRun,
  starting,
  running,
}: {
  type: StartType;
  onType: (type: StartType) => void;
  strategy: Strategy;
  onStrategy: (strategy: Strategy) => void;
  canCalculate: boolean;
  onRun: () => void;
  starting: boolean;
  running: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card h="100%">
      <Title order={2} fz="md" mb="sm">
        {t("allocation:calc.settings")}
      </Title>
      <Stack gap="sm">
        <Select
          label={t("model:calculations.type")}
          data={START_TYPES.map((x) => ({ value: x.value, label: t(x.label) }))}
          value={type}
          onChange={(v) => onType((v as StartType | null) ?? "all")}
          allowDeselect={false}
          data-testid="start-type"
        />
        {WITH_STRATEGY.has(type) && (
          <>
            <Text fz="sm" fw={500}>
              {t("model:allocation.strategy")}
            </Text>
            <SegmentedControl
              value={strategy}
              onChange={(v) => onStrategy(v as Strategy)}
              data={[
                { value: "not_allocate", label: t("model:allocation.strategyNotAllocate") },
                { value: "rebalance", label: t("model:allocation.strategyRebalance") },
              ]}
              fullWidth
            />
          </>
        )}
        <Text fz="xs" c="dimmed">
          {t(`allocation:calc.typeHint.${type}`)}
        </Text>
        {canCalculate && (
          <Group>
            <Button
              leftSection={<IconCalculator size={16} aria-hidden />}
              onClick={onRun}
              loading={starting}
              disabled={running}
              data-testid="start-calculation"
            >
              {t("common:actions.calculate")}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function LatestRunDetails({ calc }: { calc: Calculation }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm">
      <Group gap="xl">
        <Field
          label={t("model:calculations.category")}
          value={t(`allocation:calc.category.${calc.category ?? "ALL"}`)}
        />
        <Field label={t("model:calculations.requestedBy")} value={calc.requested_by_user ?? ""} />
        <Field
          label={t("model:calculations.requestedAt")}
          value={formatDateTime(calc.requested_at, i18n.language)}
        />
        <Field
          label={t("model:calculations.finishedAt")}
          value={
            calc.finished_at
              ? formatDateTime(calc.finished_at, i18n.language)
              : t("common:messages.noCalculation")
          }
          testId="finished-at"
        />
      </Group>
      <RunProgress calculation={calc} />
      <DebugPanel calculation={calc.calculation_id} live={isStoppable(calc.calculation_status)} />
    </Stack>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
