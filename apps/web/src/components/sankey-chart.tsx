import { Box, useComputedColorScheme, useMantineTheme } from "@mantine/core";
import { SankeyChart as EchartsSankey } from "echarts/charts";
import { TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Sankey } from "../lib/api/get-sankey";
import { moneyText } from "../lib/format";

echarts.use([EchartsSankey, TooltipComponent, SVGRenderer]);

const LEVEL_COLOR = { account: "blue", pool: "grape", activity: "teal", dimension: "orange" } as const;

/**
 * The money from accounts through pools and activities to dimensions (ECharts Sankey). Money flows
 * in reading order: left to right, and right to left in Arabic.
 */
export function SankeyChart({ data }: { data: Sankey }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme("light");
  const rtl = i18n.dir() === "rtl";

  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current, undefined, { renderer: "svg" });
    const text = scheme === "dark" ? theme.colors.dark[0] : theme.colors.gray[8];
    const label = (n: (typeof data.nodes)[number]) =>
      n.kind === "unallocated"
        ? t("allocation:sankey.unallocated", { level: t(`allocation:sankey.levels.${n.level}`) })
        : n.kind === "other"
          ? t("allocation:sankey.other", { count: n.members })
          : (n.name ?? n.code ?? n.id);
    // ECharts lays a Sankey out left to right only: in RTL the levels are mirrored (reversed depth)
    // and the links drawn from their target, so accounts sit on the right and money flows leftwards.
    const depth = { account: 0, pool: 1, activity: 2, dimension: 3 } as const;
    chart.setOption({
      tooltip: {
        trigger: "item",
        formatter: (p: {
          dataType: string;
          data: { source?: string; target?: string; value: number; name?: string };
        }) => {
          const v = moneyText(p.data.value, i18n.language, data.currency);
          if (p.dataType === "edge") {
            const [from, to] = rtl ? [p.data.target, p.data.source] : [p.data.source, p.data.target];
            const s = data.nodes.find((n) => n.id === from);
            const d = data.nodes.find((n) => n.id === to);
            return `${s ? label(s) : ""} → ${d ? label(d) : ""}<br/><b>${v}</b>`;
          }
          const n = data.nodes.find((x) => x.id === p.data.name);
          return `${n ? label(n) : ""}<br/><b>${v}</b>`;
        },
      },
      series: [
        {
          type: "sankey",
          left: rtl ? 140 : 16,
          right: rtl ? 16 : 140,
          top: 16,
          bottom: 16,
          nodeGap: 10,
          draggable: false,
          emphasis: { focus: "adjacency" },
          data: data.nodes.map((n) => ({
            name: n.id,
            value: n.value,
            depth: rtl ? 3 - depth[n.level] : depth[n.level],
            itemStyle: {
              color: n.kind === "unallocated" ? theme.colors.red[6] : theme.colors[LEVEL_COLOR[n.level]][6],
            },
            label: {
              formatter: () => label(n),
              position: rtl ? "left" : "right",
              color: text,
            },
          })),
          links: rtl
            ? data.links.map((l) => ({ source: l.target, target: l.source, value: l.value }))
            : data.links,
          lineStyle: { color: "gradient", opacity: scheme === "dark" ? 0.45 : 0.3, curveness: 0.5 },
          label: { fontSize: 11, fontFamily: theme.fontFamily },
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener("resize", resize);
    return () => {
      window.removeEventListener("resize", resize);
      chart.dispose();
    };
  }, [data, rtl, scheme, theme, t, i18n.language]);

  return <Box ref={ref} h={560} w="100%" data-testid="sankey-chart" />;
}
