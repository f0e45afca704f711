import type { PdfBlockInput } from "@costflow/contract/pdf-reports";
import {
  Alert,
  Button,
  Card,
  Grid,
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
import { modals } from "@mantine/modals";
import {
  IconCopy,
  IconDeviceFloppy,
  IconFileTypePdf,
  IconInfoCircle,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { EXPORT_FILES_KEY, requestExportFile } from "../../../lib/api/request-export-file";
import { ApiError } from "../../../lib/api-client";
import { useAppContext } from "../../../lib/app-context";
import { DEFAULT_PDF_ORIENTATION } from "../../../lib/constants";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useDeletePdfReport } from "../api/delete-pdf-report";
import { useDuplicatePdfReport } from "../api/duplicate-pdf-report";
import { type PdfReport, usePdfReports } from "../api/get-pdf-reports";
import { useReportCalculationState } from "../api/get-report-calculation";
import { useAllReportLines } from "../api/get-report-lines";
import { useReportOptions } from "../api/get-report-options";
import { useSavePdfReport } from "../api/save-pdf-report";
import { ExportFilesTable } from "../components/export-files-table";
import { BLOCK_TYPES, type BlockType, newBlock, PdfBlockEditor } from "../components/pdf-block-editor";

// The PDF report builder (/pdf-report; docs/pdf.md): a title, a description, an orientation and
// blocks composed by the user, saved as a PDF report (report/pdf-reports/), and the PDF of the
// selected scenario in the interface's language ('Generate PDF'); 'PDF summary' writes the
// scenario's management summary. Both go through the file pipeline and are listed on the page.

interface Draft {
  id?: number;
  title: string;
  description: string;
  orientation: "portrait" | "landscape";
  blocks: PdfBlockInput[];
}

const EMPTY: Draft = { title: "", description: "", orientation: DEFAULT_PDF_ORIENTATION, blocks: [] };

function draftOf(report: PdfReport): Draft {
  return {
    id: report.id,
    title: report.title,
    description: report.description,
    orientation: report.orientation,
    blocks: report.data.blocks as PdfBlockInput[],
  };
}

function Builder({
  scenario,
  scenarioName,
  model,
}: {
  scenario: number;
  scenarioName: string;
  model: number | null;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const reports = usePdfReports();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const [adding, setAdding] = useState<BlockType>("key_figures");
  const [busy, setBusy] = useState<"pdf" | "summary" | null>(null);
  const save = useSavePdfReport();
  const duplicate = useDuplicatePdfReport();
  const remove = useDeletePdfReport();
  const calc = useReportCalculationState(scenario);
  const dims = useReportOptions("dimensions", model);
  const scenarios = useReportOptions("scenarios", model);
  const lines = useAllReportLines(model);
  const dimensions = dims.data ?? [];
  const lineOptions = (lines.data?.results ?? []).map((l) => ({
    value: l.code,
    label: `${l.code} · ${l.description}`,
  }));
  const ready = calc.data === "finished";

  // A report named in the URL (?report=id, from My reports) opens once it is listed.
  const wanted = Number(params.get("report")) || null;
  const list = reports.data?.results ?? [];
  if (wanted !== null && wanted !== loadedId) {
    const found = list.find((r) => r.id === wanted);
    if (found) {
      setLoadedId(wanted);
      setDraft(draftOf(found));
    }
  }
  const open = (id: string | null) => {
    const found = list.find((r) => String(r.id) === id);
    setDraft(found ? draftOf(found) : EMPTY);
    setLoadedId(found?.id ?? null);
    setParams(found ? { report: String(found.id) } : {}, { replace: true });
  };

  const setBlocks = (blocks: PdfBlockInput[]) => setDraft((d) => ({ ...d, blocks }));
  const failed = (error: unknown) =>
    notifyError(error instanceof ApiError ? error.message : t("common:messages.errorSomethingHappen"));

  const onSave = async () => {
    try {
      const saved = await save.mutateAsync({
        id: draft.id,
        body: {
          title: draft.title,
          description: draft.description,
          orientation: draft.orientation,
          data: { scenario, blocks: draft.blocks },
        },
      });
      setDraft(draftOf(saved));
      setLoadedId(saved.id);
      setParams({ report: String(saved.id) }, { replace: true });
      notifySuccess(t("report:pdf.saved"));
      return saved;
    } catch (error) {
      failed(error);
      return null;
    }
  };
  const onDuplicate = async () => {
    if (!draft.id) return;
    try {
      const copy = await duplicate.mutateAsync(draft.id);
      setDraft(draftOf(copy));
      setLoadedId(copy.id);
      setParams({ report: String(copy.id) }, { replace: true });
      notifySuccess(t("report:pdf.duplicated"));
    } catch (error) {
      failed(error);
    }
  };
  const onDelete = () => {
    if (!draft.id) return;
    const id = draft.id;
    modals.openConfirmModal({
      title: t("report:pdf.delete"),
      children: <Text fz="sm">{t("report:pdf.deleteConfirm", { title: draft.title })}</Text>,
      labels: { confirm: t("report:pdf.delete"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(id);
          open(null);
          notifySuccess(t("report:pdf.deleted"));
        } catch (error) {
          failed(error);
        }
      },
    });
  };
  // Both PDFs are files of the pipeline (docs/exports.md): requested here, written by a worker,
  // listed below with their progress and downloaded from there (and from the downloads list).
  const requestPdf = async (body: { data_type: "PDF_REPORT" | "PDF_SUMMARY"; report?: number }) => {
    await requestExportFile({ scenario, ...body, options: { language: i18n.language } });
    await queryClient.invalidateQueries({ queryKey: EXPORT_FILES_KEY });
    notifySuccess(t("report:pdf.queued"));
  };
  const onGenerate = async () => {
    const saved = await onSave();
    if (!saved) return;
    setBusy("pdf");
    try {
      await requestPdf({ data_type: "PDF_REPORT", report: saved.id });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };
  const onSummary = async () => {
    setBusy("summary");
    try {
      await requestPdf({ data_type: "PDF_SUMMARY" });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader
        title={t("report:pdf.title")}
        description={t("report:pdf.subtitle")}
        actions={
          <Button
            variant="light"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            onClick={onSummary}
            loading={busy === "summary"}
            disabled={!ready}
            title={t("report:pdf.summaryHint")}
          >
            {t("report:pdf.summary")}
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card>
            <Stack gap="sm">
              <Group align="flex-end" grow>
                <Select
                  label={t("report:pdf.open")}
                  placeholder={t("report:pdf.new")}
                  data={list.map((r) => ({ value: String(r.id), label: r.title }))}
                  value={draft.id ? String(draft.id) : null}
                  onChange={open}
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
              <Title order={3} fz="sm">
                {t("report:pdf.blocksLabel")}
              </Title>
              {draft.blocks.length === 0 && (
                <Text fz="sm" c="dimmed">
                  {t("report:pdf.noBlocks")}
                </Text>
              )}
              {draft.blocks.map((block, i) => (
                <PdfBlockEditor
                  // Blocks have no id of their own; position is their identity while editing.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={i}
                  block={block}
                  index={i}
                  count={draft.blocks.length}
                  dimensions={dimensions}
                  lines={lineOptions}
                  scenarios={(scenarios.data ?? []).filter((s) => s.value !== String(scenario))}
                  onChange={(b) => setBlocks(draft.blocks.map((x, k) => (k === i ? b : x)))}
                  onMove={(delta) => {
                    const next = [...draft.blocks];
                    const [moved] = next.splice(i, 1);
                    next.splice(i + delta, 0, moved!);
                    setBlocks(next);
                  }}
                  onRemove={() => setBlocks(draft.blocks.filter((_, k) => k !== i))}
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
                    setBlocks([...draft.blocks, newBlock(adding, Number(dimensions[0]?.value) || null)])
                  }
                >
                  {t("report:pdf.addBlock")}
                </Button>
              </Group>
              <Group>
                <Button
                  leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                  onClick={onSave}
                  loading={save.isPending && busy === null}
                  disabled={!draft.title.trim()}
                >
                  {t("report:pdf.save")}
                </Button>
                <Button
                  leftSection={<IconFileTypePdf size={16} aria-hidden />}
                  onClick={onGenerate}
                  loading={busy === "pdf"}
                  disabled={!draft.title.trim() || !ready}
                >
                  {t("report:pdf.generate")}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconCopy size={16} aria-hidden />}
                  onClick={onDuplicate}
                  disabled={!draft.id}
                >
                  {t("report:pdf.duplicate")}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={onDelete}
                  disabled={!draft.id}
                >
                  {t("report:pdf.delete")}
                </Button>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
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
            {!ready && (
              <Alert mt="md" variant="light" icon={<IconInfoCircle aria-hidden />}>
                {calc.data === "error"
                  ? t("common:messages.errorSomethingHappen")
                  : t("common:messages.noCalculation")}
              </Alert>
            )}
          </Card>
        </Grid.Col>
      </Grid>
      <Card mt="lg" data-testid="pdf-files">
        <Title order={2} fz="md" mb="md">
          {t("report:pdf.files")}
        </Title>
        <ExportFilesTable scenario={scenario} emptyDescription={t("report:pdf.filesEmpty")} />
      </Card>
    </>
  );
}

export default function PdfReportPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.scenario && (
        <Builder scenario={ctx.scenario.id} scenarioName={ctx.scenario.name} model={ctx.model?.id ?? null} />
      )}
    </RequireScenario>
  );
}
