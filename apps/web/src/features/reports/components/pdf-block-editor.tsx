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
import type { TFunction } from "i18next";
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
  const fields = fieldMakers(block, dimensions, lines, set, t);

  return (
    <Card withBorder padding="sm" data-testid={`pdf-block-${index}`}>
      <BlockHeader type={block.type} index={index} count={count} onMove={onMove} onRemove={onRemove} />
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
          fields.dimensionSelect("dimension", t("report:dimension"))}
        {block.type === "treemap" && (
          <>
            {fields.dimensionSelect("dimension", t("report:dimension"))}
            <Select
              label={t("report:pdf.measure")}
              data={[{ value: "cost", label: t("report:pdf.costMeasure") }, ...lines]}
              value={block.measure ?? "cost"}
              onChange={(v) => set({ measure: v ?? "cost" })}
              allowDeselect={false}
              size="xs"
            />
            {fields.limit(500)}
          </>
        )}
        {block.type === "pnl" && (
          <>
            {fields.dimensionSelect("dimension", t("report:dimension"))}
            {fields.limit(500)}
          </>
        )}
        {block.type === "top_bottom" && <TopBottomFields block={block} fields={fields} set={set} />}
        {block.type === "compare" && (
          <CompareFields block={block} fields={fields} scenarios={scenarios} set={set} />
        )}
      </Stack>
    </Card>
  );
}

type SetBlock = (patch: Record<string, unknown>) => void;
type FieldMakers = ReturnType<typeof fieldMakers>;

/** The inputs several block kinds share: a dimension, a report line and the row limit. */
function fieldMakers(
  block: PdfBlockInput,
  dimensions: Option[],
  lines: Option[],
  set: SetBlock,
  t: TFunction,
) {
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
  return { dimensionSelect, lineSelect, limit };
}

/** The block's number and kind, with the move up, move down and remove buttons. */
function BlockHeader({
  type,
  index,
  count,
  onMove,
  onRemove,
}: {
  type: BlockType;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mb={6} wrap="nowrap">
      <Text fw={600} fz="sm">
        {index + 1}. {t(`report:pdf.blocks.${type}`)}
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
  );
}

/** A top/bottom block: dimension, line, which end and how many. */
function TopBottomFields({
  block,
  fields,
  set,
}: {
  block: Extract<PdfBlockInput, { type: "top_bottom" }>;
  fields: FieldMakers;
  set: SetBlock;
}) {
  const { t } = useTranslation();
  return (
    <>
      {fields.dimensionSelect("dimension", t("report:dimension"))}
      {fields.lineSelect("line", t("report:pdf.line"), true)}
      <SegmentedControl
        size="xs"
        value={block.side ?? "top"}
        onChange={(v) => set({ side: v })}
        data={[
          { value: "top", label: t("report:visualization.top") },
          { value: "bottom", label: t("report:visualization.bottom") },
        ]}
      />
      {fields.limit(500)}
    </>
  );
}

/** A comparison block: its mode, then the second dimension, scenario or line the mode compares. */
function CompareFields({
  block,
  fields,
  scenarios,
  set,
}: {
  block: Extract<PdfBlockInput, { type: "compare" }>;
  fields: FieldMakers;
  scenarios: Option[];
  set: SetBlock;
}) {
  const { t } = useTranslation();
  return (
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
      {fields.dimensionSelect("dimension", t("report:dimension"))}
      {block.mode === "dimensions" && fields.dimensionSelect("dimension2", t("report:pdf.dimension2"))}
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
      {fields.lineSelect("line", t("report:pdf.line"), true)}
      {block.mode === "lines" && fields.lineSelect("line2", t("report:pdf.line2"), false)}
      {fields.limit(500)}
    </>
  );
}
