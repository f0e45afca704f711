import { Code, Loader, SegmentedControl, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCalculationLog } from "../api/get-calculation-logs";

/** Spec 4: the debug panel toggles between logs and errors; the error list shows 'Not implemented'. */
export function DebugPanel({ calculation }: { calculation: number | string }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<"logs" | "errors">("logs");
  const log = useCalculationLog(mode === "logs" ? calculation : null);
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={mode}
        onChange={(v) => setMode(v as "logs" | "errors")}
        data={[
          { value: "logs", label: t("model:calculations.logs") },
          { value: "errors", label: t("model:calculations.errors") },
        ]}
        w={260}
      />
      {mode === "errors" ? (
        <Text fz="sm" c="dimmed">
          {t("common:messages.notImplemented")}
        </Text>
      ) : log.isLoading ? (
        <Loader size="sm" />
      ) : log.isError ? (
        <Text fz="sm" c="red">
          {t("common:messages.errorSomethingHappen")}
        </Text>
      ) : (
        <Code block style={{ whiteSpace: "pre-wrap" }} dir="ltr">
          {log.data ?? t("model:calculations.noLog")}
        </Code>
      )}
    </Stack>
  );
}
