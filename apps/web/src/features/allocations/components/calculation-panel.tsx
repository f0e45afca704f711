import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconAlertCircle, IconCalculator, IconPlayerStop } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { RunProgress } from "../../../components/run-progress";
import { CalculationStatusBadge } from "../../../components/status-badge";
import { useLatestCalculation } from "../../../lib/api/get-latest-calculation";
import { type Strategy, useRequestCalculation } from "../../../lib/api/request-calculation";
import { CALCULATION_CATEGORY, type StepNumber } from "../../../lib/api/step-endpoints";
import { useStopCalculation } from "../../../lib/api/stop-calculation";
import { isStoppable } from "../../../lib/calculation-status";
import { formatDateTime } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/use-session";

export function CalculationPanel({
  step,
  scenario,
  hasRules,
  strategy,
  onStrategyChange,
  onRequested,
}: {
  step: StepNumber;
  scenario: number;
  hasRules: boolean;
  strategy: Strategy;
  onStrategyChange: (s: Strategy) => void;
  onRequested: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { ability } = useSession();
  const latest = useLatestCalculation(scenario, CALCULATION_CATEGORY[step]);
  const request = useRequestCalculation();
  const stop = useStopCalculation();
  const canCalculate = ability.can("manage", "Calculation") || ability.can("create", "Calculation");
  const data = latest.data;
  const calc = data?.kind === "found" ? data.calculation : null;
  const status = calc?.calculation_status;

  const calculate = () => {
    onRequested();
    request.mutate(
      { step, scenario, strategy },
      {
        onSuccess: () => notifySuccess(t("common:messages.calculateRequested")),
        onError: () => notifyError(t("common:messages.calculationRequestFailed")),
      },
    );
  };

  const cancel = () => {
    if (!calc) return;
    modals.openConfirmModal({
      title: t("model:allocation.cancelTitle"),
      children: (
        <Text fz="sm">
          {t("common:messages.cancelCalculationConfirm", {
            time: formatDateTime(calc.started_at ?? calc.requested_at, i18n.language),
            user: calc.requested_by_user ?? "",
          })}
        </Text>
      ),
      labels: { confirm: t("common:actions.confirm"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () => {
        onRequested();
        stop.mutate(calc.calculation_id ?? calc.id ?? "", {
          onSuccess: () =>
            notifySuccess(t("common:messages.checkStatusShortly"), t("common:messages.stoppedSuccessfully")),
          onError: () => notifyError(t("common:messages.failedToStop")),
        });
      },
    });
  };

  return (
    <Card>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          {t("model:allocation.calculation")}
        </Title>
        {calc && <CalculationStatusBadge status={status} />}
      </Group>
      {latest.isLoading ? (
        <Skeleton h={60} />
      ) : (
        <Stack gap={6} mb="md" data-testid="calculation-state">
          {data?.kind === "error" && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
              {t("common:messages.errorSomethingHappen")}
            </Alert>
          )}
          {data?.kind === "none" && (
            <Text fz="sm" c="dimmed">
              {t("common:messages.noCalculation")}
            </Text>
          )}
          {calc && (
            <>
              <Group justify="space-between">
                <Text fz="sm" c="dimmed">
                  {t("model:calculations.requestedAt")}
                </Text>
                <Text fz="sm">{formatDateTime(calc.requested_at, i18n.language)}</Text>
              </Group>
              <Group justify="space-between">
                <Text fz="sm" c="dimmed">
                  {t("model:calculations.finishedAt")}
                </Text>
                <Text fz="sm">
                  {calc.finished_at
                    ? formatDateTime(calc.finished_at, i18n.language)
                    : t("common:messages.noCalculation")}
                </Text>
              </Group>
              <RunProgress calculation={calc} />
            </>
          )}
        </Stack>
      )}
      {step === 2 && (
        <Stack gap={4} mb="md">
          <Text fz="sm" fw={500}>
            {t("model:allocation.strategy")}
          </Text>
          <SegmentedControl
            value={strategy}
            onChange={(v) => onStrategyChange(v as Strategy)}
            data={[
              { value: "not_allocate", label: t("model:allocation.strategyNotAllocate") },
              { value: "rebalance", label: t("model:allocation.strategyRebalance") },
            ]}
            fullWidth
          />
        </Stack>
      )}
      {canCalculate && (
        <Group gap="xs">
          <Tooltip label={t("model:allocation.needRules")} disabled={hasRules}>
            <Button
              leftSection={<IconCalculator size={16} aria-hidden />}
              onClick={calculate}
              loading={request.isPending}
              disabled={!hasRules || isStoppable(status)}
            >
              {t("common:actions.calculate")}
            </Button>
          </Tooltip>
          {calc && isStoppable(status) && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconPlayerStop size={16} aria-hidden />}
              onClick={cancel}
              loading={stop.isPending}
            >
              {t("model:allocation.stop")}
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}
