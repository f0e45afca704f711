import { useTranslation } from "react-i18next";
import { ApiTable } from "../../../components/api-table";
import { CalculationStatusBadge } from "../../../components/status-badge";
import type { PageParams } from "../../../lib/paged";
import { EXPORT_FILES_KEY, type ExportFileRow, getExportFiles } from "../api/get-export-files";

export function ExportFilesTable({
  scenario,
  emptyDescription,
}: {
  scenario: number;
  emptyDescription: string;
}) {
  const { t } = useTranslation();
  return (
    <ApiTable<ExportFileRow>
      queryKey={[...EXPORT_FILES_KEY, scenario]}
      fetcher={(p: PageParams) => getExportFiles(scenario, p)}
      emptyTitle={t("common:messages.noResults")}
      emptyDescription={emptyDescription}
      testId="downloads-table"
      columns={[
        {
          id: "title",
          header: t("report:export.file"),
          cell: (r) => r.title || r.file_name || r.kind || "",
        },
        { id: "requested_by", header: t("report:export.requestedBy") },
        { id: "requested_at", header: t("report:export.requestedAt"), kind: "datetime", sortable: true },
        {
          id: "status",
          header: t("report:export.status"),
          cell: (r) => <CalculationStatusBadge status={r.status} />,
        },
      ]}
    />
  );
}
