import type { Calculation } from "@costflow/contract/calculation";
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconAlertCircle, IconCalculator, IconPlayerStop } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LabelValue } from "../../../components/label-value";
import { RunProgress } from "../../../components/run-progress";
import { CalculationStatusBadge } from "../../../components/status-badge";
import { useConfirmStopCalculation } from "../../../components/stop-calculation-confirm";
import { type LatestCalculation, useLatestCalculation } from "../../../lib/api/get-latest-calculation";
import { type Strategy, useRequestCalculation } from "../../../lib/api/request-calculation";
import { CALCULATION_CATEGORY, type StepNumber } from "../../../lib/api/step-endpoints";
import { isStoppable } from "../../../lib/calculation-status";
import { formatDateTime } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/use-session";
import { StrategyControl } from "./strategy-control";

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
  const { t } = useTranslation();
  const { ability } = useSession();
  const latest = useLatestCalculation(scenario, CALCULATION_CATEGORY[step]);
  const request = useRequestCalculation();
  const canCalculate = ability.can("manage", "Calculation") || ability.can("create", "Calculation");
  const data = latest.data;
  const calc = data?.kind === "found" ? data.calculation : null;
  const status = calc?.calculation_status;
  const stop = useConfirmStopCalculation(calc, onRequested);

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

  return (
    <Card>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          {t("model:allocation.calculation")}
        </Title>
        {calc && <CalculationStatusBadge status={status} />}
      </Group>
      {latest.isLoading ? <Skeleton h={60} /> : <CalculationState data={data} calc={calc} />}
      {step === 2 && <StrategyPicker strategy={strategy} onChange={onStrategyChange} />}
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
              onClick={stop.open}
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

/** The latest calculation of the step: when it was requested and finished, and its progress. */
function CalculationState({ data, calc }: { data: LatestCalculation | undefined; calc: Calculation | null }) {
  const { t, i18n } = useTranslation();
  return (
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
          <LabelValue label={t("model:calculations.requestedAt")}>
            {formatDateTime(calc.requested_at, i18n.language)}
          </LabelValue>
          <LabelValue label={t("model:calculations.finishedAt")}>
            {calc.finished_at
              ? formatDateTime(calc.finished_at, i18n.language)
              : t("common:messages.noCalculation")}
          </LabelValue>
          <RunProgress calculation={calc} />
        </>
      )}
    </Stack>
  );
}

/** Step 2's strategy, before calculating. */
function StrategyPicker({ strategy, onChange }: { strategy: Strategy; onChange: (s: Strategy) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} mb="md">
      <Text fz="sm" fw={500}>
        {t("model:allocation.strategy")}
      </Text>
      <StrategyControl value={strategy} onChange={onChange} />
    </Stack>
  );
}
