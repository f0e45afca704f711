// The PDF builder's form (title, description, orientation, blocks, the report's actions) and its
// preview, a sketch of the page the PDF starts with.
import type { PdfBlockInput } from "@costflow/contract/pdf-reports";
import {
  Alert,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import {
  IconCopy,
  IconDeviceFloppy,
  IconFileTypePdf,
  IconInfoCircle,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import { type Dispatch, type SetStateAction, useState } from "react";
import { useTranslation } from "react-i18next";
import { BLOCK_TYPES, type BlockType, newBlock, PdfBlockEditor } from "./pdf-block-editor";
import type { Draft } from "./use-pdf-draft";

interface Option {
  value: string;
  label: string;
}

interface BlockOptions {
  dimensions: Option[];
  lines: Option[];
  scenarios: Option[];
}

export function PdfDraftForm({
  reports,
  draft,
  setDraft,
  onOpen,
  options,
  actions,
}: {
  reports: { id: number; title: string }[];
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  onOpen: (id: string | null) => void;
  options: BlockOptions;
  actions: PdfDraftActionsProps;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <Stack gap="sm">
        <Group align="flex-end" grow>
          <Select
            label={t("report:pdf.open")}
            placeholder={t("report:pdf.new")}
            data={reports.map((r) => ({ value: String(r.id), label: r.title }))}
            value={draft.id ? String(draft.id) : null}
            onChange={onOpen}
            clearable
            searchable
          />
        </Group>
        <TextInput
          label={t("report:pdf.reportTitle")}
          value={draft.title}
          onChange={(e) => {
            const title = e.currentTarget.value;
            setDraft((d) => ({ ...d, title }));
          }}
          required
        />
        <Textarea
          label={t("report:pdf.description")}
          value={draft.description}
          onChange={(e) => {
            const description = e.currentTarget.value;
            setDraft((d) => ({ ...d, description }));
          }}
          autosize
          minRows={2}
        />
        <Text fz="sm" fw={500}>
          {t("report:pdf.orientation")}
        </Text>
        <SegmentedControl
          value={draft.orientation}
          onChange={(v) => setDraft((d) => ({ ...d, orientation: v as Draft["orientation"] }))}
          data={[
            { value: "portrait", label: t("report:pdf.portrait") },
            { value: "landscape", label: t("report:pdf.landscape") },
          ]}
        />
        <PdfBlocks
          blocks={draft.blocks}
          setBlocks={(blocks) => setDraft((d) => ({ ...d, blocks }))}
          options={options}
        />
        <PdfDraftActions {...actions} />
      </Stack>
    </Card>
  );
}

function PdfBlocks({
  blocks,
  setBlocks,
  options,
}: {
  blocks: PdfBlockInput[];
  setBlocks: (blocks: PdfBlockInput[]) => void;
  options: BlockOptions;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<BlockType>("key_figures");
  return (
    <>
      <Title order={3} fz="sm">
        {t("report:pdf.blocksLabel")}
      </Title>
      {blocks.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t("report:pdf.noBlocks")}
        </Text>
      )}
      {blocks.map((block, i) => (
        <PdfBlockEditor
          // Blocks have no id of their own; position is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          block={block}
          index={i}
          count={blocks.length}
          dimensions={options.dimensions}
          lines={options.lines}
          scenarios={options.scenarios}
          onChange={(b) => setBlocks(blocks.map((x, k) => (k === i ? b : x)))}
          onMove={(delta) => {
            const next = [...blocks];
            const [moved] = next.splice(i, 1);
            next.splice(i + delta, 0, moved!);
            setBlocks(next);
          }}
          onRemove={() => setBlocks(blocks.filter((_, k) => k !== i))}
        />
      ))}
      <Group align="flex-end">
        <Select
          label={t("report:pdf.addBlock")}
          data={BLOCK_TYPES.map((b) => ({ value: b, label: t(`report:pdf.blocks.${b}`) }))}
          value={adding}
          onChange={(v) => setAdding((v as BlockType) ?? "key_figures")}
          allowDeselect={false}
          data-testid="pdf-add-type"
        />
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            setBlocks([...blocks, newBlock(adding, Number(options.dimensions[0]?.value) || null)])
          }
        >
          {t("report:pdf.addBlock")}
        </Button>
      </Group>
    </>
  );
}

interface PdfDraftActionsProps {
  canSave: boolean;
  canGenerate: boolean;
  saved: boolean;
  saving: boolean;
  generating: boolean;
  onSave: () => void;
  onGenerate: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

function PdfDraftActions(p: PdfDraftActionsProps) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        onClick={p.onSave}
        loading={p.saving}
        disabled={!p.canSave}
      >
        {t("report:pdf.save")}
      </Button>
      <Button
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        onClick={p.onGenerate}
        loading={p.generating}
        disabled={!p.canGenerate}
      >
        {t("report:pdf.generate")}
      </Button>
      <Button
        variant="default"
        leftSection={<IconCopy size={16} aria-hidden />}
        onClick={p.onDuplicate}
        disabled={!p.saved}
      >
        {t("report:pdf.duplicate")}
      </Button>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={p.onDelete}
        disabled={!p.saved}
      >
        {t("report:pdf.delete")}
      </Button>
    </Group>
  );
}

export function PdfPreview({
  draft,
  scenarioName,
  dimensions,
  calculation,
}: {
  draft: Draft;
  scenarioName: string;
  dimensions: Option[];
  calculation: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <Title order={2} fz="md" mb="md">
        {t("report:pdf.preview")}
      </Title>
      <Paper
        withBorder
        p="lg"
        mx="auto"
        w={draft.orientation === "portrait" ? 300 : 420}
        h={draft.orientation === "portrait" ? 420 : 300}
        style={{ overflow: "hidden" }}
        data-testid="pdf-preview"
      >
        <Text fw={700} fz="lg" lineClamp={2}>
          {draft.title || t("report:pdf.untitled")}
        </Text>
        <Text fz="xs" c="dimmed" mb="sm">
          {t("report:pdf.previewScenario", { scenario: scenarioName })}
        </Text>
        <Text fz="xs" lineClamp={3} mb="sm">
          {draft.description}
        </Text>
        <Stack gap={6}>
          {draft.blocks.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional
            <Paper key={i} bg="var(--mantine-color-default-hover)" p={6} shadow="none">
              <Text fz="xs" lineClamp={1}>
                {i + 1}. {t(`report:pdf.blocks.${b.type}`)}
                {"text" in b && b.text ? ` · ${b.text}` : ""}
                {"dimension" in b
                  ? ` · ${dimensions.find((d) => d.value === String(b.dimension))?.label ?? ""}`
                  : ""}
              </Text>
            </Paper>
          ))}
        </Stack>
      </Paper>
      {calculation !== "finished" && (
        <Alert mt="md" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {calculation === "error"
            ? t("common:messages.errorSomethingHappen")
            : t("common:messages.noCalculation")}
        </Alert>
      )}
    </Card>
  );
}
