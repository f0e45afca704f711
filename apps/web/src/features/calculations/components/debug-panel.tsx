import { Badge, Loader, ScrollArea, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format";
import { useCalculationLogs } from "../api/get-calculation-logs";

const LEVEL_COLOR = { INFO: "blue", WARNING: "yellow", ERROR: "red" } as const;

/**
 * The debug panel toggles between logs and errors; the error list shows 'Not implemented', so a
 * run's error lines are read in the logs view, each with its level.
 */
export function DebugPanel({ calculation, live = false }: { calculation: number | string; live?: boolean }) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<"logs" | "errors">("logs");
  const logs = useCalculationLogs(mode === "logs" ? calculation : null, live);
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
        data-testid="debug-toggle"
      />
      {mode === "errors" ? (
        <Text fz="sm" c="dimmed" data-testid="debug-errors">
          {t("common:messages.notImplemented")}
        </Text>
      ) : logs.isLoading ? (
        <Loader size="sm" />
      ) : logs.isError ? (
        <Text fz="sm" c="red">
          {t("common:messages.errorSomethingHappen")}
        </Text>
      ) : (logs.data ?? []).length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t("model:calculations.noLog")}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420}>
          <Table fz="xs" verticalSpacing={4} data-testid="debug-logs">
            <Table.Tbody>
              {(logs.data ?? []).map((line, i) => (
                <Table.Tr key={line.id ?? i}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    {formatDateTime(line.at, i18n.language)}
                  </Table.Td>
                  <Table.Td>
                    {line.level && (
                      <Badge size="xs" variant="light" color={LEVEL_COLOR[line.level]}>
                        {t(`allocation:calc.level.${line.level}`)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "pre-wrap" }}>{line.detail}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
