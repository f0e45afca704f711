import { Alert, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ACTIVE, type CalculationRow, statusOf } from "../lib/api/get-latest-calculation";
import { formatPercent } from "../lib/format";

/** Progress bar and message of a moving run; the error of a failed one. */
export function RunProgress({ calculation }: { calculation: CalculationRow }) {
  const { i18n } = useTranslation();
  const status = statusOf(calculation);
  if (status === "ERROR" && calculation.error)
    return (
      <Alert color="red" variant="light" p="xs" data-testid="run-error">
        <Text fz="xs">{calculation.error.message}</Text>
      </Alert>
    );
  if (!ACTIVE.has(status)) return null;
  const value = Math.max(0, Math.min(1, calculation.progress ?? 0));
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
