import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { moneyText } from "../../../lib/format";
import type { WaterfallStep } from "../api/report-types";
import { EChart, useChartLook } from "./echart";
import { escapeHtml } from "./treemap-chart";

interface RenderApi {
  value: (dim: number) => number;
  coord: (point: [number, number]) => [number, number];
  size: (point: [number, number]) => [number, number];
  style: (extra?: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * The P&L bridge. Each bar spans its line's start and end (a custom series, so bars that cross
 * zero are drawn right); totals (the first line, formula lines, the profit line) are blue bars from
 * zero, rises green and falls red. Mirrored in Arabic.
 */
export function WaterfallChart({ steps, currency }: { steps: WaterfallStep[]; currency: string | null }) {
  const { t, i18n } = useTranslation();
  const look = useChartLook();
  const lang = i18n.language;
  const option = useMemo(() => {
    const colorOf = (s: WaterfallStep) =>
      s.total
        ? look.colors.blue[look.dark ? 5 : 6]
        : s.end >= s.start
          ? look.colors.teal[look.dark ? 5 : 6]
          : look.colors.red[look.dark ? 5 : 6];
    return {
      grid: { left: look.rtl ? 16 : 96, right: look.rtl ? 96 : 16, top: 24, bottom: 64 },
      tooltip: {
        trigger: "item",
        formatter: (p: { dataIndex: number }) => {
          const s = steps[p.dataIndex];
          if (!s) return "";
          return `<b>${escapeHtml(s.code)}</b> · ${escapeHtml(s.description)}<br/>${moneyText(s.value, lang, currency)}<br/>${escapeHtml(
            t("report:waterfall.runningTotal"),
          )}: ${moneyText(s.end, lang, currency)}`;
        },
      },
      xAxis: {
        type: "category",
        inverse: look.rtl,
        data: steps.map((s) => s.code),
        axisLabel: {
          color: look.text,
          fontFamily: look.font,
          interval: 0,
          rotate: steps.length > 8 ? 35 : 0,
        },
        axisLine: { lineStyle: { color: look.line } },
      },
      yAxis: {
        type: "value",
        position: look.rtl ? "right" : "left",
        axisLabel: {
          color: look.text,
          fontFamily: look.font,
          formatter: (v: number) => new Intl.NumberFormat(lang, { notation: "compact" }).format(v),
        },
        splitLine: { lineStyle: { color: look.line } },
      },
      series: [
        {
          type: "custom",
          encode: { x: 0, y: [1, 2] },
          data: steps.map((s, i) => [i, s.start, s.end]),
          renderItem: (_params: unknown, api: RenderApi) => {
            const i = api.value(0);
            const from = api.coord([i, api.value(1)]);
            const to = api.coord([i, api.value(2)]);
            const width = api.size([1, 0])[0] * 0.6;
            const step = steps[i]!;
            return {
              type: "rect",
              shape: {
                x: from[0] - width / 2,
                y: Math.min(from[1], to[1]),
                width,
                // A line of 0 still shows as a hairline.
                height: Math.max(1, Math.abs(from[1] - to[1])),
              },
              style: api.style({ fill: colorOf(step) }),
            };
          },
        },
      ],
    };
  }, [steps, look, lang, currency, t]);

  return (
    <EChart
      option={option}
      height={420}
      testId="waterfall-chart"
      label={t("report:catalogue.waterfall.title")}
    />
  );
}
