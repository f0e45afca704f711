import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format";
import { type ChartLook, EChart, useChartLook } from "./echart";
import { escapeHtml } from "./treemap-chart";

/**
 * Cumulative % of total profit against cumulative % of records, most profitable first (results
 * summary convention). The peak is annotated and the loss tail after it shaded; axes mirror in
 * Arabic (records grow from the right).
 */
export function WhaleChart({
  points,
  peakPercent,
  peakAtPercent,
  pointRecords,
  bandFrom,
  bandTo,
  bandLabel,
  onOpenRecord,
}: {
  /** The records 'Top/Bottom' and 'Number of records' select, as a range of % of records. */
  bandFrom?: number;
  bandTo?: number;
  bandLabel?: string;
  points: [number, number][];
  peakPercent: number | null;
  peakAtPercent: number | null;
  /** For each point, the record it ends at (null for the origin). */
  pointRecords: (string | null)[];
  onOpenRecord?: (record: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const look = useChartLook();
  const lang = i18n.language;
  const option = useMemo(
    () =>
      whaleOption(
        { points, peakPercent, peakAtPercent, pointRecords, bandFrom, bandTo, bandLabel },
        look,
        lang,
        t,
      ),
    [points, peakPercent, peakAtPercent, pointRecords, bandFrom, bandTo, bandLabel, look, lang, t],
  );

  // The nearest point to the click along the records axis.
  const click = ([x]: [number, number]) => {
    let best = -1;
    for (let i = 0; i < points.length; i++)
      if (best < 0 || Math.abs(points[i]![0] - x) < Math.abs(points[best]![0] - x)) best = i;
    const r = best >= 0 ? pointRecords[best] : null;
    if (r) onOpenRecord?.(r);
  };

  return (
    <EChart
      option={option}
      height={420}
      testId="whale-chart"
      label={t("report:catalogue.whale.title")}
      onGridClick={click}
    />
  );
}

interface WhaleData {
  points: [number, number][];
  peakPercent: number | null;
  peakAtPercent: number | null;
  pointRecords: (string | null)[];
  bandFrom?: number | undefined;
  bandTo?: number | undefined;
  bandLabel?: string | undefined;
}

/** The chart's ECharts option: the curve, the peak's pin, the 100 % line and the shaded ranges. */
function whaleOption(data: WhaleData, look: ChartLook, lang: string, t: TFunction) {
  const { points, peakPercent, peakAtPercent, pointRecords } = data;
  const pct = (v: number) => `${formatNumber(v, lang)} %`;
  const axis = {
    axisLabel: { color: look.text, fontFamily: look.font, formatter: (v: number) => `${v} %` },
    axisLine: { lineStyle: { color: look.line } },
    splitLine: { lineStyle: { color: look.line } },
    nameTextStyle: { color: look.text, fontFamily: look.font },
  };
  return {
    grid: { left: look.rtl ? 24 : 64, right: look.rtl ? 64 : 24, top: 32, bottom: 48 },
    tooltip: {
      trigger: "axis",
      formatter: (items: { dataIndex: number; data: [number, number] }[]) => {
        const p = items[0];
        if (!p) return "";
        const r = pointRecords[p.dataIndex];
        return `${r ? `<b>${escapeHtml(r)}</b><br/>` : ""}${escapeHtml(t("report:whale.records"))}: ${pct(
          p.data[0],
        )}<br/>${escapeHtml(t("report:whale.profit"))}: ${pct(p.data[1])}`;
      },
    },
    xAxis: {
      type: "value",
      min: 0,
      max: 100,
      inverse: look.rtl,
      name: t("report:whale.records"),
      nameLocation: "middle",
      nameGap: 28,
      ...axis,
    },
    yAxis: {
      type: "value",
      position: look.rtl ? "right" : "left",
      name: t("report:whale.profit"),
      ...axis,
    },
    series: [
      {
        type: "line",
        data: points,
        showSymbol: false,
        symbolSize: 6,
        lineStyle: { width: 2, color: look.colors.blue[look.dark ? 4 : 7] },
        itemStyle: { color: look.colors.blue[look.dark ? 4 : 7] },
        markPoint:
          peakPercent !== null && peakAtPercent !== null
            ? {
                symbol: "pin",
                symbolSize: 44,
                itemStyle: { color: look.colors.teal[6] },
                label: { color: "#fff", fontSize: 10, formatter: () => `${Math.round(peakPercent)}%` },
                data: [{ name: "peak", coord: [peakAtPercent, peakPercent] }],
              }
            : undefined,
        markLine: {
          silent: true,
          symbol: "none",
          lineStyle: { color: look.text, type: "dashed", opacity: 0.5 },
          label: { show: false },
          data: [{ yAxis: 100 }],
        },
        markArea: { silent: true, label: { fontFamily: look.font }, data: shadedRanges(data, look, t) },
      },
    ],
  };
}

/** The loss tail after the peak (red) and the selected band of records (blue), where they apply. */
function shadedRanges(
  { peakAtPercent, bandFrom, bandTo, bandLabel }: WhaleData,
  look: ChartLook,
  t: TFunction,
) {
  return [
    ...(peakAtPercent !== null && peakAtPercent < 100
      ? [
          [
            {
              name: t("report:whale.lossTail"),
              xAxis: peakAtPercent,
              itemStyle: {
                color: look.colors.red[look.dark ? 9 : 1],
                opacity: look.dark ? 0.35 : 0.6,
              },
              label: {
                color: look.dark ? look.colors.red[3] : look.colors.red[8],
                position: "insideTop",
              },
            },
            { xAxis: 100 },
          ],
        ]
      : []),
    ...(bandFrom !== undefined && bandTo !== undefined && bandTo > bandFrom
      ? [
          [
            {
              name: bandLabel ?? "",
              xAxis: bandFrom,
              itemStyle: {
                color: look.colors.blue[look.dark ? 8 : 1],
                opacity: look.dark ? 0.3 : 0.5,
              },
              label: { color: look.text, position: "insideBottom" },
            },
            { xAxis: bandTo },
          ],
        ]
      : []),
  ];
}
