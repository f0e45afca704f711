import { Box, useComputedColorScheme, useMantineTheme } from "@mantine/core";
import { BarChart, CustomChart, LineChart, TreemapChart } from "echarts/charts";
import {
  GridComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TooltipComponent,
} from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";

echarts.use([
  BarChart,
  CustomChart,
  LineChart,
  TreemapChart,
  GridComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TooltipComponent,
  SVGRenderer,
]);

/** What a chart's option builder needs to be readable in both schemes and mirrored in Arabic. */
export interface ChartLook {
  rtl: boolean;
  dark: boolean;
  /** Text colour of labels and axes for the current scheme. */
  text: string;
  /** Colour of grid lines and axis lines. */
  line: string;
  font: string;
  colors: ReturnType<typeof useMantineTheme>["colors"];
}

export function useChartLook(): ChartLook {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme("light") === "dark";
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === "rtl";
  // One object per scheme and direction, so the charts' options (and instances) are not rebuilt
  // on every render.
  return useMemo(
    () => ({
      rtl,
      dark,
      text: dark ? theme.colors.dark[0] : theme.colors.gray[8],
      line: dark ? theme.colors.dark[4] : theme.colors.gray[3],
      font: theme.fontFamily ?? "sans-serif",
      colors: theme.colors,
    }),
    [rtl, dark, theme],
  );
}

export interface ChartClick {
  dataIndex: number;
  data: unknown;
  treePathInfo?: { name: string; dataIndex: number; value: unknown }[];
}

/**
 * One ECharts instance (SVG renderer, so tests and screenshots see real elements), rebuilt when the
 * option changes, resized with the window and disposed with the component.
 */
export function EChart({
  option,
  height,
  testId,
  label,
  onClick,
  onGridClick,
}: {
  option: echarts.EChartsCoreOption;
  height: number;
  testId: string;
  label: string;
  onClick?: (event: ChartClick) => void;
  /** A click anywhere in the grid, in the first series' data coordinates (a line without symbols). */
  onGridClick?: (point: [number, number]) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === "rtl";
  const click = useRef(onClick);
  click.current = onClick;
  const gridClick = useRef(onGridClick);
  gridClick.current = onGridClick;

  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current, undefined, { renderer: "svg" });
    chart.setOption(option);
    if (rtl) chart.setOption({ tooltip: { extraCssText: "direction: rtl; text-align: right;" } });
    chart.on("click", (e) => click.current?.(e as unknown as ChartClick));
    chart.getZr().on("click", (e) => {
      if (!gridClick.current) return;
      const at = [e.offsetX, e.offsetY];
      if (!chart.containPixel({ gridIndex: 0 }, at)) return;
      const point = chart.convertFromPixel({ seriesIndex: 0 }, at) as number[];
      gridClick.current([point[0] ?? 0, point[1] ?? 0]);
    });
    const resize = () => chart.resize();
    window.addEventListener("resize", resize);
    return () => {
      window.removeEventListener("resize", resize);
      chart.dispose();
    };
  }, [option, rtl]);

  // The charts mirror themselves (inverted axes, labels on the reading side); an inherited RTL
  // direction would also flip the SVG text anchors and push axis labels into the plot. Tooltips
  // are set back to RTL above.
  return (
    <Box
      ref={ref}
      h={height}
      w="100%"
      style={{ direction: "ltr" }}
      data-testid={testId}
      role="img"
      aria-label={label}
    />
  );
}

/**
 * Colour of a margin %: red for losses, green for gains, stronger the further from 0 (±25% and
 * beyond are full strength); grey when there is no margin (no revenue).
 */
export function marginColor(margin: number | null | undefined, look: ChartLook): string {
  if (margin === null || margin === undefined || !Number.isFinite(margin)) return look.colors.gray[5];
  const strength = Math.min(1, Math.abs(margin) / 25);
  const shades = margin < 0 ? look.colors.red : look.colors.teal;
  const index = 3 + Math.round(strength * 5);
  return shades[Math.min(8, index)] ?? look.colors.gray[5];
}
