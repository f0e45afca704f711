import { Card, Grid, Group, NumberInput, SegmentedControl, Select, Stack, Tabs, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { DEFAULT_REPORT_TOP } from "../../../lib/constants";
import { formatInteger, formatNumber, moneyText } from "../../../lib/format";
import { useAllReportLines } from "../api/get-report-lines";
import { useReportOptions } from "../api/get-report-options";
import { useReportProfitability } from "../api/get-report-profitability";
import { useReportCurrency } from "../api/get-report-scenario";
import type { ProfitabilityReport, ProfitabilityRow, ReportSide } from "../api/report-types";
import { type OpenRecord, useRecordDrilldown } from "../components/record-drilldown";
import { RecordsBarChart } from "../components/records-bar-chart";
import { type RecordsColumn, RecordsTable } from "../components/records-table";
import { FillFilters, ReportQueryState } from "../components/report-query-state";
import { SaveReportButton } from "../components/save-report-button";
import { useReportParams } from "../components/use-report-params";

/** The lines, dimensions and calculated drivers to choose from, and the ones chosen. */
function useSubject(p: ReturnType<typeof useReportParams>, model: number) {
  const lines = useAllReportLines(model);
  const lineList = lines.data?.results ?? [];
  const dims = useReportOptions("dimensions", model);
  const dimOptions = dims.data ?? [];
  const drivers = useReportOptions("calculatedDrivers", model);
  const driverOptions = drivers.data ?? [];
  // By line: the chosen line (the last root line, usually the profit, until one is chosen) over
  // the chosen dimension (the first until one is chosen).
  const defaultLine = [...lineList]
    .filter((l) => l.parent === null)
    .sort((a, b) => a.rank - b.rank)
    .at(-1)?.code;
  return {
    lines: lineList,
    line: p.get("line") ?? defaultLine ?? null,
    dimensions: dimOptions,
    dimension: p.num("dimension") ?? (dimOptions[0] ? Number(dimOptions[0].value) : null),
    drivers: driverOptions,
    // By driver: a calculated driver's values over its own dimension.
    driver: p.get("driver"),
  };
}
type Subject = ReturnType<typeof useSubject>;

function Profitability({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const p = useReportParams();
  const tab = p.get("tab") === "driver" ? "driver" : "line";
  const side: ReportSide = p.get("side") === "bottom" ? "bottom" : DEFAULT_REPORT_TOP.side;
  const limit = p.num("limit") ?? DEFAULT_REPORT_TOP.limit;
  const currency = useReportCurrency(scenario);
  const drill = useRecordDrilldown(scenario, currency);
  const subject = useSubject(p, model);
  const { line, dimension: lineDimension, driver: driverId } = subject;
  const driver = subject.drivers.find((d) => d.value === driverId) ?? null;

  const query =
    tab === "line"
      ? line && lineDimension
        ? { scenario, dimension: lineDimension, line, side, limit }
        : null
      : driver?.dimension
        ? { scenario, dimension: driver.dimension, driver: driver.label, side, limit }
        : null;
  const report = useReportProfitability(query);
  const dimension = query?.dimension ?? null;

  const saved = {
    tab,
    ...(tab === "line" ? { line: line ?? "", dimension: lineDimension ?? "" } : { driver: driverId ?? "" }),
    side,
    limit,
    scenario,
  };

  return (
    <>
      <PageHeader
        title={t("report:profitability.title")}
        description={t("report:profitability.subtitle")}
        actions={
          <SaveReportButton
            type={tab === "line" ? "PROFITABILITY_LINE" : "PROFITABILITY_DRIVER"}
            params={saved}
            defaultTitle={t(
              tab === "line" ? "report:catalogue.byLine.title" : "report:catalogue.byDriver.title",
            )}
            disabled={query === null}
          />
        }
      />
      <Card>
        <Tabs
          value={tab}
          onChange={(v) => p.set({ tab: v === "driver" ? "driver" : null })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="line">{t("report:profitability.byLine")}</Tabs.Tab>
            <Tabs.Tab value="driver">{t("report:profitability.byDriver")}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <ProfitabilityFilters p={p} tab={tab} subject={subject} side={side} limit={limit} />
        {query === null || dimension === null ? (
          <FillFilters />
        ) : (
          <ReportQueryState query={report} height={320}>
            {(data) => (
              <ProfitabilityView
                data={data}
                byDriver={tab === "driver"}
                onOpen={(r) =>
                  r.record !== null &&
                  drill.open({ id: r.record, name: r.name || r.identifier, dimension } satisfies OpenRecord)
                }
              />
            )}
          </ReportQueryState>
        )}
      </Card>
      {drill.drawer}
    </>
  );
}

/** By line: the line and the dimension; by driver: the calculated driver; then top/bottom N. */
function ProfitabilityFilters({
  p,
  tab,
  subject,
  side,
  limit,
}: {
  p: ReturnType<typeof useReportParams>;
  tab: "line" | "driver";
  subject: Subject;
  side: ReportSide;
  limit: number;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <SubjectSelects p={p} tab={tab} subject={subject} />
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          {t("report:visualization.topBottom")}
        </Text>
        <SegmentedControl
          value={side}
          onChange={(v) => p.set({ side: v })}
          data={[
            { value: "top", label: t("report:visualization.top") },
            { value: "bottom", label: t("report:visualization.bottom") },
          ]}
        />
      </Stack>
      <NumberInput
        label={t("report:visualization.limit")}
        value={limit}
        onChange={(v) => p.set({ limit: Number(v) > 0 ? Math.min(1000, Math.floor(Number(v))) : null })}
        min={1}
        max={1000}
        w={160}
      />
    </Group>
  );
}

function SubjectSelects({
  p,
  tab,
  subject: { lines, line, dimensions, dimension, drivers, driver },
}: {
  p: ReturnType<typeof useReportParams>;
  tab: "line" | "driver";
  subject: Subject;
}) {
  const { t } = useTranslation();
  return tab === "line" ? (
    <>
      <Select
        label={t("report:profitability.line")}
        data={lines.map((l) => ({ value: l.code, label: `${l.code} · ${l.description}` }))}
        value={line}
        onChange={(v) => p.set({ line: v })}
        placeholder={lines.length ? t("report:profitability.pickLine") : t("report:profitability.noLines")}
        disabled={lines.length === 0}
        allowDeselect={false}
        w={280}
        data-testid="profitability-line"
      />
      <Select
        label={t("report:dimension")}
        data={dimensions}
        value={dimension === null ? null : String(dimension)}
        onChange={(v) => p.set({ dimension: v })}
        placeholder={dimensions.length ? t("report:pickDimension") : t("common:messages.noDimensions")}
        disabled={dimensions.length === 0}
        allowDeselect={false}
        w={220}
      />
    </>
  ) : (
    <Select
      label={t("report:profitability.driver")}
      data={drivers}
      value={driver}
      onChange={(v) => p.set({ driver: v })}
      placeholder={
        drivers.length ? t("report:profitability.pickDriver") : t("common:messages.createDriverFirst")
      }
      disabled={drivers.length === 0}
      w={280}
      data-testid="profitability-driver"
    />
  );
}

/** Rank, record, (by driver) the driver's value, share, every P&L line and the margin. */
function profitabilityColumns(
  t: TFunction,
  lang: string,
  data: ProfitabilityReport,
  byDriver: boolean,
): RecordsColumn<ProfitabilityRow>[] {
  const money = (v: number | null | undefined) => moneyText(v, lang, data.currency);
  const num = (node: string) => (
    <span className="cf-num" style={{ display: "block" }}>
      {node}
    </span>
  );
  const pct = (v: number | null) => (v === null ? "" : `${formatNumber(v, lang)} %`);
  const chosen = byDriver ? (data.driver ?? "") : (data.line ?? "");
  return [
    {
      id: "rank",
      header: "#",
      value: (r) => r.rank,
      render: (r) => num(formatInteger(r.rank, lang)),
      numeric: true,
    },
    {
      id: "identifier",
      header: t("report:identifier"),
      value: (r) => r.identifier,
      render: (r) => r.identifier,
    },
    { id: "name", header: t("report:name"), value: (r) => r.name, render: (r) => r.name },
    ...(byDriver
      ? [
          {
            id: "value",
            header: chosen,
            value: (r: ProfitabilityRow) => r.value,
            // A calculated driver is a quantity, not money.
            render: (r: ProfitabilityRow) => num(formatNumber(r.value, lang)),
            total: num(formatNumber(data.total, lang)),
            numeric: true,
          },
        ]
      : []),
    {
      id: "share",
      header: t("report:share", { item: chosen }),
      value: (r) => r.share_percent,
      render: (r) => num(pct(r.share_percent)),
      numeric: true,
    },
    ...data.lines.map((l) => ({
      id: `line:${l.code}`,
      header: l.code,
      value: (r: ProfitabilityRow) => r.lines[l.code] ?? null,
      render: (r: ProfitabilityRow) => num(money(r.lines[l.code])),
      total: num(money(l.total)),
      numeric: true,
    })),
    {
      id: "margin",
      header: t("report:marginPercent"),
      value: (r) => r.margin_percent,
      render: (r) => num(pct(r.margin_percent)),
      numeric: true,
    },
  ];
}

function ProfitabilityView({
  data,
  byDriver,
  onOpen,
}: {
  data: ProfitabilityReport;
  byDriver: boolean;
  onOpen: (row: ProfitabilityRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const columns = profitabilityColumns(t, lang, data, byDriver);
  const bars = data.results.map((r) => ({ id: r.record, name: r.name || r.identifier, value: r.value }));

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, xl: 8 }}>
        <Text fz="xs" c="dimmed" mb={4}>
          {t("report:profitability.summary", {
            shown: formatInteger(data.results.length, lang),
            records: formatInteger(data.records, lang),
            dimension: data.dimension_name,
          })}
        </Text>
        <RecordsTable
          rows={data.results}
          columns={columns}
          rowKey={(r) => `${r.record ?? r.identifier}`}
          onOpen={onOpen}
          totalsLabel={t("report:totals")}
          testId="profitability-table"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xl: 4 }}>
        <RecordsBarChart
          bars={bars}
          currency={data.currency}
          money={!byDriver}
          onOpenRecord={(b) => {
            const row = data.results.find((r) => r.record === b.id);
            if (row) onOpen(row);
          }}
        />
      </Grid.Col>
    </Grid>
  );
}

export default function ProfitabilityReportsPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && <Profitability model={ctx.model.id} scenario={ctx.scenario.id} />}
    </RequireScenario>
  );
}
