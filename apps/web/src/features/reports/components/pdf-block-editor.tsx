import type { PdfBlockInput } from "@costflow/contract/pdf-reports";
import {
  ActionIcon,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DEFAULT_REPORT_TOP } from "../../../lib/constants";

// One block of the PDF builder: its kind and the parameters of the report it shows.

interface Option {
  value: string;
  label: string;
}

export const BLOCK_TYPES = [
  "heading",
  "text",
  "key_figures",
  "validation",
  "sankey",
  "whale",
  "waterfall",
  "treemap",
  "pnl",
  "top_bottom",
  "compare",
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** A new block of `type` with the defaults (top/bottom: top, 50). */
export function newBlock(type: BlockType, dimension: number | null): PdfBlockInput {
  const dim = dimension ?? 0;
  switch (type) {
    case "heading":
      return { type, text: "" };
    case "text":
      return { type, text: "" };
    case "key_figures":
    case "validation":
    case "sankey":
      return { type };
    case "whale":
    case "waterfall":
      return { type, dimension: dim };
    case "treemap":
      return { type, dimension: dim, measure: "cost", limit: 20 };
    case "pnl":
      return { type, dimension: dim, limit: 50 };
    case "top_bottom":
      return { type, dimension: dim, side: DEFAULT_REPORT_TOP.side, limit: DEFAULT_REPORT_TOP.limit };
    case "compare":
      return { type, mode: "dimensions", dimension: dim, limit: 50 };
  }
}

interface Props {
  block: PdfBlockInput;
  index: number;
  count: number;
  dimensions: Option[];
  lines: Option[];
  scenarios: Option[];
  onChange: (block: PdfBlockInput) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

export function PdfBlockEditor({
  block,
  index,
  count,
  dimensions,
  lines,
  scenarios,
  onChange,
  onMove,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const set = (patch: Record<string, unknown>) => onChange({ ...block, ...patch } as PdfBlockInput);
  const dimensionSelect = (field: "dimension" | "dimension2", label: string) => (
    <Select
      label={label}
      data={dimensions}
      value={
        "dimension" in block && (block as Record<string, unknown>)[field]
          ? String((block as Record<string, unknown>)[field])
          : null
      }
      onChange={(v) => set({ [field]: v ? Number(v) : undefined })}
      allowDeselect={false}
      size="xs"
    />
  );
  const lineSelect = (field: "line" | "line2", label: string, withDefault: boolean) => (
    <Select
      label={label}
      data={withDefault ? [{ value: "", label: t("report:pdf.profitLine") }, ...lines] : lines}
      value={((block as Record<string, unknown>)[field] as string | undefined) ?? (withDefault ? "" : null)}
      onChange={(v) => set({ [field]: v || undefined })}
      allowDeselect={false}
      size="xs"
    />
  );
  const limit = (max: number) => (
    <NumberInput
      label={t("report:visualization.limit")}
      value={(block as { limit?: number }).limit ?? 50}
      onChange={(v) => set({ limit: Math.min(max, Math.max(1, Number(v) || 1)) })}
      min={1}
      max={max}
      size="xs"
    />
  );

  return (
    <Card withBorder padding="sm" data-testid={`pdf-block-${index}`}>
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fw={600} fz="sm">
          {index + 1}. {t(`report:pdf.blocks.${block.type}`)}
        </Text>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={t("report:pdf.moveUp")}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t("report:pdf.moveDown")}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t("report:pdf.remove")} onClick={onRemove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Stack gap={6}>
        {block.type === "heading" && (
          <TextInput
            label={t("report:pdf.headingText")}
            value={block.text}
            onChange={(e) => set({ text: e.currentTarget.value })}
            size="xs"
          />
        )}
        {block.type === "text" && (
          <Textarea
            label={t("report:pdf.text")}
            value={block.text}
            onChange={(e) => set({ text: e.currentTarget.value })}
            autosize
            minRows={2}
            size="xs"
          />
        )}
        {(block.type === "whale" || block.type === "waterfall") &&
          dimensionSelect("dimension", t("report:dimension"))}
        {block.type === "treemap" && (
          <>
            {dimensionSelect("dimension", t("report:dimension"))}
            <Select
              label={t("report:pdf.measure")}
              data={[{ value: "cost", label: t("report:pdf.costMeasure") }, ...lines]}
              value={block.measure ?? "cost"}
              onChange={(v) => set({ measure: v ?? "cost" })}
              allowDeselect={false}
              size="xs"
            />
            {limit(500)}
          </>
        )}
        {block.type === "pnl" && (
          <>
            {dimensionSelect("dimension", t("report:dimension"))}
            {limit(500)}
          </>
        )}
        {block.type === "top_bottom" && (
          <>
            {dimensionSelect("dimension", t("report:dimension"))}
            {lineSelect("line", t("report:pdf.line"), true)}
            <SegmentedControl
              size="xs"
              value={block.side ?? "top"}
              onChange={(v) => set({ side: v })}
              data={[
                { value: "top", label: t("report:visualization.top") },
                { value: "bottom", label: t("report:visualization.bottom") },
              ]}
            />
            {limit(500)}
          </>
        )}
        {block.type === "compare" && (
          <>
            <Select
              label={t("report:pdf.mode")}
              data={(["scenarios", "dimensions", "lines"] as const).map((m) => ({
                value: m,
                label: t(`report:pdf.modes.${m}`),
              }))}
              value={block.mode}
              onChange={(v) => set({ mode: v ?? "dimensions" })}
              allowDeselect={false}
              size="xs"
            />
            {dimensionSelect("dimension", t("report:dimension"))}
            {block.mode === "dimensions" && dimensionSelect("dimension2", t("report:pdf.dimension2"))}
            {block.mode === "scenarios" && (
              <Select
                label={t("report:pdf.scenario2")}
                data={scenarios}
                value={block.scenario2 ? String(block.scenario2) : null}
                onChange={(v) => set({ scenario2: v ? Number(v) : undefined })}
                allowDeselect={false}
                size="xs"
              />
            )}
            {lineSelect("line", t("report:pdf.line"), true)}
            {block.mode === "lines" && lineSelect("line2", t("report:pdf.line2"), false)}
            {limit(500)}
          </>
        )}
      </Stack>
    </Card>
  );
}
