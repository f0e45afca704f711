import {
  Card,
  Grid,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";
import { ReportStatus } from "../../../components/report-status";
import { RequireScenario } from "../../../components/require-context";
import { SankeyChart } from "../../../components/sankey-chart";
import { useSankey } from "../../../lib/api/get-sankey";
import { useAppContext } from "../../../lib/app-context";
import { DEFAULT_REPORT_TOP } from "../../../lib/constants";
import { formatInteger, formatNumber, moneyText } from "../../../lib/format";
import { useAllReportLines } from "../api/get-report-lines";
import { useReportOptions } from "../api/get-report-options";
import { reportPnlOptions } from "../api/get-report-pnl";
import { useReportProfitability } from "../api/get-report-profitability";
import { useReportCurrency } from "../api/get-report-scenario";
import { useReportTreemap } from "../api/get-report-treemap";
import { useReportWaterfall } from "../api/get-report-waterfall";
import { useReportWhale } from "../api/get-report-whale";
import type { ReportSide, SavedReportType, WhaleReport } from "../api/report-types";
import { type OpenRecord, useRecordDrilldown } from "../components/record-drilldown";
import { FillFilters, ReportQueryState } from "../components/report-query-state";
import { SaveReportButton } from "../components/save-report-button";
import { TreemapChart } from "../components/treemap-chart";
import { useReportParams } from "../components/use-report-params";
import { WaterfallChart } from "../components/waterfall-chart";
import { WhaleChart } from "../components/whale-chart";

const TYPES = [
  { value: "treemap", label: "report:catalogue.treemap.title", saved: "TREEMAP" },
  { value: "multi-treemap", label: "report:catalogue.multiTreemap.title", saved: "MULTI_TREEMAP" },
  { value: "whale", label: "report:catalogue.whale.title", saved: "WHALE" },
  { value: "waterfall", label: "report:catalogue.waterfall.title", saved: "WATERFALL" },
  { value: "sankey", label: "allocation:sankey.title", saved: null },
] as const;

type ChartType = (typeof TYPES)[number]["value"];

function Visualization({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const p = useReportParams();
  const type: ChartType = TYPES.find((x) => x.value === p.get("type"))?.value ?? "treemap";
  const dims = useReportOptions("dimensions", model);
  const dimOptions = dims.data ?? [];
  // The first dimension until one is chosen: a report shows figures as soon as the page opens.
  const dimension = p.num("dimension") ?? (dimOptions[0] ? Number(dimOptions[0].value) : null);
  const dimension2 = p.num("dimension2") ?? (dimOptions[1] ? Number(dimOptions[1].value) : null);
  const side: ReportSide = p.get("side") === "bottom" ? "bottom" : DEFAULT_REPORT_TOP.side;
  const limit = p.num("limit") ?? DEFAULT_REPORT_TOP.limit;
  const measure = p.get("measure") ?? "cost";
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
                <>
                  <Select
                    label={t("report:dimension")}
                    data={dimOptions}
                    value={dimension === null ? null : String(dimension)}
                    onChange={(v) => p.set({ dimension: v, record: null })}
                    allowDeselect={false}
                    placeholder={
                      dimOptions.length ? t("report:pickDimension") : t("common:messages.noDimensions")
                    }
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
                      data={[
                        { value: "cost", label: t("report:cost") },
                        ...(lines.data?.results ?? []).map((l) => ({
                          value: l.code,
                          label: `${l.code} · ${l.description}`,
                        })),
                      ]}
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
                    label={
                      type.includes("treemap") ? t("report:treemap.limit") : t("report:visualization.limit")
                    }
                    value={limit}
                    onChange={(v) =>
                      p.set({ limit: Number(v) > 0 ? Math.min(500, Math.floor(Number(v))) : null })
                    }
                    min={1}
                    max={500}
                  />
                </>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Card mih={360}>
            <Title order={2} fz="md" mb="md">
              {t(meta.label)}
            </Title>
            {type === "sankey" ? (
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
                open={drill.open}
              />
            ) : type === "waterfall" ? (
              <WaterfallPanel
                scenario={scenario}
                dimension={dimension}
                side={side}
                limit={limit}
                record={p.num("record")}
                onRecord={(r) => p.set({ record: r })}
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
                open={drill.open}
              />
            )}
          </Card>
        </Grid.Col>
      </Grid>
      {drill.drawer}
    </>
  );
}

function TreemapPanel({
  scenario,
  dimension,
  dimension2,
  measure,
  limit,
  currency,
  open,
}: {
  scenario: number;
  dimension: number;
  dimension2: number | null;
  measure: string;
  limit: number;
  currency: string | null;
  open: (r: OpenRecord) => void;
}) {
  const query = useReportTreemap({
    scenario,
    dimension,
    ...(dimension2 ? { dimension2 } : {}),
    measure,
    limit,
  });
  return (
    <ReportQueryState query={query} height={480}>
      {(data) => (
        <TreemapChart
          nodes={data.root.children}
          currency={data.currency ?? currency}
          nested={dimension2 !== null}
          onOpenRecord={(n, depth) =>
            open({ id: n.id!, name: n.name, dimension: depth === 0 ? dimension : (dimension2 ?? dimension) })
          }
        />
      )}
    </ReportQueryState>
  );
}

function WhalePanel({
  scenario,
  dimension,
  side,
  limit,
  currency,
  open,
}: {
  scenario: number;
  dimension: number;
  side: ReportSide;
  limit: number;
  currency: string | null;
  open: (r: OpenRecord) => void;
}) {
  const query = useReportWhale(scenario, dimension);
  const queryClient = useQueryClient();
  // The curve names the record of each point by identifier: find its id through the P&L search.
  const openByIdentifier = async (identifier: string) => {
    const page = await queryClient.fetchQuery(
      reportPnlOptions({ scenario, dimension, limit: 10, offset: 0, search: identifier }),
    );
    const row = page?.results.find((r) => r.identifier === identifier || r.name === identifier);
    if (row?.record) open({ id: row.record, name: row.name || row.identifier, dimension });
  };
  return (
    <ReportQueryState query={query} height={420}>
      {(data) => (
        <WhaleView
          data={data}
          side={side}
          limit={limit}
          currency={currency}
          onOpen={(id) => void openByIdentifier(id)}
        />
      )}
    </ReportQueryState>
  );
}

function WhaleView({
  data,
  side,
  limit,
  currency,
  onOpen,
}: {
  data: WhaleReport;
  side: ReportSide;
  limit: number;
  currency: string | null;
  onOpen: (identifier: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (v: number) => moneyText(v, lang, data.currency ?? currency);
  // 'Top/Bottom' and 'Number of records' mark that share of the records on the curve.
  const share = data.records > 0 ? Math.min(100, (100 * Math.min(limit, data.records)) / data.records) : 0;
  const band: [number, number] = side === "top" ? [0, share] : [100 - share, 100];
  const figures = [
    { label: t("report:whale.totalProfit"), value: money(data.total_profit) },
    {
      label: t("report:whale.peak"),
      value:
        data.peak_percent === null
          ? "—"
          : t("report:whale.peakValue", {
              peak: formatNumber(data.peak_percent, lang),
              at: formatNumber(data.peak_at_percent, lang),
            }),
    },
    { label: t("report:whale.lossRecords"), value: formatInteger(data.loss_records, lang) },
    { label: t("report:whale.lossAmount"), value: money(data.loss_amount) },
    { label: t("report:whale.recordCount"), value: formatInteger(data.records, lang) },
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm" data-testid="whale-figures">
        {figures.map((f) => (
          <div key={f.label}>
            <Text fz="xs" c="dimmed">
              {f.label}
            </Text>
            <Text fw={600} className="cf-num">
              {f.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {data.note ? (
        <Text fz="sm" c="dimmed" data-testid="whale-note">
          {data.note}
        </Text>
      ) : (
        <WhaleChart
          points={data.points}
          peakPercent={data.peak_percent}
          peakAtPercent={data.peak_at_percent}
          pointRecords={data.point_records}
          bandFrom={band[0]}
          bandTo={band[1]}
          bandLabel={t(side === "top" ? "report:whale.topBand" : "report:whale.bottomBand", {
            count: Math.min(limit, data.records),
          })}
          onOpenRecord={onOpen}
        />
      )}
    </Stack>
  );
}

function WaterfallPanel({
  scenario,
  dimension,
  side,
  limit,
  record,
  onRecord,
  currency,
}: {
  scenario: number;
  dimension: number;
  side: ReportSide;
  limit: number;
  record: number | null;
  onRecord: (record: number | null) => void;
  currency: string | null;
}) {
  const { t } = useTranslation();
  const query = useReportWaterfall(scenario, dimension, record);
  // The records to bridge: the top or bottom N by profit.
  const pick = useReportProfitability(
    query.data ? { scenario, dimension, line: query.data.profit_line, side, limit } : null,
  );
  return (
    <Stack gap="sm">
      <Group>
        <Select
          label={t("report:waterfall.record")}
          placeholder={t("report:waterfall.dimensionTotal")}
          data={(pick.data?.results ?? [])
            .filter((r) => r.record !== null)
            .map((r) => ({ value: String(r.record), label: `${r.identifier} · ${r.name}` }))}
          value={record === null ? null : String(record)}
          onChange={(v) => onRecord(v ? Number(v) : null)}
          clearable
          searchable
          w={360}
          data-testid="waterfall-record"
        />
      </Group>
      <ReportQueryState query={query} height={420}>
        {(data) => <WaterfallChart steps={data.steps} currency={data.currency ?? currency} />}
      </ReportQueryState>
    </Stack>
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
