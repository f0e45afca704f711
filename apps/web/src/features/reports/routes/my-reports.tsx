import { Button, Card } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { ExportFilesTable } from "../components/export-files-table";

function MyReports({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t("report:myReports.title")}
        description={t("report:myReports.subtitle")}
        actions={
          <Button component={Link} to="/pdf-report" leftSection={<IconFileTypePdf size={16} aria-hidden />}>
            {t("report:pdf.title")}
          </Button>
        }
      />
      <Card>
        <ExportFilesTable scenario={scenario} emptyDescription={t("report:myReports.empty")} />
      </Card>
    </>
  );
}

export default function MyReportsPage() {
  const ctx = useAppContext();
  return <RequireScenario>{ctx.scenario && <MyReports scenario={ctx.scenario.id} />}</RequireScenario>;
}
