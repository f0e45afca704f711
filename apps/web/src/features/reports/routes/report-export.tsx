import { Button, Card, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import { IconFileSpreadsheet, IconFileTypePdf, IconTemplate } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { ExportFilesTable } from "../components/export-files-table";

const OPTIONS = [
  {
    icon: IconTemplate,
    title: "report:export.bi.title",
    text: "report:export.bi.text",
    to: "/data-connector-setup",
    action: "report:export.bi.action",
  },
  {
    icon: IconFileSpreadsheet,
    title: "report:export.csv.title",
    text: "report:export.csv.text",
    to: "/data-connector-setup",
    action: "report:export.csv.action",
  },
  {
    icon: IconFileTypePdf,
    title: "report:export.pdf.title",
    text: "report:export.pdf.text",
    to: "/pdf-report",
    action: "report:export.pdf.action",
  },
];

function Export({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("report:export.title")} description={t("report:export.subtitle")} />
      <SimpleGrid cols={{ base: 1, md: 3 }} mb="lg">
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
