import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconWand } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Strategy } from "../../../lib/api/request-calculation";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useGenerateSecondStep } from "../api/generate-second-step";
import { useAllocationSettings } from "../api/get-allocation-settings";
import { getOptions, type Option } from "../api/get-options";
import { useSaveAllocationSettings } from "../api/save-allocation-settings";
import { isValidPercentage } from "./percentage";
import { RemoteSelect } from "./remote-select";
import { StrategyControl } from "./strategy-control";

/** Step 2: the scenario's strategy and iteration stop condition, and "Generate new second-step allocations". */
export function SecondStepTools({
  model,
  scenario,
  canEdit,
}: {
  model: number;
  scenario: number;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { strategy, setStrategy, stop, setStop, stopError, saveAll, saving } =
    useSecondStepSettings(scenario);
  const [generating, setGenerating] = useState(false);

  return (
    <Card data-testid="second-step-tools">
      <Title order={2} fz="md" mb="sm">
        {t("allocation:second.title")}
      </Title>
      <Stack gap="sm">
        <Text fz="sm" fw={500}>
          {t("model:allocation.strategy")}
        </Text>
        <StrategyControl value={strategy} onChange={setStrategy} disabled={!canEdit} />
        <NumberInput
          label={t("allocation:second.iterationStop")}
          description={t("allocation:second.iterationStopHint")}
          value={stop}
          onChange={setStop}
          suffix=" %"
          decimalScale={4}
          error={stopError}
          disabled={!canEdit}
          data-testid="iteration-stop"
        />
        {canEdit && (
          <Group justify="space-between">
            <Button variant="light" onClick={saveAll} loading={saving} data-testid="save-settings">
              {t("common:actions.save")}
            </Button>
            <Button
              leftSection={<IconWand size={16} aria-hidden />}
              onClick={() => setGenerating(true)}
              data-testid="generate-second"
            >
              {t("allocation:second.generate")}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal
        opened={generating}
        onClose={() => setGenerating(false)}
        title={t("allocation:second.generate")}
        size="lg"
      >
        {generating && <GenerateForm model={model} scenario={scenario} onDone={() => setGenerating(false)} />}
      </Modal>
    </Card>
  );
}

/** The scenario's saved strategy and stop condition, edited here and saved once the stop is a percentage. */
function useSecondStepSettings(scenario: number) {
  const { t } = useTranslation();
  const settings = useAllocationSettings(scenario);
  const saveSettings = useSaveAllocationSettings(scenario);
  const [strategy, setStrategy] = useState<Strategy>("not_allocate");
  const [stop, setStopValue] = useState<number | string>(0);
  const [stopError, setStopError] = useState<string | undefined>();

  useEffect(() => {
    if (!settings.data) return;
    setStrategy(settings.data.strategy);
    setStopValue(settings.data.iteration_stop);
  }, [settings.data]);

  const setStop = (v: number | string) => {
    setStopValue(v);
    setStopError(undefined);
  };
  const saveAll = () => {
    if (stop === "" || !isValidPercentage(Number(stop))) {
      setStopError(t("common:messages.percentageRange"));
      return;
    }
    saveSettings.mutate(
      { strategy, iteration_stop: Number(stop) },
      {
        onSuccess: () => notifySuccess(t("common:messages.savedSuccessfully")),
        onError: () => notifyError(t("common:messages.saveFailed")),
      },
    );
  };
  return { strategy, setStrategy, stop, setStop, stopError, saveAll, saving: saveSettings.isPending };
}

function GenerateForm({ model, scenario, onDone }: { model: number; scenario: number; onDone: () => void }) {
  const { t } = useTranslation();
  const pools = useQuery({
    queryKey: ["allocation", "options", "pools", scenario, "all"],
    queryFn: () => getOptions("pools", { model, scenario }, ""),
  });
  const [destinations, setDestinations] = useState<string[]>([]);
  const [driver, setDriver] = useState<Option | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [driverError, setDriverError] = useState<string | undefined>();
  const generate = useGenerateSecondStep();

  const confirm = () => {
    if (destinations.length === 0) setError(t("common:validation.required"));
    if (!driver) setDriverError(t("common:messages.createDriverFirst"));
    if (destinations.length === 0 || !driver) return;
    modals.openConfirmModal({
      title: t("allocation:second.generate"),
      children: <Text fz="sm">{t("allocation:second.confirm")}</Text>,
      labels: { confirm: t("common:actions.confirm"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red", "data-testid": "confirm-generate" } as Record<string, string>,
      onConfirm: () =>
        generate.mutate(
          { scenario, destinations: destinations.map(Number), driver: Number(driver.value) },
          {
            onSuccess: (r) => {
              notifySuccess(
                t("allocation:second.generated", { created: r.created, deleted: r.deleted }),
                t("common:messages.generatedSuccessfully"),
              );
              onDone();
            },
            onError: () => notifyError(t("common:messages.generationFailed")),
          },
        ),
    });
  };

  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light">
        {t("allocation:second.warning")}
      </Alert>
      <MultiSelect
        label={t("allocation:second.destinations")}
        data={(pools.data ?? []).map((o) => ({ value: o.value, label: o.label }))}
        value={destinations}
        onChange={(v) => {
          setDestinations(v);
          setError(undefined);
        }}
        searchable
        error={error}
        withAsterisk
        data-testid="generate-destinations"
      />
      <RemoteSelect
        source="poolDrivers"
        ctx={{ model, scenario }}
        label={t("allocation:form.poolDriver")}
        value={driver?.value ?? null}
        current={driver}
        onChange={(_, o) => {
          setDriver(o);
          setDriverError(undefined);
        }}
        error={driverError}
        required
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button onClick={confirm} loading={generate.isPending} data-testid="generate-submit">
          {t("allocation:second.generate")}
        </Button>
      </Group>
    </Stack>
  );
}
