import { Card, Grid, NumberInput, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { DEFAULT_REPORT_TOP } from "../../../lib/constants";
import { useSankey } from "../../results/api/get-scenario-report";
import { ReportStatus } from "../../results/components/report-status";
import { SankeyChart } from "../../results/components/sankey-chart";
import { useReportOptions } from "../api/get-report-options";
import { ReportState } from "../components/report-state";

const TYPES = [
  { value: "treemap", label: "report:catalogue.treemap.title" },
  { value: "multi-treemap", label: "report:catalogue.multiTreemap.title" },
  { value: "whale", label: "report:catalogue.whale.title" },
  { value: "waterfall", label: "report:catalogue.waterfall.title" },
  { value: "sankey", label: "allocation:sankey.title" },
];

function Visualization({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [type, setType] = useState(
    TYPES.some((x) => x.value === params.get("type")) ? params.get("type")! : "treemap",
  );
  const [dimension, setDimension] = useState<string | null>(null);
  const [side, setSide] = useState<string>(DEFAULT_REPORT_TOP.side);
  const [limit, setLimit] = useState<number>(DEFAULT_REPORT_TOP.limit);
  const dims = useReportOptions("dimensions", model);

  return (
    <>
      <PageHeader title={t("report:visualization.title")} description={t("report:visualization.subtitle")} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card>
            <Title order={2} fz="md" mb="md">
              {t("report:filters")}
            </Title>
            <Stack gap="sm">
              <Select
                label={t("report:visualization.type")}
                data={TYPES.map((x) => ({ value: x.value, label: t(x.label) }))}
                value={type}
                onChange={(v) => setType(v ?? "treemap")}
                allowDeselect={false}
              />
              {type !== "sankey" && (
                <>
                  <Select
                    label={t("report:dimension")}
                    data={dims.data ?? []}
                    value={dimension}
                    onChange={setDimension}
                    placeholder={
                      (dims.data ?? []).length ? t("report:pickDimension") : t("common:messages.noDimensions")
                    }
                    disabled={(dims.data ?? []).length === 0}
                  />
                  <Text fz="sm" fw={500}>
                    {t("report:visualization.topBottom")}
                  </Text>
                  <SegmentedControl
                    value={side}
                    onChange={setSide}
                    data={[
                      { value: "top", label: t("report:visualization.top") },
                      { value: "bottom", label: t("report:visualization.bottom") },
                    ]}
                  />
                  <NumberInput
                    label={t("report:visualization.limit")}
                    value={limit}
                    onChange={(v) => setLimit(Number(v) || DEFAULT_REPORT_TOP.limit)}
                    min={1}
                    max={500}
                  />
                </>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card mih={360}>
            <Title order={2} fz="md" mb="md">
              {t(TYPES.find((x) => x.value === type)!.label)}
            </Title>
            {type === "sankey" ? (
              <SankeyPanel scenario={scenario} />
            ) : (
              <ReportState scenario={scenario} ready={dimension !== null} />
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}

function SankeyPanel({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  const sankey = useSankey(scenario);
  return (
    <>
      <Text fz="sm" c="dimmed" mb="sm">
        {t("allocation:sankey.hint")}
      </Text>
      <ReportStatus query={sankey}>{(data) => <SankeyChart data={data} />}</ReportStatus>
    </>
  );
}

export default function ReportVisualizationPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && <Visualization model={ctx.model.id} scenario={ctx.scenario.id} />}
    </RequireScenario>
  );
}
