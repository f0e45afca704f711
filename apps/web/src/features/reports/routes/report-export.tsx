import type { ExportDataType } from "@costflow/contract/export-files";
import { Button, Card, Group, SegmentedControl, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import { IconFileSpreadsheet, IconFileTypePdf, IconTemplate } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { EXPORT_FILES_KEY, requestExportFile } from "../../../lib/api/request-export-file";
import { useAppContext } from "../../../lib/app-context";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { tableErrorText } from "../../../lib/table-error";
import { ExportFilesTable } from "../components/export-files-table";

const OPTIONS = [
  {
    icon: IconFileSpreadsheet,
    title: "report:export.csv.title",
    text: "report:export.csv.text",
    to: "/data-connector-setup",
    action: "report:export.csv.action",
  },
];

/** The BI template's formats: the BI_* data types of export/files/. */
type BiFormat = Extract<ExportDataType, `BI_${string}`>;

/** Requests a file of the pipeline; it appears in the downloads list below. */
function useRequestFile(scenario: number) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataType: BiFormat | "PDF_SUMMARY") =>
      requestExportFile({
        scenario,
        data_type: dataType,
        ...(dataType === "PDF_SUMMARY" ? { options: { language: i18n.language } } : {}),
      }),
    onSuccess: async () => {
      notifySuccess(t("report:export.requested"));
      await queryClient.invalidateQueries({ queryKey: EXPORT_FILES_KEY });
    },
    onError: (error) =>
      notifyError(tableErrorText(error) ?? t("common:messages.pleaseTryAgain"), t("common:messages.error")),
  });
}

/** The management summary of the scenario as a PDF file, or the builder for a PDF of one's own. */
function PdfSummaryCard({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  const request = useRequestFile(scenario);
  return (
    <Card data-testid="pdf-summary">
      <ThemeIcon size={40} variant="light" radius="md" mb="sm">
        <IconFileTypePdf size={22} aria-hidden />
      </ThemeIcon>
      <Text fw={650} mb={4}>
        {t("report:export.pdf.title")}
      </Text>
      <Text fz="sm" c="dimmed" mb="md">
        {t("report:export.pdf.text")}
      </Text>
      <Group justify="space-between">
        <Button
          size="xs"
          onClick={() => request.mutate("PDF_SUMMARY")}
          loading={request.isPending}
          data-testid="request-pdf-summary"
        >
          {t("report:export.pdf.request")}
        </Button>
        <Button component={Link} to="/pdf-report" variant="subtle" size="xs">
          {t("report:export.pdf.builder")}
        </Button>
      </Group>
    </Card>
  );
}

/** The BI template: choose a format, request it; the file appears in the downloads list below. */
function BiTemplateCard({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<BiFormat>("BI_CSV");
  const request = useRequestFile(scenario);
  return (
    <Card data-testid="bi-template">
      <ThemeIcon size={40} variant="light" radius="md" mb="sm">
        <IconTemplate size={22} aria-hidden />
      </ThemeIcon>
      <Text fw={650} mb={4}>
        {t("report:export.bi.title")}
      </Text>
      <Text fz="sm" c="dimmed" mb="sm">
        {t("report:export.readme")}
      </Text>
      <Text fz="xs" fw={600} mb={4} id="bi-format-label">
        {t("report:export.format")}
      </Text>
      <SegmentedControl
        aria-labelledby="bi-format-label"
        fullWidth
        size="xs"
        mb="md"
        value={format}
        onChange={(v) => setFormat(v as BiFormat)}
        data={[
          { value: "BI_CSV", label: t("report:export.formatCsv") },
          { value: "BI_XLSX", label: t("report:export.formatXlsx") },
          { value: "BI_PARQUET", label: t("report:export.formatParquet") },
        ]}
      />
      <Group justify="space-between">
        <Button
          size="xs"
          onClick={() => request.mutate(format)}
          loading={request.isPending}
          data-testid="request-bi"
        >
          {t("report:export.request")}
        </Button>
        <Button component={Link} to="/data-connector-setup" variant="subtle" size="xs">
          {t("report:export.bi.action")}
        </Button>
      </Group>
    </Card>
  );
}

function Export({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("report:export.title")} description={t("report:export.subtitle")} />
      <SimpleGrid cols={{ base: 1, md: 3 }} mb="lg">
        <BiTemplateCard scenario={scenario} />
        <PdfSummaryCard scenario={scenario} />
        {OPTIONS.map((o) => (
          <Card key={o.title}>
            <ThemeIcon size={40} variant="light" radius="md" mb="sm">
              <o.icon size={22} aria-hidden />
            </ThemeIcon>
            <Text fw={650} mb={4}>
              {t(o.title)}
            </Text>
            <Text fz="sm" c="dimmed" mb="md">
              {t(o.text)}
            </Text>
            <Button component={Link} to={o.to} variant="light" size="xs">
              {t(o.action)}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      <Card>
        <Title order={2} fz="md" mb="md">
          {t("report:export.downloads")}
        </Title>
        <ExportFilesTable scenario={scenario} emptyDescription={t("report:export.downloadsEmpty")} />
      </Card>
    </>
  );
}

export default function ReportExportPage() {
  const ctx = useAppContext();
  return <RequireScenario>{ctx.scenario && <Export scenario={ctx.scenario.id} />}</RequireScenario>;
}
