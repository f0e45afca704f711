import { Card, Grid, MultiSelect, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { useReportOptions } from "../api/get-report-options";
import { ReportState } from "../components/report-state";

/** Comparison reports take exactly two items (spec 5): two dimensions or two scenarios. */
export const COMPARISON_SIZE = 2;

function MultipleDimension({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<"dimensions" | "scenarios">("dimensions");
  const [picked, setPicked] = useState<string[]>([]);
  const options = useReportOptions(mode, model);
  const data = options.data ?? [];
  const ready = picked.length === COMPARISON_SIZE;

  return (
    <>
      <PageHeader
        title={t("report:multiDimension.title")}
        description={t("report:multiDimension.subtitle")}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card>
            <Title order={2} fz="md" mb="md">
              {t("report:filters")}
            </Title>
            <Stack gap="sm">
              <SegmentedControl
                value={mode}
                onChange={(v) => {
                  setMode(v as "dimensions" | "scenarios");
                  setPicked([]);
                }}
                data={[
                  { value: "dimensions", label: t("report:multiDimension.compareDimensions") },
                  { value: "scenarios", label: t("report:multiDimension.compareScenarios") },
                ]}
              />
              <MultiSelect
                label={
                  mode === "dimensions"
                    ? t("report:multiDimension.dimensions")
                    : t("report:multiDimension.scenarios")
                }
                data={data}
                value={picked}
                onChange={setPicked}
                maxValues={COMPARISON_SIZE}
                placeholder={
                  data.length
                    ? t("report:multiDimension.pickTwo")
                    : mode === "dimensions"
                      ? t("common:messages.noDimensions")
                      : t("common:messages.noResults")
                }
                disabled={data.length === 0}
                error={picked.length === 1 ? t("report:multiDimension.exactlyTwo") : undefined}
              />
              <Text fz="xs" c="dimmed">
                {t("report:multiDimension.hint")}
              </Text>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card mih={320}>
            <ReportState scenario={scenario} ready={ready} />
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}

export default function MultipleDimensionPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && <MultipleDimension model={ctx.model.id} scenario={ctx.scenario.id} />}
    </RequireScenario>
  );
}
