import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatPercent, moneyText } from "../../../lib/format";
import type { TreemapNode } from "../api/report-types";
import { type ChartClick, type ChartLook, EChart, marginColor, useChartLook } from "./echart";

type TreeNode = TreemapNode;

/** Only a record opens a P&L; 'Others (n)' and the unsplit part have no record behind them. */
function isRecordNode(node: TreeNode): boolean {
  return node.kind === "record" && node.id !== null;
}

interface Tile {
  name: string;
  value: number;
  node: TreeNode;
  itemStyle: { color: string };
  children?: Tile[];
}

/**
 * Tiles sized by the measure and coloured by margin %. Clicking a tile that has children drills into
 * them (a breadcrumb leads back); clicking a record without children opens it. ECharts' own
 * drill-down and breadcrumb are off: ours speaks the UI language and keeps the path in React.
 * With `nested`, each tile shows its split across the second dimension inside it.
 */
export function TreemapChart({
  nodes,
  currency,
  nested,
  onOpenRecord,
}: {
  nodes: TreeNode[];
  currency: string | null;
  nested: boolean;
  /** depth 0: a record of the first dimension; 1: of the second. */
  onOpenRecord: (node: TreeNode, depth: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const look = useChartLook();
  const [path, setPath] = useState<TreeNode[]>([]);
  // A new answer (other filters) starts again at the top.
  const [seen, setSeen] = useState(nodes);
  if (seen !== nodes) {
    setSeen(nodes);
    setPath([]);
  }
  const current = path.length ? (path.at(-1)?.children ?? []) : nodes;
  const showNested = nested && path.length === 0;

  const option = useMemo(
    () => treemapOption(current, showNested, look, currency, i18n.language, t),
    [current, showNested, look, currency, i18n.language, t],
  );

  const click = (e: ChartClick) => {
    const tile = e.data as Tile | undefined;
    if (!tile?.node) return;
    // In the nested view a click inside a block drills into that block (its top-level node).
    const top = showNested ? current.find((n) => n.name === e.treePathInfo?.[1]?.name) : tile.node;
    const target = top ?? tile.node;
    if (target.children?.length) setPath([...path, target]);
    else if (isRecordNode(target)) onOpenRecord(target, path.length);
  };

  return (
    <>
      <TreemapPath path={path} onPath={setPath} onOpenRecord={onOpenRecord} />
      <Text fz="xs" c="dimmed" mb={4}>
        {t("report:treemap.hint")}
      </Text>
      <EChart
        option={option}
        height={480}
        testId="treemap-chart"
        label={t("report:catalogue.treemap.title")}
        onClick={click}
      />
    </>
  );
}

/** The drill path back to the top, and opening the record drilled into. */
function TreemapPath({
  path,
  onPath,
  onOpenRecord,
}: {
  path: TreeNode[];
  onPath: (path: TreeNode[]) => void;
  onOpenRecord: (node: TreeNode, depth: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Breadcrumbs mb="xs" separatorMargin={4} data-testid="treemap-breadcrumb">
        <Anchor component="button" fz="sm" onClick={() => onPath([])} disabled={path.length === 0}>
          {t("report:treemap.all")}
        </Anchor>
        {path.map((n, i) => (
          <Anchor
            key={String(n.id ?? n.name)}
            component="button"
            fz="sm"
            onClick={() => onPath(path.slice(0, i + 1))}
          >
            {n.name}
          </Anchor>
        ))}
      </Breadcrumbs>
      {path.length > 0 && isRecordNode(path.at(-1)!) && (
        <Anchor
          component="button"
          fz="xs"
          mb="xs"
          onClick={() => onOpenRecord(path.at(-1)!, path.length - 1)}
        >
          {t("report:drill.open", { name: path.at(-1)!.name })}
        </Anchor>
      )}
    </>
  );
}

/** The ECharts option: the tiles of the current level (nested: with their split inside). */
function treemapOption(
  current: TreeNode[],
  showNested: boolean,
  look: ChartLook,
  currency: string | null,
  lang: string,
  t: TFunction,
) {
  // A part of a split without its own margin takes its record's colour.
  const tile = (n: TreeNode, depth: number, parentMargin: number | null = null): Tile => ({
    name: n.name,
    // ECharts sizes by value and cannot draw negative areas: a loss is drawn by its size.
    value: Math.abs(n.value),
    node: n,
    itemStyle: { color: marginColor(n.margin_percent ?? parentMargin, look) },
    ...(depth === 0 && showNested && n.children?.length
      ? { children: n.children.map((c) => tile(c, 1, n.margin_percent)) }
      : {}),
  });
  return {
    tooltip: {
      formatter: (p: { data?: Tile }) => {
        const n = p.data?.node;
        if (!n) return "";
        const margin = n.margin_percent === null ? "" : formatPercent(n.margin_percent / 100, lang);
        return `<b>${escapeHtml(n.name)}</b><br/>${moneyText(n.value, lang, currency)}${
          margin ? `<br/>${escapeHtml(t("report:margin"))}: ${margin}` : ""
        }`;
      },
    },
    series: [
      {
        type: "treemap",
        roam: false,
        nodeClick: false,
        breadcrumb: { show: false },
        top: 8,
        bottom: 8,
        left: 8,
        right: 8,
        label: { show: true, color: "#fff", fontFamily: look.font, fontSize: 11, overflow: "truncate" },
        upperLabel: showNested
          ? { show: true, height: 20, color: "#fff", fontFamily: look.font, fontSize: 11 }
          : undefined,
        itemStyle: { borderColor: look.dark ? look.colors.dark[7] : "#fff", borderWidth: 1, gapWidth: 1 },
        levels: showNested
          ? [
              { itemStyle: { borderWidth: 0, gapWidth: 2 } },
              { itemStyle: { borderWidth: 2, gapWidth: 1 } },
              { itemStyle: { borderWidth: 1, gapWidth: 1 } },
            ]
          : undefined,
        data: current.map((n) => tile(n, 0)),
      },
    ],
  };
}

/** Tooltips are HTML: names come from user data. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
