import type { Calculation } from "@costflow/contract/calculation";
import { Alert, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isActive } from "../lib/calculation-status";
import { formatPercent } from "../lib/format";

/** Progress bar and message of a moving run; the error of a failed one. */
export function RunProgress({ calculation }: { calculation: Calculation }) {
  const { i18n } = useTranslation();
  const status = calculation.calculation_status;
  if (status === "ERROR" && calculation.error)
    return (
      <Alert color="red" variant="light" p="xs" data-testid="run-error">
        <Text fz="xs">{calculation.error.message}</Text>
      </Alert>
    );
  if (!isActive(status)) return null;
  const value = Math.max(0, Math.min(1, calculation.progress));
  return (
    <Stack gap={4} data-testid="run-progress">
      <Progress value={value * 100} animated striped aria-label={formatPercent(value, i18n.language, 0)} />
      <Text fz="xs" c="dimmed">
        {formatPercent(value, i18n.language, 0)}
        {calculation.progress_message ? ` · ${calculation.progress_message}` : ""}
      </Text>
    </Stack>
  );
}
