import { ActionIcon, Group, Progress, Stack, Text, Tooltip } from "@mantine/core";
import { IconDownload, IconPlayerStop, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ApiTable, type ColumnSpec } from "../../../components/api-table";
import { CalculationStatusBadge } from "../../../components/status-badge";
import { formatInteger } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { tableErrorText } from "../../../lib/table-error";
import { deleteExportFile } from "../api/delete-export-file";
import { downloadExportFile } from "../api/download-export-file";
import { EXPORT_FILES_KEY, type ExportFileRow, getExportFiles } from "../api/get-export-files";
import { stopExportFile } from "../api/stop-export-file";

/** Bytes as B, KB, MB or GB in the reader's language. */
function sizeText(bytes: number | null | undefined, lang: string): string {
  if (bytes === null || bytes === undefined) return "";
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text =
    unit === 0
      ? formatInteger(value, lang)
      : new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(value);
  return `${text} ${units[unit]}`;
}

/** The downloads list: every file of the scenario with requested by, requested at, status, type, size. */
export function ExportFilesTable({
  scenario,
  emptyDescription,
}: {
  scenario: number;
  emptyDescription: string;
}) {
  const { t, i18n } = useTranslation();
  const act = useFileAction();
  return (
    <ApiTable<ExportFileRow>
      queryKey={[...EXPORT_FILES_KEY, scenario]}
      fetcher={(p: PageParams) => getExportFiles(scenario, p)}
      emptyTitle={t("common:messages.noResults")}
      emptyDescription={emptyDescription}
      testId="downloads-table"
      exportable={false}
      refetchInterval={3000}
      getRowId={(r) => String(r.id)}
      columns={fileColumns(t, i18n.language, act)}
    />
  );
}

type FileAction = (work: () => Promise<unknown>, done?: string) => Promise<void>;

/** Runs a download, stop or delete: says so when it is done or failed, then refreshes the list. */
function useFileAction(): FileAction {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: EXPORT_FILES_KEY });
  return async (work, done) => {
    try {
      await work();
      if (done) notifySuccess(done);
    } catch (error) {
      notifyError(tableErrorText(error) ?? t("common:messages.pleaseTryAgain"), t("common:messages.error"));
    }
    await refresh();
  };
}

function fileColumns(t: TFunction, lang: string, act: FileAction): ColumnSpec<ExportFileRow>[] {
  return [
    {
      id: "title",
      header: t("report:export.file"),
      cell: (r) => (
        <Stack gap={0}>
          <Text fz="sm">{r.file_name || r.title}</Text>
          {r.error_message && (
            <Text fz="xs" c="red" data-testid="download-error">
              {r.error_message}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: "kind",
      header: t("report:export.type"),
      sortable: true,
      cell: (r) => t(`report:export.types.${r.kind}`, { defaultValue: r.kind }),
    },
    { id: "requested_by", header: t("report:export.requestedBy") },
    { id: "requested_at", header: t("report:export.requestedAt"), kind: "datetime", sortable: true },
    {
      id: "status",
      header: t("report:export.status"),
      sortable: true,
      cell: (r) => (
        <Stack gap={4} data-status={r.status}>
          <CalculationStatusBadge status={r.status} />
          {r.status === "PROCESSING" && (
            <Progress
              value={Math.round(r.progress * 100)}
              size="sm"
              aria-label={t("report:export.progress", { percent: Math.round(r.progress * 100) })}
            />
          )}
        </Stack>
      ),
    },
    {
      id: "size_bytes",
      header: t("report:export.size"),
      kind: "number",
      sortable: true,
      cell: (r) => (
        <span className="cf-num" dir="ltr">
          {sizeText(r.size_bytes, lang)}
        </span>
      ),
    },
    { id: "actions", header: t("common:table.actions"), cell: (r) => <FileActions row={r} act={act} /> },
  ];
}

/** Download (when the file is ready), stop (while it can be stopped) and delete. */
function FileActions({ row: r, act }: { row: ExportFileRow; act: FileAction }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {r.download_url && (
        <Tooltip label={t("report:export.download")}>
          <ActionIcon
            variant="subtle"
            aria-label={`${t("report:export.download")} ${r.file_name ?? ""}`}
            data-testid="download-file"
            onClick={() => void act(() => downloadExportFile(r))}
          >
            <IconDownload size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {r.can_stop && (
        <Tooltip label={t("report:export.stop")}>
          <ActionIcon
            variant="subtle"
            color="orange"
            aria-label={t("report:export.stop")}
            onClick={() => void act(() => stopExportFile(r.id), t("report:export.stopped"))}
          >
            <IconPlayerStop size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t("report:export.delete")}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`${t("report:export.delete")} ${r.file_name ?? ""}`}
          data-testid="delete-file"
          onClick={() => void act(() => deleteExportFile(r.id), t("report:export.deleted"))}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
