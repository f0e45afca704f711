import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { moneyText } from "../../../lib/format";
import { type ChartClick, EChart, useChartLook } from "./echart";
import { escapeHtml } from "./treemap-chart";

interface RecordBar {
  id: number | null;
  name: string;
  value: number;
}

/**
 * Horizontal bars of the records shown in a report table, in the table's order (first on top);
 * losses in red. Value axis mirrored in Arabic, names on the reading side.
 */
export function RecordsBarChart({
  bars,
  currency,
  money = true,
  onOpenRecord,
}: {
  bars: RecordBar[];
  currency: string | null;
  money?: boolean;
  onOpenRecord?: (bar: RecordBar) => void;
}) {
  const { t, i18n } = useTranslation();
  const look = useChartLook();
  const lang = i18n.language;
  const option = useMemo(() => {
    const text = (v: number) =>
      money
        ? moneyText(v, lang, currency)
        : new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(v);
    return {
      grid: { left: look.rtl ? 16 : 8, right: look.rtl ? 8 : 16, top: 8, bottom: 24, containLabel: true },
      tooltip: {
        trigger: "item",
        formatter: (p: { dataIndex: number }) => {
          const b = bars[p.dataIndex];
          return b ? `<b>${escapeHtml(b.name)}</b><br/>${text(b.value)}` : "";
        },
      },
      xAxis: {
        type: "value",
        inverse: look.rtl,
        axisLabel: {
          color: look.text,
          fontFamily: look.font,
          formatter: (v: number) => new Intl.NumberFormat(lang, { notation: "compact" }).format(v),
        },
        splitLine: { lineStyle: { color: look.line } },
      },
      yAxis: {
        type: "category",
        inverse: true,
        position: look.rtl ? "right" : "left",
        data: bars.map((b) => b.name),
        axisLabel: { color: look.text, fontFamily: look.font, width: 120, overflow: "truncate" },
        axisLine: { lineStyle: { color: look.line } },
      },
      series: [
        {
          type: "bar",
          data: bars.map((b) => ({
            value: b.value,
            itemStyle: { color: b.value < 0 ? look.colors.red[6] : look.colors.blue[look.dark ? 5 : 6] },
          })),
          barMaxWidth: 18,
        },
      ],
    };
  }, [bars, look, lang, currency, money]);

  const click = (e: ChartClick) => {
    const b = bars[e.dataIndex];
    if (b && b.id !== null) onOpenRecord?.(b);
  };

  return (
    <EChart
      option={option}
      height={Math.max(240, Math.min(900, bars.length * 22 + 40))}
      testId="records-bar-chart"
      label={t("report:profitability.chart")}
      onClick={click}
    />
  );
}
