// Export a model bundle with one chosen scenario.
import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { getScenarios, SCENARIOS_KEY } from "../../../lib/api/get-scenarios";
import type { CostModel } from "../../../lib/api-types";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { exportModel } from "../api/export-model";

export function ExportModelDialog({ model, onClose }: { model: CostModel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [scenario, setScenario] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scenarios = useQuery({
    queryKey: [...SCENARIOS_KEY, model?.id, "export-options"],
    queryFn: () => getScenarios(model?.id ?? 0, { limit: 100, offset: 0 }),
    enabled: model !== null,
  });
  const options = (scenarios.data?.results ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const close = () => {
    setScenario(null);
    onClose();
  };
  const run = async () => {
    if (!model || !scenario) return;
    setBusy(true);
    try {
      await exportModel(model, Number(scenario));
      notifySuccess(t("data:models.exported"));
      close();
    } catch {
      notifyError(t("common:messages.somethingWentWrong"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={model !== null}
      onClose={close}
      title={t("data:models.exportTitle", { name: model?.name ?? "" })}
    >
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t("data:models.exportText")}
        </Text>
        <Select
          label={t("data:models.exportScenario")}
          data={options}
          value={scenario}
          onChange={setScenario}
          placeholder={
            options.length === 0 && !scenarios.isLoading ? t("data:models.noScenarios") : undefined
          }
          disabled={options.length === 0}
          data-testid="export-scenario"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {t("common:actions.cancel")}
          </Button>
          <Button onClick={run} disabled={!scenario} loading={busy} data-testid="export-submit">
            {t("common:actions.download")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
