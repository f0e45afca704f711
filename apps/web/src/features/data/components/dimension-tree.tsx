// The dimension hierarchy: parents above their children, indented (inline-start, so RTL mirrors it).

import type { DimensionNode } from "@costflow/contract/dimensions";
import { Badge, Box, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconCornerDownRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatInteger } from "../../../lib/format";

function Node({
  node,
  depth,
  selected,
  onSelect,
}: {
  node: DimensionNode;
  depth: number;
  selected: number | null;
  onSelect: (node: DimensionNode) => void;
}) {
  const { t, i18n } = useTranslation();
  const active = node.id === selected;
  return (
    <>
      <UnstyledButton
        onClick={() => onSelect(node)}
        aria-current={active ? "true" : undefined}
        data-testid={`dimension-node-${node.code}`}
        style={{
          paddingInlineStart: `calc(${depth} * 1.25rem + 0.5rem)`,
          paddingInlineEnd: "0.5rem",
          paddingBlock: "0.4rem",
          borderRadius: "var(--mantine-radius-sm)",
          background: active ? "var(--mantine-primary-color-light)" : undefined,
        }}
      >
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Group gap={6} wrap="nowrap" miw={0}>
            {depth > 0 && (
              <IconCornerDownRight size={14} className="mantine-rotate-rtl" opacity={0.5} aria-hidden />
            )}
            <Box miw={0}>
              <Text fz="sm" fw={active ? 700 : 500}>
                {node.title}
              </Text>
              <Text fz="xs" c="dimmed" dir="ltr" style={{ textAlign: "start" }}>
                {node.code}
              </Text>
            </Box>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Badge variant="light" size="sm" color="gray">
              {t("data:dimensionManager.driverCount", { count: node.drivers.length })}
            </Badge>
            {node.transactions !== null && (
              <Badge variant="light" size="sm">
                {t("data:dimensionManager.recordCount", {
                  count: node.transactions,
                  formatted: formatInteger(node.transactions, i18n.language),
                })}
              </Badge>
            )}
          </Group>
        </Group>
      </UnstyledButton>
      {node.children.map((c) => (
        <Node key={c.id} node={c} depth={depth + 1} selected={selected} onSelect={onSelect} />
      ))}
    </>
  );
}

export function DimensionTree({
  roots,
  selected,
  onSelect,
}: {
  roots: DimensionNode[];
  selected: number | null;
  onSelect: (node: DimensionNode) => void;
}) {
  return (
    <Stack gap={2} data-testid="dimension-tree" role="list">
      {roots.map((r) => (
        <Node key={r.id} node={r} depth={0} selected={selected} onSelect={onSelect} />
      ))}
    </Stack>
  );
}

/** Every node of the forest, parents first. */
export function flattenTree(roots: DimensionNode[]): DimensionNode[] {
  return roots.flatMap((r) => [r, ...flattenTree(r.children)]);
}

/** The ids of a node and all its descendants (not valid parents for it). */
export function subtreeIds(node: DimensionNode): Set<number> {
  return new Set(flattenTree([node]).map((n) => n.id));
}
