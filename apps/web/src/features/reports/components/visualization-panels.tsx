// The charts of the visualization page (report-visualization.tsx), one panel each: its call and
// its chart, and for the whale curve the key figures above it.
import { Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ReportStatus } from "../../../components/report-status";
import { SankeyChart } from "../../../components/sankey-chart";
import { useSankey } from "../../../lib/api/get-sankey";
import { formatInteger, formatNumber, moneyText } from "../../../lib/format";
import { reportPnlOptions } from "../api/get-report-pnl";
import { useReportProfitability } from "../api/get-report-profitability";
import { useReportTreemap } from "../api/get-report-treemap";
import { useReportWaterfall } from "../api/get-report-waterfall";
import { useReportWhale } from "../api/get-report-whale";
import type { ReportSide, WhaleReport } from "../api/report-types";
import type { OpenRecord } from "./record-drilldown";
import { ReportQueryState } from "./report-query-state";
import { TreemapChart } from "./treemap-chart";
import { WaterfallChart } from "./waterfall-chart";
import { WhaleChart } from "./whale-chart";

export function TreemapPanel({
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

export function WhalePanel({
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

export function WaterfallPanel({
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

export function SankeyPanel({ scenario }: { scenario: number }) {
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
