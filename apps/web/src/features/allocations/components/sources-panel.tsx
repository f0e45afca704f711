import { Box, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { formatPercent } from "../../../lib/format";
import { useStepSources } from "../api/get-step-sources";
import { SourceStateBadge } from "./source-state-badge";

/** Steps 1 to 3: every source with rules, its total percentage and its state. */
export function SourcesPanel({ step, scenario }: { step: StepNumber; scenario: number }) {
  const { t, i18n } = useTranslation();
  const sources = useStepSources(step, scenario);
  const rows = sources.data ?? [];
  const counts = rows.reduce<Record<string, number>>((acc, s) => {
    const k = s.state ?? "TIME_DRIVEN";
    acc[k] = (acc[k] ?? 0) + 1;
    return acc;
  }, {});
  return (
    <Card data-testid="sources-panel">
      <Title order={2} fz="md" mb={4}>
        {t("allocation:sources.title")}
      </Title>
      <Text fz="xs" c="dimmed" mb="sm">
        {t("allocation:sources.hint")}
      </Text>
      <Group gap={6} mb="sm" wrap="wrap">
        {Object.entries(counts).map(([state, n]) => (
          <Text key={state} fz="xs">
            <SourceStateBadge state={state === "TIME_DRIVEN" ? null : state} /> {n}
          </Text>
        ))}
      </Group>
      {sources.isError ? (
        <Text fz="sm" c="red">
          {t("common:messages.errorSomethingHappen")}
        </Text>
      ) : rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t("common:messages.noResults")}
        </Text>
      ) : (
        // A plain scrolling box: ScrollArea's content is a table that grows to its widest row, which
        // pushed the badges out of the card instead of truncating the names.
        <Box mah={280} style={{ overflowY: "auto", overflowX: "hidden" }}>
          <Stack gap={6}>
            {rows.map((s) => (
              <Group key={s.source} justify="space-between" wrap="nowrap" gap="xs">
                {/* The name gives way (truncated, whole in its title); the percentage and the badge never do. */}
                <Text
                  fz="sm"
                  truncate
                  title={`${s.source_ext_id} · ${s.source_name}`}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  {s.source_ext_id} · {s.source_name}
                </Text>
                <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                  {!s.time_driven && (
                    <Text fz="xs" className="cf-num">
                      {formatPercent(s.total_percentage / 100, i18n.language)}
                    </Text>
                  )}
                  <SourceStateBadge state={s.state} />
                </Group>
              </Group>
            ))}
          </Stack>
        </Box>
      )}
    </Card>
  );
}
