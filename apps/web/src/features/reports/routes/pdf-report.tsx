import { Button, Card, Grid, Title } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { useReportCalculationState } from "../api/get-report-calculation";
import { useAllReportLines } from "../api/get-report-lines";
import { useReportOptions } from "../api/get-report-options";
import { ExportFilesTable } from "../components/export-files-table";
import { PdfDraftForm, PdfPreview } from "../components/pdf-draft-form";
import { usePdfDraft, usePdfRequests } from "../components/use-pdf-draft";

// The PDF report builder (/pdf-report; docs/pdf.md): a title, a description, an orientation and
// blocks composed by the user, saved as a PDF report (report/pdf-reports/), and the PDF of the
// selected scenario in the interface's language ('Generate PDF'); 'PDF summary' writes the
// scenario's management summary. Both go through the file pipeline and are listed on the page.

function Builder({
  scenario,
  scenarioName,
  model,
}: {
  scenario: number;
  scenarioName: string;
  model: number | null;
}) {
  const { t } = useTranslation();
  const { list, draft, setDraft, open, onSave, saving, onDuplicate, onDelete } = usePdfDraft(scenario);
  const { busy, onGenerate, onSummary } = usePdfRequests(scenario, onSave);
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
          <PdfDraftForm
            reports={list}
            draft={draft}
            setDraft={setDraft}
            onOpen={open}
            options={{
              dimensions,
              lines: lineOptions,
              scenarios: (scenarios.data ?? []).filter((s) => s.value !== String(scenario)),
            }}
            actions={{
              canSave: !!draft.title.trim(),
              canGenerate: !!draft.title.trim() && ready,
              saved: !!draft.id,
              saving: saving && busy === null,
              generating: busy === "pdf",
              onSave,
              onGenerate,
              onDuplicate,
              onDelete,
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <PdfPreview
            draft={draft}
            scenarioName={scenarioName}
            dimensions={dimensions}
            calculation={calc.data}
          />
        </Grid.Col>
      </Grid>
      <PdfFilesCard scenario={scenario} />
    </>
  );
}

/** The scenario's PDF files, written by the file pipeline, with their progress and downloads. */
function PdfFilesCard({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  return (
    <Card mt="lg" data-testid="pdf-files">
      <Title order={2} fz="md" mb="md">
        {t("report:pdf.files")}
      </Title>
      <ExportFilesTable scenario={scenario} emptyDescription={t("report:pdf.filesEmpty")} />
    </Card>
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
