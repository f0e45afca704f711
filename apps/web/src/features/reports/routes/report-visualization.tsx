import { Card, Grid, NumberInput, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { DEFAULT_REPORT_TOP } from "../../../lib/constants";
import { useAllReportLines } from "../api/get-report-lines";
import { type ReportOption, useReportOptions } from "../api/get-report-options";
import { useReportCurrency } from "../api/get-report-scenario";
import type { ReportSide, SavedReportType } from "../api/report-types";
import { type OpenRecord, useRecordDrilldown } from "../components/record-drilldown";
import { FillFilters } from "../components/report-query-state";
import { SaveReportButton } from "../components/save-report-button";
import { useReportParams } from "../components/use-report-params";
import { SankeyPanel, TreemapPanel, WaterfallPanel, WhalePanel } from "../components/visualization-panels";

const TYPES = [
  { value: "treemap", label: "report:catalogue.treemap.title", saved: "TREEMAP" },
  { value: "multi-treemap", label: "report:catalogue.multiTreemap.title", saved: "MULTI_TREEMAP" },
  { value: "whale", label: "report:catalogue.whale.title", saved: "WHALE" },
  { value: "waterfall", label: "report:catalogue.waterfall.title", saved: "WATERFALL" },
  { value: "sankey", label: "allocation:sankey.title", saved: null },
] as const;

type ChartType = (typeof TYPES)[number]["value"];

type ReportParams = ReturnType<typeof useReportParams>;

/** The chart's settings, read from the URL. */
function readSettings(p: ReportParams, dimOptions: ReportOption[]) {
  // The first dimension until one is chosen: a report shows figures as soon as the page opens.
  return {
    type: (TYPES.find((x) => x.value === p.get("type"))?.value ?? "treemap") as ChartType,
    dimension: p.num("dimension") ?? (dimOptions[0] ? Number(dimOptions[0].value) : null),
    dimension2: p.num("dimension2") ?? (dimOptions[1] ? Number(dimOptions[1].value) : null),
    side: (p.get("side") === "bottom" ? "bottom" : DEFAULT_REPORT_TOP.side) as ReportSide,
    limit: p.num("limit") ?? DEFAULT_REPORT_TOP.limit,
    measure: p.get("measure") ?? "cost",
  };
}
type Settings = ReturnType<typeof readSettings>;

function Visualization({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const p = useReportParams();
  const dims = useReportOptions("dimensions", model);
  const dimOptions = dims.data ?? [];
  const settings = readSettings(p, dimOptions);
  const { type, dimension, dimension2, side, limit, measure } = settings;
  const lines = useAllReportLines(model);
  const currency = useReportCurrency(scenario);
  const drill = useRecordDrilldown(scenario, currency);
  const meta = TYPES.find((x) => x.value === type)!;
  const saved = {
    type,
    ...(dimension ? { dimension } : {}),
    ...(type === "multi-treemap" && dimension2 ? { dimension2 } : {}),
    ...(type.includes("treemap") ? { measure } : {}),
    ...(type === "waterfall" && p.num("record") ? { record: p.num("record")! } : {}),
    side,
    limit,
    scenario,
  };

  return (
    <>
      <PageHeader
        title={t("report:visualization.title")}
        description={t("report:visualization.subtitle")}
        actions={
          meta.saved && (
            <SaveReportButton
              type={meta.saved as SavedReportType}
              params={saved}
              defaultTitle={t(meta.label)}
              disabled={dimension === null}
            />
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <VisualizationFilters
            p={p}
            settings={settings}
            dimOptions={dimOptions}
            lineOptions={(lines.data?.results ?? []).map((l) => ({
              value: l.code,
              label: `${l.code} · ${l.description}`,
            }))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Card mih={360}>
            <Title order={2} fz="md" mb="md">
              {t(meta.label)}
            </Title>
            <ChartPanel
              scenario={scenario}
              settings={settings}
              record={p.num("record")}
              onRecord={(r) => p.set({ record: r })}
              currency={currency}
              open={drill.open}
            />
          </Card>
        </Grid.Col>
      </Grid>
      {drill.drawer}
    </>
  );
}

/** The chart of the chosen type, or a hint to pick a dimension first. */
function ChartPanel({
  scenario,
  settings,
  record,
  onRecord,
  currency,
  open,
}: {
  scenario: number;
  settings: Settings;
  record: number | null;
  onRecord: (record: number | null) => void;
  currency: string | null;
  open: (r: OpenRecord) => void;
}) {
  const { type, dimension, dimension2, side, limit, measure } = settings;
  return type === "sankey" ? (
    <SankeyPanel scenario={scenario} />
  ) : dimension === null ? (
    <FillFilters />
  ) : type === "whale" ? (
    <WhalePanel
      scenario={scenario}
      dimension={dimension}
      side={side}
      limit={limit}
      currency={currency}
      open={open}
    />
  ) : type === "waterfall" ? (
    <WaterfallPanel
      scenario={scenario}
      dimension={dimension}
      side={side}
      limit={limit}
      record={record}
      onRecord={onRecord}
      currency={currency}
    />
  ) : (
    <TreemapPanel
      scenario={scenario}
      dimension={dimension}
      dimension2={type === "multi-treemap" ? dimension2 : null}
      measure={measure}
      limit={limit}
      currency={currency}
      open={open}
    />
  );
}

function VisualizationFilters({
  p,
  settings,
  dimOptions,
  lineOptions,
}: {
  p: ReportParams;
  settings: Settings;
  dimOptions: ReportOption[];
  lineOptions: ReportOption[];
}) {
  const { t } = useTranslation();
  const { type } = settings;
  return (
    <Card>
      <Title order={2} fz="md" mb="md">
        {t("report:filters")}
      </Title>
      <Stack gap="sm">
        <Select
          label={t("report:visualization.type")}
          data={TYPES.map((x) => ({ value: x.value, label: t(x.label) }))}
          value={type}
          onChange={(v) => p.set({ type: v ?? "treemap", record: null })}
          allowDeselect={false}
          data-testid="report-type"
        />
        {type !== "sankey" && (
          <ChartFilters p={p} settings={settings} dimOptions={dimOptions} lineOptions={lineOptions} />
        )}
      </Stack>
    </Card>
  );
}

/** The filters of every chart but the Sankey diagram, which shows the whole allocation. */
function ChartFilters({
  p,
  settings,
  dimOptions,
  lineOptions,
}: {
  p: ReportParams;
  settings: Settings;
  dimOptions: ReportOption[];
  lineOptions: ReportOption[];
}) {
  const { t } = useTranslation();
  const { type, dimension, dimension2, side, limit, measure } = settings;
  return (
    <>
      <Select
        label={t("report:dimension")}
        data={dimOptions}
        value={dimension === null ? null : String(dimension)}
        onChange={(v) => p.set({ dimension: v, record: null })}
        allowDeselect={false}
        placeholder={dimOptions.length ? t("report:pickDimension") : t("common:messages.noDimensions")}
        disabled={dimOptions.length === 0}
      />
      {type === "multi-treemap" && (
        <Select
          label={t("report:treemap.dimension2")}
          data={dimOptions.filter((d) => Number(d.value) !== dimension)}
          value={dimension2 === null ? null : String(dimension2)}
          onChange={(v) => p.set({ dimension2: v })}
          allowDeselect={false}
        />
      )}
      {type.includes("treemap") && (
        <Select
          label={t("report:treemap.measure")}
          data={[{ value: "cost", label: t("report:cost") }, ...lineOptions]}
          value={measure}
          onChange={(v) => p.set({ measure: v })}
          allowDeselect={false}
        />
      )}
      {type !== "multi-treemap" && type !== "treemap" && (
        <>
          <Text fz="sm" fw={500}>
            {t("report:visualization.topBottom")}
          </Text>
          <SegmentedControl
            value={side}
            onChange={(v) => p.set({ side: v, record: null })}
            data={[
              { value: "top", label: t("report:visualization.top") },
              { value: "bottom", label: t("report:visualization.bottom") },
            ]}
          />
        </>
      )}
      <NumberInput
        label={type.includes("treemap") ? t("report:treemap.limit") : t("report:visualization.limit")}
        value={limit}
        onChange={(v) => p.set({ limit: Number(v) > 0 ? Math.min(500, Math.floor(Number(v))) : null })}
        min={1}
        max={500}
      />
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
