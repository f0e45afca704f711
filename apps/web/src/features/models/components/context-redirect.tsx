import { Alert, Loader, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { selectModel, selectScenario } from "../../../lib/app-context";
import { saveSettings } from "../../../lib/user-settings";
import { getModel } from "../api/get-model";
import { getScenario } from "../api/get-scenario";

/** Sets the model and scenario of a deep link as the context, then navigates to `target`. */
export function ContextRedirect({
  modelId,
  scenarioId,
  target,
}: {
  modelId: number;
  scenarioId: number;
  target: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const [model, scenario] = await Promise.all([getModel(modelId), getScenario(scenarioId)]);
        if (cancelled) return;
        if (scenario.model !== model.id) throw new Error("scenario of another model");
        selectModel({ id: model.id, name: model.name });
        selectScenario({ id: scenario.id, name: scenario.name });
        saveSettings({ selected_model: model.id, selected_scenario: scenario.id }).catch(() => undefined);
        navigate(target, { replace: true });
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [modelId, scenarioId, target, navigate]);

  if (failed || !Number.isFinite(modelId) || !Number.isFinite(scenarioId)) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden />}
        title={t("model:redirect.failedTitle")}
      >
        <Text fz="sm" mb="xs">
          {t("model:redirect.failedText")}
        </Text>
        <Link to="/model">{t("model:models.title")}</Link>
      </Alert>
    );
  }
  return (
    <Stack align="center" py="xl" gap="sm">
      <Loader />
      <Text c="dimmed">{t("model:redirect.opening")}</Text>
    </Stack>
  );
}

const STEP_PATHS: Record<string, string> = {
  "1": "/model/scenario/first-allocation",
  "2": "/model/scenario/second-allocation",
  "3": "/model/scenario/third-allocation",
  "4": "/model/scenario/fourth-allocation",
  "5": "/model/scenario/fifth-allocation",
  "6": "/model/scenario/sixth-allocation",
};

/** Steps 1–6 open their allocation screen; anything else opens the workflow overview. */
export function stepPath(stepId: string | undefined): string {
  return STEP_PATHS[String(Number(stepId))] ?? "/workflowdashboard";
}
